// The handover, paid in cash: a buyer orders a book and finds the handover code on their order page (on a phone); at
// the meeting the seller types it into My Products: a wrong code is refused, the right one sells the book. The journey
// signs up a buyer of its own and hands over this run's own copy of a demo book, added through the database: it is
// skipped without E2E_DATABASE_URL or without the Auth emulator's sign-ins.
import { beforeAll, describe, expect, test } from 'vitest';
import type { OrderDto } from '../../../bindings/OrderDto';
import type { PublicConfigDto } from '../../../bindings/PublicConfigDto';
import { DEMO, logIn, signUp, uniqueEmail } from './accounts';
import { audit, Audit, AUDIT_TIMEOUT_MS } from './axe';
import { DESKTOP, MOBILE, screenshot, useBrowser, withPage } from './browser';

/** A small phone. */
const PHONE = { width: 360, height: 780 } as const;
import { fixtures, url } from './env';
import { psql } from './global-setup';
import { expectNoSideScrolling, h1, toast, visible } from './page-checks';
import { placeOrder } from './ordering';
import { addBookFor, stamp } from './shop-data';

const browser = useBrowser();

let config: PublicConfigDto | undefined;
beforeAll(async () => {
  config = (await (await fetch(url('/api/config'))).json()) as PublicConfigDto;
});

function skipUnlessReady(ctx: { skip: () => void }): void {
  if (config?.auth.mode !== 'emulator' || !fixtures().databaseURL) ctx.skip();
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
      order = await placeOrder(page, bookId, 'Nilkhet, Dhaka');
      await page.goto(`/dashboard/payment/${order.id}`, { waitUntil: 'networkidle' });
      await h1(page, 'Payment');
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
});
