// The handover, where every sale ends. Paid in cash: a buyer orders a book and finds the handover code on their order
// page (on a phone); at the meeting the seller types it into My Products: a wrong code is refused, the right one sells
// the book. Paid by card: the buyer chooses a card in the buy form (on a 360 px phone), pays with 4242 4242 4242 4242
// against localstripe, and the price is only held (the order page says so, in English and in Bangla, with the code);
// the seller's code takes it: the order is completed and the payment recorded. The journeys sign up buyers of their
// own and hand over this run's own copies of demo books, added through the database: they are skipped without
// E2E_DATABASE_URL or without the Auth emulator's sign-ins, and the card journey without card payments.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { OrderDto } from '../../../bindings/OrderDto';
import type { PaymentResultDto } from '../../../bindings/PaymentResultDto';
import type { PublicConfigDto } from '../../../bindings/PublicConfigDto';
import { buying } from '../src/lib/i18n/texts/buying-bn';
import { DEMO, expectPathSoon, logIn, signUp, uniqueEmail } from './accounts';
import { audit, Audit, AUDIT_TIMEOUT_MS } from './axe';
import { DESKTOP, MOBILE, screenshot, useBrowser, withPage } from './browser';
import { typeCard } from './cards';
import { api, fixtures, taka, url } from './env';
import { psql } from './global-setup';
import { expectNoSideScrolling, h1, main, picturesLoaded, toast, visible } from './page-checks';
import { placeOrder } from './ordering';
import { addBookFor, stamp } from './shop-data';

/** A small phone. */
const PHONE = { width: 360, height: 780 } as const;

const browser = useBrowser();

let config: PublicConfigDto | undefined;
beforeAll(async () => {
  config = (await (await fetch(url('/api/config'))).json()) as PublicConfigDto;
});

function skipUnlessReady(ctx: { skip: () => void }): void {
  if (config?.auth.mode !== 'emulator' || !fixtures().databaseURL) ctx.skip();
}

/** The card journey pays against localstripe too. */
function skipUnlessCards(ctx: { skip: () => void }): void {
  skipUnlessReady(ctx);
  if (config?.payments.provider !== 'stripe') ctx.skip();
}

/** The six digits of the handover code on the buyer's order page, whatever digits the page writes them in. */
async function handoverCode(page: Page, region: string): Promise<string> {
  const shown = await page.getByRole('region', { name: region }).getByTestId('handover-code').innerText();
  return shown.replace(/\s/g, '').replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
}

/** The payments recorded for an order: how many, and the amount of the first. */
function recordedPayments(orderId: string): { count: number; amount: number | null } {
  const [row] = psql(fixtures().databaseURL, `SELECT count(*) || ' ' || coalesce(min(amount)::text, '-') FROM payments WHERE order_id = '${orderId}'`);
  const [count = '0', amount = '-'] = (row ?? '').split(' ');
  return { count: Number(count), amount: amount === '-' ? null : Number(amount) };
}

function stored(orderId: string): { status: string; method: string; book: string } {
  const [row] = psql(
    fixtures().databaseURL,
    `SELECT o.status || ' ' || o.payment_method || ' ' || b.status FROM orders o JOIN books b ON b.id = o.book_id WHERE o.id = '${orderId}'`,
  );
  const [status = '', method = '', book = ''] = (row ?? '').split(' ');
  return { status, method, book };
}

