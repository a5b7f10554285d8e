// Card payment journeys against localstripe (the local Stripe the global setup starts, with its Stripe.js stand-in):
// ordering with a card chosen in the buy form and paying with 4242 4242 4242 4242, a declined card and then a good
// one, 3-D Secure completed and failed in the stand-in's own box, paying for a wish-list book (reserving it on the
// way), and a book under the card minimum (paid in cash). A card that goes through only holds the price: the order is
// `held` and its book stays reserved until the handover (handover.e2e.ts takes the money). Every journey signs up a buyer of its own (so no one's pending-order limit is reached) and pays for
// this run's own copies of demo books, added through the database: the journeys are skipped without
// E2E_DATABASE_URL, and without card payments on the server under test.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { OrderDto } from '../../../bindings/OrderDto';
import type { PaymentResultDto } from '../../../bindings/PaymentResultDto';
import type { PublicConfigDto } from '../../../bindings/PublicConfigDto';
import { DEMO, expectPathSoon, logIn, signUp, uniqueEmail } from './accounts';
import { expectNoSideScrolling, h1, main, picturesLoaded, toast, visible } from './page-checks';
import { DESKTOP, MOBILE, screenshot, useBrowser, withPage } from './browser';
import { api, fixtures, taka, url } from './env';
import { psql } from './global-setup';
import { placeOrder } from './ordering';
import { addBookFor, stamp } from './shop-data';
import { typeCard } from './cards';

const browser = useBrowser();

const SUCCESS_TOAST = 'Congratulations !! payment successful';
/** What a card that went through does now: it holds the price until the handover. */
const HELD = 'Paid, held until handover';
const ORDER_CONFIRMED = 'Order Confirmed';
/** localstripe's words for the card 4000 0000 0000 0341. */
const DECLINED = 'Your card was declined.';
const CARDS = {
  good: '4242424242424242',
  declined: '4000000000000341',
  threeDSecure: '4000000000003220',
} as const;

let config: PublicConfigDto | undefined;
beforeAll(async () => {
  config = (await (await fetch(url('/api/config'))).json()) as PublicConfigDto;
  if (config.payments.provider !== 'stripe') {
    console.warn(`[e2e] the server under test takes no card payments (provider "${config.payments.provider}"): the payment journeys are skipped`);
  }
});

/** Every journey pays with cards through the emulator's sign-ins and its own books, added through the database. */
function skipUnlessReady(ctx: { skip: () => void }): void {
  if (config?.auth.mode !== 'emulator' || config.payments.provider !== 'stripe' || !fixtures().databaseURL) ctx.skip();
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/** A buyer of this journey's own, signed up through /signup (and so signed in). */
async function newBuyer(page: Page, name: string): Promise<string> {
  const email = uniqueEmail('payer');
  await signUp(page, { name, email, password: 'payer-password-1', seller: false });
  return email;
}

function payForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Pay by card' });
}

function payButton(page: Page, price: number): Locator {
  return payForm(page).getByRole('button', { name: `Pay ${taka(price)}`, exact: true });
}

/** Opens the payment page of an order and waits for the stand-in's card field. */
async function openPayment(page: Page, orderId: string): Promise<void> {
  await page.goto(`/dashboard/payment/${orderId}`, { waitUntil: 'networkidle' });
  await h1(page, 'Payment');
  await visible(payForm(page).getByPlaceholder('number', { exact: true }), "the stand-in's card number field");
}

/** The answer to the next POST to a payment path of the order (`/payment` or `/payment/sync`). */
function nextPaymentAnswer(page: Page, orderId: string, path: 'payment' | 'payment/sync') {
  return page.waitForResponse((r) => new URL(r.url()).pathname === `/api/orders/${orderId}/${path}` && r.request().method() === 'POST');
}