describe('The handover', () => {
  test("the buyer's code, read out at the meeting and typed in by the seller, sells the book (paid in cash)", async (ctx) => {
    skipUnlessReady(ctx);
    const title = `E2E Kapalkundala ${stamp()}`;
    // The newest of the seller's books, so that it is on the first page of My Products.
    const bookId = addBookFor(DEMO.nusrat, title, { newest: true });
    let order: OrderDto | undefined;
    let code = '';
    const results = new Audit();

    await withPage(browser(), { viewport: MOBILE }, async ({ page }) => {
      await signUp(page, { name: 'Handover Buyer', email: uniqueEmail('handover'), password: 'handover-password-1', seller: false });
      order = await placeOrder(page, bookId, { location: 'Nilkhet, Dhaka', paymentMethod: 'cash' });
      await page.goto(`/dashboard/payment/${order.id}`, { waitUntil: 'networkidle' });
      await h1(page, 'Payment');
      // Until when the book is reserved, and what happens then.
      const state = main(page).getByRole('region', { name: 'Reserved for you' });
      await visible(state.getByText(/^Meet the seller by .+ If the book is not handed over by then, the order expires/), 'the deadline of a cash order');
      await visible(main(page).getByRole('region', { name: 'How you pay' }).getByText('Cash at the meet-up', { exact: true }), 'paid in cash');
      const section = page.getByRole('region', { name: 'Your handover code' });
      await visible(section, 'the handover code on the order page');
      code = (await section.getByTestId('handover-code').innerText()).replace(/\s/g, '');
      expect(code, 'six digits').toMatch(/^\d{6}$/);
      await expectNoSideScrolling(page, 'the order page with its handover code');
      await audit(page, results, 'the order page with its handover code');
      await screenshot(page, 'handover-code-mobile');
      await page.setViewportSize(DESKTOP);
      await expectNoSideScrolling(page, 'the order page at 1280 px');
      await screenshot(page, 'handover-code-desktop');
      // Never in a list.
      await page.goto('/dashboard/myOrders', { waitUntil: 'networkidle' });
      await h1(page, 'My Orders');
      expect(await page.getByText(code.slice(0, 3) + ' ' + code.slice(3)).count(), 'the code is not in My Orders').toBe(0);
    });
    if (!order) throw new Error('no order');
    const orderId = order.id;

    await withPage(browser(), {}, async ({ page }) => {
      await logIn(page, DEMO.nusrat);
      await page.goto('/dashboard/myProducts', { waitUntil: 'networkidle' });
      await h1(page, 'My Products');
      const form = page.getByRole('table', { name: 'Your books' }).getByRole('form', { name: `Confirm the handover of ${title}` });
      await visible(form, 'the handover form under the buyer');
      const field = form.getByLabel("Buyer's handover code");
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      await field.fill(wrong);
      await form.getByRole('button', { name: 'Confirm handover' }).click();
      await visible(form.getByRole('alert').getByText(/not this order's handover code/), 'the wrong code refused');
      expect(stored(orderId), 'a wrong code sells nothing').toEqual({ status: 'pending', method: 'cash', book: 'pending' });
      await audit(page, results, 'My Products with a refused handover code');

      // On a phone the listing is a card, with the same form.
      await page.setViewportSize(PHONE);
      const card = page.getByRole('list', { name: 'Your books' }).getByRole('form', { name: `Confirm the handover of ${title}` });
      await visible(card, 'the handover form on the phone card');
      await expectNoSideScrolling(page, 'My Products at 360 px with the handover form');
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'handover-form-360', { fullPage: false });
      await page.setViewportSize(DESKTOP);
      await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
      await form.getByRole('button', { name: 'Confirm handover' }).click();
      await visible(toast(page, `${title} is handed over and sold.`), 'the handover toast');
      await expect.poll(() => stored(orderId)).toEqual({ status: 'completed', method: 'cash', book: 'sold' });
      await screenshot(page, 'handover-done');
    });
    results.verdict('the handover');
  }, AUDIT_TIMEOUT_MS + 90_000);

  test("paid by card: chosen in the buy form, 4242 holds the price until the handover, and the seller's code takes it", async (ctx) => {
    skipUnlessCards(ctx);
    const title = `E2E Chokher Bali ${stamp()}`;
    const bookId = addBookFor(DEMO.nusrat, title, { newest: true });
    const book = await api.book(bookId);
    let orderId = '';
    let code = '';
    const results = new Audit();

    await withPage(browser(), { viewport: PHONE }, async ({ page, visit }) => {
      await signUp(page, { name: 'Card Handover Buyer', email: uniqueEmail('card-handover'), password: 'handover-password-1', seller: false });
      await visit(`/books/${bookId}`);
      await h1(page, title);
      const buyNow = main(page).getByRole('button', { name: 'Buy Now', exact: true });
      await expect.poll(() => buyNow.isEnabled(), { message: 'Buy Now is enabled once sign-in has settled' }).toBe(true);
      await buyNow.click();
      const dialog = page.getByRole('dialog', { name: 'Buy this book' });
      await visible(dialog, 'the buy form');
      await dialog.getByLabel('Phone', { exact: true }).fill('01712-345678');
      await dialog.getByLabel('Location', { exact: true }).fill('Nilkhet, Dhaka');

      // Two ways to pay, cash first and chosen until the buyer picks the card.
      const choice = dialog.getByRole('group', { name: 'How will you pay?' });
      const cash = choice.getByRole('radio', { name: 'Cash at the meet-up', exact: true });
      const card = choice.getByRole('radio', { name: 'Card, held until you have the book', exact: true });
      expect(await cash.isChecked(), 'cash unless the buyer chooses otherwise').toBe(true);
      await card.check();
      expect(await card.isChecked(), 'the card chosen').toBe(true);
      await expectNoSideScrolling(page, 'the buy form with the choice of payment at 360 px');
      await audit(page, results, 'the buy form with the choice of payment (360 px)');
      await choice.scrollIntoViewIfNeeded();
      await screenshot(page, 'buy-modal-choice-360', { fullPage: false });

      const ordered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: /^Place order/ }).click();
      const answer = await ordered;
      expect(answer.status(), `POST /api/orders answered ${answer.status()}: ${await answer.text()}`).toBe(201);
      expect(answer.request().postDataJSON()).toEqual({ bookId, phone: '01712-345678', location: 'Nilkhet, Dhaka', paymentMethod: 'card' });
      const order = (await answer.json()) as OrderDto;
      expect(order).toMatchObject({ status: 'pending', paymentMethod: 'card', payableByCard: true });
      orderId = order.id;

      // Straight to the order's page, with the card form.
      await expectPathSoon(page, `/dashboard/payment/${orderId}`);
      await h1(page, 'Payment');
      const form = page.getByRole('form', { name: 'Pay by card' });
      await visible(form.getByPlaceholder('number', { exact: true }), "the stand-in's card number field");
      await typeCard(form, '4242424242424242');
      const charged = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/orders/${orderId}/payment` && r.request().method() === 'POST');
      await form.getByRole('button', { name: `Pay ${taka(book.resalePrice)}`, exact: true }).click();
      const paid = await charged;
      expect(paid.status(), `the payment answered ${paid.status()}: ${await paid.text()}`).toBe(200);
      expect(((await paid.json()) as PaymentResultDto).status).toBe('succeeded');
      await visible(toast(page, 'Congratulations !! payment successful'), 'the payment toast', 20_000);
      await visible(form.getByText('Paid', { exact: true }).first(), 'the Paid label');
      await visible(form.getByText(/^Held until the handover/), 'held until the handover, in the success panel');

      // Only held: the order page says so, with the deadline and the code; nothing is taken, the book stays reserved.
      const held = main(page).getByRole('region', { name: 'Paid, held until handover' });
      await visible(held, 'the held state');
      await visible(held.getByText(/the hold on your card is released and nothing is charged/), 'what happens at the deadline');
      code = await handoverCode(page, 'Your handover code');
      expect(code, 'six digits').toMatch(/^\d{6}$/);
      expect(stored(orderId), 'the price held, not taken').toEqual({ status: 'held', method: 'card', book: 'pending' });
      expect(recordedPayments(orderId).count, 'no payment recorded before the handover').toBe(0);

      // As the buyer finds it later: the order page of a held order, on a phone.
      await page.reload({ waitUntil: 'networkidle' });
      await visible(held, 'the held state after a reload');
      expect(await page.getByRole('form', { name: 'Pay by card' }).count(), 'nothing left to pay').toBe(0);
      await expectNoSideScrolling(page, 'the held order page at 360 px');
      await audit(page, results, 'the order page of a held order (360 px)');
      await picturesLoaded(page).catch(() => undefined);
      await screenshot(page, 'handover-held-360');

      // In Bangla, with the code in Bengali digits.
      await page.getByRole('banner').getByRole('button', { name: 'বাংলা', exact: true }).click();
      const heldBn = main(page).getByRole('region', { name: buying.orderState.heldTitle });
      await visible(heldBn, 'the held state in Bangla');
      // All Bangla but the provider's transaction id, kept as the provider wrote it (the buyer quotes it to the bank).
      const transactionId = await heldBn.getByTestId('transaction-id').innerText();
      expect((await heldBn.innerText()).replace(transactionId, ''), 'the held state in Bangla has no English').not.toMatch(/[A-Za-z]{2,}/);
      expect(await handoverCode(page, buying.handover.title), 'the same code in Bengali digits').toBe(code);
      await expectNoSideScrolling(page, 'the held order page in Bangla at 360 px');
      await audit(page, results, 'the order page of a held order in Bangla (360 px)');
      await screenshot(page, 'handover-held-bn-360');
      await page.setViewportSize(DESKTOP);
      await expectNoSideScrolling(page, 'the held order page in Bangla at 1280 px');
      await screenshot(page, 'handover-held-bn-1280');
    });

    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await logIn(page, DEMO.nusrat);
      await page.goto('/dashboard/myProducts', { waitUntil: 'networkidle' });
      await h1(page, 'My Products');
      const row = page.getByRole('table', { name: 'Your books' }).getByRole('row').filter({ hasText: title });
      await visible(row.getByText('Paid, awaiting handover', { exact: true }), 'the held state in My Products');
      await visible(row.getByTestId('buyer-payment').getByText('Card, price held: take no cash', { exact: true }), 'no cash to take');
      await visible(row.getByTestId('buyer-deadline').getByText(/^Hand over by /), 'the handover deadline');
      const form = row.getByRole('form', { name: `Confirm the handover of ${title}` });
      await audit(page, results, 'My Products with an order held by a card');
      await screenshot(page, 'handover-held-seller');
      await form.getByLabel("Buyer's handover code").fill(`${code.slice(0, 3)} ${code.slice(3)}`);
      const handedOver = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/orders/${orderId}/handover`);
      await form.getByRole('button', { name: 'Confirm handover' }).click();
      const answer = await handedOver;
      expect(answer.status(), `the handover answered ${answer.status()}: ${await answer.text()}`).toBe(200);
      await visible(toast(page, `${title} is handed over and sold.`), 'the handover toast');
      // The code took the held price: completed, paid by card, the book sold, the payment recorded once at its price.
      await expect.poll(() => stored(orderId)).toEqual({ status: 'completed', method: 'card', book: 'sold' });
      expect(recordedPayments(orderId)).toEqual({ count: 1, amount: book.resalePrice });
      await visible(row.getByText('Sold', { exact: true }), 'Sold in My Products');
    });
    results.verdict('the handover of a card payment');
  }, AUDIT_TIMEOUT_MS + 120_000);
});