async function paymentResult(answer: Awaited<ReturnType<typeof nextPaymentAnswer>>): Promise<PaymentResultDto> {
  expect(answer.status(), `${answer.url()} answered ${answer.status()}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as PaymentResultDto;
}

/**
 * After a success: the toast, Paid, the button disabled, the price held until the handover, and the transaction id;
 * answers the id shown.
 */
async function expectPaid(page: Page): Promise<string> {
  await visible(toast(page, SUCCESS_TOAST), `the "${SUCCESS_TOAST}" toast`, 20_000);
  const paid = payForm(page).getByRole('button', { name: 'Paid', exact: true });
  await visible(paid, 'the Paid button');
  expect(await paid.isDisabled(), 'the button is disabled once paid').toBe(true);
  await visible(payForm(page).getByText('Paid', { exact: true }).first(), 'the Paid label');
  await visible(main(page).getByRole('region', { name: HELD }), `"${HELD}"`);
  const id = (await page.getByTestId('transaction-id').innerText()).trim();
  expect(id, 'a transaction id is shown').toMatch(/^\S{6,}$/);
  return id;
}

async function orderStatus(orderId: string): Promise<string> {
  const [status] = psql(fixtures().databaseURL, `SELECT status FROM orders WHERE id = '${orderId}'`);
  return status ?? '(none)';
}

/** An order's row in My Orders' table (wide screens). */
function orderRow(page: Page, orderId: string): Locator {
  return page.getByRole('table', { name: 'Your orders' }).locator(`tr[data-order-id="${orderId}"]`);
}

/** A listing's row in My Products' table, walking its pages until it shows. */
async function listingRow(page: Page, title: string): Promise<Locator> {
  const rows = page.getByRole('table', { name: 'Your books' }).getByRole('row');
  await visible(rows.nth(1), 'the My Products table');
  for (let turns = 0; turns < 10; turns++) {
    const row = rows.filter({ hasText: title });
    if ((await row.count()) === 1) return row;
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' });
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    const before = await rows.allInnerTexts();
    await next.click();
    await expect.poll(async () => (await rows.allInnerTexts()).join() !== before.join()).toBe(true);
  }
  throw new Error(`no row for ${title} in My Products`);
}

// ---------------------------------------------------------------------------------------------------------------

describe('paying an order by card', () => {
  test('a card chosen in the buy form, then 4242 4242 4242 4242: the toast, Paid, held until handover; My Orders, the book and the seller agree', async (ctx) => {
    skipUnlessReady(ctx);
    const title = `E2E Padma Nadir Majhi ${stamp()}`;
    const bookId = addBookFor(DEMO.rahim, title, { newest: true });
    const book = await api.book(bookId);
    let orderId = '';

    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      await newBuyer(page, 'Paying Buyer');
      // Ordered from the book's page choosing a card: the order's page follows, with the card form.
      await visit(`/books/${bookId}`);
      await h1(page, title);
      const buyNow = main(page).getByRole('button', { name: 'Buy Now', exact: true });
      await expect.poll(() => buyNow.isEnabled(), { message: 'Buy Now is enabled once sign-in has settled' }).toBe(true);
      await buyNow.click();
      const dialog = page.getByRole('dialog', { name: 'Buy this book' });
      await visible(dialog, 'the buy form');
      await dialog.getByLabel('Phone', { exact: true }).fill('01712-345678');
      await dialog.getByLabel('Location', { exact: true }).fill('Dhanmondi 27, Dhaka');
      await dialog.getByRole('radio', { name: 'Card, held until you have the book', exact: true }).check();
      const ordered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: /^Place order/ }).click();
      const order = (await (await ordered).json()) as OrderDto;
      orderId = order.id;
      expect(order.paymentMethod).toBe('card');
      await visible(toast(page, ORDER_CONFIRMED), `the "${ORDER_CONFIRMED}" toast`);
      await expectPathSoon(page, `/dashboard/payment/${orderId}`);
      await h1(page, 'Payment');

      // The book, its price in taka, the card field and "Pay 350 ৳".
      const summary = main(page).getByRole('region', { name: 'Your order' });
      await visible(summary.getByText(title, { exact: true }), 'the title in the summary');
      await visible(summary.getByText(`by ${book.author}`, { exact: true }), 'the author in the summary');
      await visible(summary.getByText(taka(book.resalePrice), { exact: true }), 'the price in taka');
      await visible(payForm(page).getByPlaceholder('number', { exact: true }), "the stand-in's card field");
      const pay = payButton(page, book.resalePrice);
      await visible(pay, `"Pay ${taka(book.resalePrice)}"`);
      // Stripe.js came from the stand-in, added by this page only.
      const stripeScripts = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter((src) => src.includes('js.stripe.com')));
      expect(stripeScripts).toEqual([config?.payments.stripeJsUrl]);
      await picturesLoaded(page);
      await screenshot(page, 'payment');

      await typeCard(payForm(page), CARDS.good);
      const charged = nextPaymentAnswer(page, orderId, 'payment');
      await pay.click();
      const result = await paymentResult(await charged);
      expect(result.status).toBe('succeeded');
      const shown = await expectPaid(page);
      expect(shown).toBe(result.transactionId);
      await screenshot(page, 'payment-paid');
      expect(await orderStatus(orderId)).toBe('held');

      // My Orders: held until the handover, with the transaction id, the way to the code, and no Pay link any more.
      await payForm(page).getByRole('link', { name: 'View My Orders', exact: true }).click();
      await expectPathSoon(page, '/dashboard/myOrders');
      const row = orderRow(page, orderId);
      await visible(row.getByText(HELD, { exact: true }), `"${HELD}" in My Orders`);
      await visible(row.getByText(shown), 'the transaction id in My Orders');
      expect(await row.getByRole('link', { name: `Pay for ${title}` }).count()).toBe(0);
      await visible(row.getByRole('link', { name: `Handover code for ${title}`, exact: true }), 'the way to the handover code');

      // The order's page later: held, the transaction id, the code, no form.
      await page.goto(`/dashboard/payment/${orderId}`, { waitUntil: 'networkidle' });
      await visible(main(page).getByRole('region', { name: HELD }), 'the held state');
      await visible(page.getByTestId('transaction-id').getByText(shown), 'the transaction id');
      await visible(page.getByRole('region', { name: 'Your handover code' }), 'the handover code');
      expect(await payForm(page).count(), 'no card form for a held order').toBe(0);
    });

    // The book stays reserved for this buyer until the handover, for everyone.
    expect((await api.book(bookId)).status).toBe('pending');
    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      await visit(`/books/${bookId}`);
      await visible(main(page).locator('[data-book-status="pending"]'), 'the reserved notice on the book page');
    });

    // The seller's My Products: paid, awaiting the handover.
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await logIn(page, DEMO.rahim);
      await page.goto('/dashboard/myProducts', { waitUntil: 'networkidle' });
      await h1(page, 'My Products');
      await visible((await listingRow(page, title)).getByText('Paid, awaiting handover', { exact: true }), 'held in My Products');
    });
  });

  test("a declined card shows the provider's message and leaves the order pending; then 4242 pays it (and at 375 px)", async (ctx) => {
    skipUnlessReady(ctx);
    const title = `E2E Lalsalu ${stamp()}`;
    const bookId = addBookFor(DEMO.nusrat, title);
    const book = await api.book(bookId);

    await withPage(browser(), { viewport: MOBILE }, async ({ page }) => {
      await newBuyer(page, 'Declined Buyer');
      const order = await placeOrder(page, bookId, { paymentMethod: 'card' });
      await openPayment(page, order.id);

      // A phone: one column, nothing to scroll sideways, the card field and the button in reach.
      await expectNoSideScrolling(page, 'the payment page');
      await picturesLoaded(page);
      await screenshot(page, 'payment-mobile');

      await typeCard(payForm(page), CARDS.declined);
      const refused = nextPaymentAnswer(page, order.id, 'payment');
      await payButton(page, book.resalePrice).click();
      const result = await paymentResult(await refused);
      expect(result.status).toBe('failed');
      const alert = payForm(page).getByRole('alert');
      await visible(alert.getByText(DECLINED, { exact: true }), `"${DECLINED}"`);
      expect(await alert.evaluate((el) => getComputedStyle(el).color), 'the message is red').toMatch(/rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)/);
      expect(await toast(page, SUCCESS_TOAST).count()).toBe(0);
      expect(await orderStatus(order.id)).toBe('pending');
      expect((await api.book(bookId)).status).toBe('pending');
      await page.setViewportSize(DESKTOP);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'payment-declined');

      // The form is ready for another card.
      await expect.poll(() => payButton(page, book.resalePrice).isEnabled()).toBe(true);
      await typeCard(payForm(page), CARDS.good);
      const charged = nextPaymentAnswer(page, order.id, 'payment');
      await payButton(page, book.resalePrice).click();
      expect((await paymentResult(await charged)).status).toBe('succeeded');
      await expectPaid(page);
      expect(await payForm(page).getByText(DECLINED).count(), 'the old refusal is gone').toBe(0);
      expect(await orderStatus(order.id)).toBe('held');
    });
  });

  test('3-D Secure: the bank\'s box, "Complete authentication", and the price is held', async (ctx) => {
    skipUnlessReady(ctx);
    const title = `E2E Kabuliwala ${stamp()}`;
    const bookId = addBookFor(DEMO.rahim, title);
    const book = await api.book(bookId);

    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await newBuyer(page, 'Secure Buyer');
      const order = await placeOrder(page, bookId, { paymentMethod: 'card' });
      await openPayment(page, order.id);
      await typeCard(payForm(page), CARDS.threeDSecure);
      const charged = nextPaymentAnswer(page, order.id, 'payment');
      await payButton(page, book.resalePrice).click();
      const first = await paymentResult(await charged);
      expect(first.status).toBe('requires_action');
      expect(first.clientSecret).toMatch(/^pi_\w+_secret_/);

      const complete = page.getByRole('button', { name: 'Complete authentication', exact: true });
      await visible(complete, "the stand-in's 3-D Secure box");
      // Meanwhile the form is busy: the button disabled, with a spinner, and says why.
      const busy = payForm(page).getByRole('button', { name: 'Processing…', exact: true });
      expect(await busy.isDisabled()).toBe(true);
      await visible(payForm(page).getByRole('status'), 'what the form is waiting for');
      await screenshot(page, 'payment-3ds');

      const synced = nextPaymentAnswer(page, order.id, 'payment/sync');
      await complete.click();
      expect((await paymentResult(await synced)).status).toBe('succeeded');
      await expectPaid(page);
      expect(await orderStatus(order.id)).toBe('held');
      expect((await api.book(bookId)).status, 'reserved until the handover').toBe('pending');
    });
  });

  test('3-D Secure: "Fail authentication" shows why and leaves the order pending', async (ctx) => {
    skipUnlessReady(ctx);
    const title = `E2E Shesher Kobita ${stamp()}`;
    const bookId = addBookFor(DEMO.nusrat, title);
    const book = await api.book(bookId);

    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await newBuyer(page, 'Unlucky Buyer');
      const order = await placeOrder(page, bookId, { paymentMethod: 'card' });
      await openPayment(page, order.id);
      await typeCard(payForm(page), CARDS.threeDSecure);
      await payButton(page, book.resalePrice).click();
      const fail = page.getByRole('button', { name: 'Fail authentication', exact: true });
      await visible(fail, "the stand-in's 3-D Secure box");
      const synced = nextPaymentAnswer(page, order.id, 'payment/sync');
      await fail.click();
      const result = await paymentResult(await synced);
      expect(result.status).toBe('failed');
      const alert = payForm(page).getByRole('alert');
      await visible(alert, 'the failure message');
      expect((await alert.innerText()).trim().length, 'the failure says why').toBeGreaterThan(10);
      expect(await toast(page, SUCCESS_TOAST).count()).toBe(0);
      await expect.poll(() => payButton(page, book.resalePrice).isEnabled()).toBe(true);
      expect(await orderStatus(order.id)).toBe('pending');
    });
  });
});

describe('paying for a wish-list book', () => {
  test('the heart, Wish List, Pay: phone and location reserve the book, then the card pays it', async (ctx) => {
    skipUnlessReady(ctx);
    const title = `E2E Hajar Bachhar Dhore ${stamp()}`;
    const bookId = addBookFor(DEMO.rahim, title);
    const book = await api.book(bookId);

    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      await newBuyer(page, 'Wishful Buyer');
      await visit(`/books/${bookId}`);
      await h1(page, title);
      await main(page).getByRole('button', { name: 'Add to wish list', exact: true }).click();
      await visible(toast(page, 'Items added to wish list'), 'the "Items added to wish list" toast');

      await page.goto('/dashboard/myWishList', { waitUntil: 'networkidle' });
      await h1(page, 'Wish List');
      const row = page.getByRole('table', { name: 'Your wish list' }).getByRole('row').filter({ hasText: title });
      await row.getByRole('link', { name: `Pay for ${title}`, exact: true }).click();
      await expectPathSoon(page, `/dashboard/payment2/${bookId}`);
      await h1(page, 'Payment');

      // A new buyer has no earlier order to take the phone and location from: both are asked, in the spec's words.
      const contact = page.getByRole('form', { name: 'Your contact details' });
      await visible(contact, 'the contact form');
      await visible(main(page).getByRole('region', { name: 'Your order' }).getByText(taka(book.resalePrice), { exact: true }), 'the price');
      // Paying by card: the button goes on to the card form.
      await contact.getByRole('radio', { name: 'Card, held until you have the book', exact: true }).check();
      await contact.getByRole('button', { name: 'Continue to payment', exact: true }).click();
      await visible(contact.getByText('Phone no is required', { exact: true }), '"Phone no is required"');
      await visible(contact.getByText('Location is required', { exact: true }), '"Location is required"');
      await contact.getByLabel('Phone', { exact: true }).fill('01812-345678');
      await contact.getByLabel('Location', { exact: true }).fill('Nilkhet, Dhaka');
      await picturesLoaded(page);
      await screenshot(page, 'payment2');

      const reserved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST');
      await contact.getByRole('button', { name: 'Continue to payment', exact: true }).click();
      const answer = await reserved;
      expect(answer.status(), `POST /api/orders answered ${answer.status()}: ${await answer.text()}`).toBe(201);
      const order = (await answer.json()) as OrderDto;
      expect(answer.request().postDataJSON()).toEqual({ bookId, phone: '01812-345678', location: 'Nilkhet, Dhaka', paymentMethod: 'card' });
      expect((await api.book(bookId)).status).toBe('pending');

      await visible(payForm(page).getByPlaceholder('number', { exact: true }), 'the card field for the new order');
      await typeCard(payForm(page), CARDS.good);
      const charged = nextPaymentAnswer(page, order.id, 'payment');
      await payButton(page, book.resalePrice).click();
      expect((await paymentResult(await charged)).status).toBe('succeeded');
      await expectPaid(page);
      expect(await orderStatus(order.id)).toBe('held');

      // Coming back continues with that order: held until the handover, no form.
      await page.goto(`/dashboard/payment2/${bookId}`, { waitUntil: 'networkidle' });
      await visible(main(page).getByRole('region', { name: HELD }), 'the held state');
      expect(await payForm(page).count(), 'no card form for a held order').toBe(0);
    });
  });
});

describe('a book below the card minimum', () => {
  test('is paid in cash: both payment pages say why no card, with no card form', async (ctx) => {
    skipUnlessReady(ctx);
    const minimum = config?.payments.cardMinimumTaka ?? 60;
    const price = Math.max(1, minimum - 10);
    const title = `E2E Thakurmar Jhuli ${stamp()}`;
    const bookId = addBookFor(DEMO.rahim, title, { price });
    const message = `Cards are taken from ${taka(minimum)}, so this book is paid in cash.`;

    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await newBuyer(page, 'Thrifty Buyer');
      // From the wish list: the book can be reserved, to be paid in cash; no card is offered.
      await page.goto(`/dashboard/payment2/${bookId}`, { waitUntil: 'networkidle' });
      await h1(page, 'Payment');
      const contact = page.getByRole('form', { name: 'Your contact details' });
      await visible(contact.getByText(message, { exact: true }), 'the below-minimum message');
      await visible(contact.getByRole('radio', { name: 'Cash at the meet-up', exact: true }), 'cash');
      expect(await contact.getByRole('radio').count(), 'cash only').toBe(1);
      expect((await api.book(bookId)).status).toBe('available');

      // An order for it (placed from the book's page, say): the same message, no card form, and Stripe.js never loads.
      const order = await placeOrder(page, bookId, { paymentMethod: 'card' });
      expect(order.paymentMethod, 'a card asked for where none can be used becomes cash').toBe('cash');
      expect(order.payableByCard).toBe(false);
      await page.goto(`/dashboard/payment/${order.id}`, { waitUntil: 'networkidle' });
      await visible(main(page).getByText(message, { exact: true }), 'the below-minimum message');
      expect(await payForm(page).count()).toBe(0);
      expect(await page.evaluate(() => [...document.scripts].some((s) => s.src.includes('js.stripe.com')))).toBe(false);
      await picturesLoaded(page);
      await screenshot(page, 'payment-below-minimum');
    });
  });
});
