// Buyer journeys: ordering a book from its page (and losing a race for one), My Orders with Pay and Cancel, the wish
// list from the heart, what a seller's Buy Now says, and the seller seeing who ordered their book, in a real browser
// against the real server and the Firebase Auth emulator. The books ordered here are this run's own copies of demo
// books (added through the database, dated before every demo book so the shop's first pages stay as they were): the
// journeys that need them are skipped without E2E_DATABASE_URL.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { OrderDto } from '../../../bindings/OrderDto';
import { DEMO, expectPathSoon, logIn, signUp, uniqueEmail } from './accounts';
import { expectNoSideScrolling, gone, h1, main, picturesLoaded, toast, visible } from './page-checks';
import { DESKTOP, MOBILE, screenshot, useBrowser, withPage } from './browser';
import { api, fixtures, taka, url } from './env';
import { psql } from './global-setup';
import { addBookFor, stamp } from './shop-data';

const browser = useBrowser();

const ORDER_CONFIRMED = 'Order Confirmed';
const BOOK_TAKEN = 'Someone else has just ordered this book.';
const RESERVED = 'This book is reserved for a buyer (payment pending)';
const SELLER_QUESTION = 'Your account is a seller account. You can not purchase. Want to add a product?';

let authMode = 'unknown';
beforeAll(async () => {
  const response = await fetch(url('/api/config'));
  authMode = ((await response.json()) as { auth: { mode: string } }).auth.mode;
  if (authMode !== 'emulator') {
    console.warn(`[e2e] the server under test signs in with mode "${authMode}": the buyer journeys need "emulator" and are skipped`);
  }
});

function skipUnlessEmulator(ctx: { skip: () => void }): void {
  if (authMode !== 'emulator') ctx.skip();
}

/** Journeys that order books need books of their own, added through the database. */
function skipUnlessDatabase(ctx: { skip: () => void }): void {
  if (authMode !== 'emulator' || !fixtures().databaseURL) ctx.skip();
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

function buyNow(page: Page): Locator {
  return main(page).getByRole('button', { name: 'Buy Now', exact: true });
}

function buyForm(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Buy this book' });
}

async function openBuyForm(page: Page): Promise<Locator> {
  await visible(buyNow(page), 'Buy Now');
  await expect.poll(() => buyNow(page).isEnabled(), { message: 'Buy Now is enabled once sign-in has settled' }).toBe(true);
  await buyNow(page).click();
  const dialog = buyForm(page);
  await visible(dialog, 'the buy form');
  return dialog;
}

async function fillBuyForm(dialog: Locator, phone: string, location: string): Promise<void> {
  await dialog.getByLabel('Phone', { exact: true }).fill(phone);
  await dialog.getByLabel('Location', { exact: true }).fill(location);
}

function placeOrderButton(dialog: Locator): Locator {
  return dialog.getByRole('button', { name: /^Place order/ });
}

/** The answer to the next POST /api/orders. */
function nextOrderAnswer(page: Page) {
  return page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST');
}

/** An order's row in My Orders' table (wide screens). */
function orderRow(page: Page, title: string): Locator {
  return page.getByRole('table', { name: 'Your orders' }).getByRole('row').filter({ hasText: title });
}

function wishListRow(page: Page, title: string): Locator {
  return page.getByRole('table', { name: 'Your wish list' }).getByRole('row').filter({ hasText: title });
}

function listingRow(page: Page, title: string): Locator {
  return page.getByRole('table', { name: 'Your books' }).getByRole('row').filter({ hasText: title });
}

async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('AccessToken'));
  if (!token) throw new Error('no AccessToken in the page');
  return token;
}

// ---------------------------------------------------------------------------------------------------------------

describe('a buyer orders a book', () => {
  test('from its page (signing in on the way), in cash: "Order Confirmed", the order page with its code, My Orders with Pay; then cancels it and the book is on sale again', async (ctx) => {
    skipUnlessDatabase(ctx);
    const title = `E2E Chokher Bali ${stamp()}`;
    const bookId = addBookFor(DEMO.rahim, title);
    const book = await api.book(bookId);

    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      // A visitor's Buy Now goes to /login, and logging in comes back to the book.
      await visit(`/books/${bookId}`);
      await h1(page, title);
      await buyNow(page).click();
      await expectPathSoon(page, '/login');
      await logIn(page, DEMO.farhana);
      await expectPathSoon(page, `/books/${bookId}`);
      await h1(page, title);
      // A fresh load, so the screenshots show no sign-in toasts.
      await page.reload({ waitUntil: 'networkidle' });
      await h1(page, title);

      const dialog = await openBuyForm(page);
      const email = dialog.getByLabel('Email', { exact: true });
      expect(await email.inputValue()).toBe(DEMO.farhana);
      for (const [label, value] of [
        ['Email', DEMO.farhana],
        ['Book', title],
        ['Price', taka(book.resalePrice)],
      ] as const) {
        const field = dialog.getByLabel(label, { exact: true });
        expect(await field.inputValue(), `${label} is filled in`).toBe(value);
        expect(await field.getAttribute('readonly'), `${label} is read-only`).not.toBeNull();
      }
      expect((await dialog.getByLabel('Name', { exact: true }).inputValue()).length, 'the name from the account').toBeGreaterThan(0);
      expect(
        await dialog.getByLabel('Phone', { exact: true }).evaluate((el) => el === document.activeElement),
        'focus starts on the phone',
      ).toBe(true);

      // Nothing typed: the spec's messages, and nothing sent.
      let sent = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/orders' && request.method() === 'POST') sent += 1;
      });
      await placeOrderButton(dialog).click();
      await visible(dialog.getByText('Phone no is required', { exact: true }), '"Phone no is required"');
      await visible(dialog.getByText('Location is required', { exact: true }), '"Location is required"');
      expect(sent, 'nothing was sent').toBe(0);
      await screenshot(page, 'buy-modal-errors', { fullPage: false });

      await fillBuyForm(dialog, '01712-345678', 'Dhanmondi 27, Dhaka');
      // Cash at the meet-up, chosen explicitly (it is also what the form starts with).
      await dialog.getByRole('radio', { name: 'Cash at the meet-up', exact: true }).check();
      await screenshot(page, 'buy-modal', { fullPage: false });
      const answered = nextOrderAnswer(page);
      await placeOrderButton(dialog).click();
      const answer = await answered;
      expect(answer.status(), `POST /api/orders answered ${answer.status()}: ${await answer.text()}`).toBe(201);
      const placed = (await answer.json()) as OrderDto;
      expect(placed).toMatchObject({
        bookId,
        title,
        status: 'pending',
        paymentMethod: 'cash',
        phone: '01712-345678',
        location: 'Dhanmondi 27, Dhaka',
        email: DEMO.farhana,
      });
      expect(answer.request().postDataJSON()).toEqual({ bookId, phone: '01712-345678', location: 'Dhanmondi 27, Dhaka', paymentMethod: 'cash' });

      // The order's page: the handover code, until when the book is reserved, and the focus on where the order stands.
      await visible(toast(page, ORDER_CONFIRMED), `the "${ORDER_CONFIRMED}" toast`);
      await expectPathSoon(page, `/dashboard/payment/${placed.id}`);
      await h1(page, 'Payment');
      const state = main(page).getByRole('heading', { name: 'Reserved for you', exact: true });
      await visible(state, 'where the order stands');
      await expect.poll(() => state.evaluate((el) => el === document.activeElement), { message: 'the focus moves to the order' }).toBe(true);
      await visible(page.getByRole('region', { name: 'Your handover code' }), 'the handover code');
      expect((await api.book(bookId)).status).toBe('pending');
      await picturesLoaded(page);
      await screenshot(page, 'order-placed');

      // The book's page says it is this buyer's, with View Orders.
      await page.goto(`/books/${bookId}`, { waitUntil: 'networkidle' });
      await h1(page, title);
      const viewOrders = main(page).getByRole('link', { name: 'View Orders', exact: true });
      await visible(viewOrders, 'the View Orders link');
      expect(await buyNow(page).count(), 'no Buy Now once ordered').toBe(0);
      await visible(main(page).getByText(/You have ordered this book/), 'the note that the book is yours');
      await screenshot(page, 'book-ordered', { fullPage: false });

      // My Orders: pending, with Pay to the payment page and Cancel.
      await viewOrders.click();
      await expectPathSoon(page, '/dashboard/myOrders');
      await h1(page, 'My Orders');
      const row = orderRow(page, title);
      await visible(row, 'the order in My Orders');
      await visible(row.getByText('Pending', { exact: true }), 'its status');
      await visible(row.getByText(taka(book.resalePrice), { exact: true }), 'its price');
      const pay = row.getByRole('link', { name: `Pay for ${title}`, exact: true });
      expect(await pay.getAttribute('href')).toBe(`/dashboard/payment/${placed.id}`);
      await page.reload({ waitUntil: 'networkidle' });
      await visible(row, 'the order after a reload');
      await picturesLoaded(page);
      await screenshot(page, 'my-orders');

      // On a phone: cards, not a table, and nothing to scroll sideways.
      await page.setViewportSize(MOBILE);
      const card = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').filter({ hasText: title });
      await visible(card, 'the order as a card');
      await visible(card.getByRole('link', { name: `Pay for ${title}`, exact: true }), 'Pay on the card');
      expect(await page.getByRole('table', { name: 'Your orders' }).isVisible(), 'no table on a phone').toBe(false);
      await picturesLoaded(page);
      await expectNoSideScrolling(page, 'My Orders');
      await screenshot(page, 'my-orders-mobile');
      await page.setViewportSize(DESKTOP);

      // Cancel: asked first, then the book is back on sale.
      const cancelButton = row.getByRole('button', { name: `Cancel order for ${title}`, exact: true });
      await cancelButton.click();
      const confirm = page.getByRole('alertdialog', { name: 'Cancel this order?' });
      await visible(confirm, 'the cancel confirmation');
      await confirm.getByRole('button', { name: 'Keep order', exact: true }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect((await api.book(bookId)).status, 'still ordered after saying no').toBe('pending');
      const cancelled = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/orders/${placed.id}/cancel`);
      await cancelButton.click();
      await confirm.getByRole('button', { name: 'Yes, cancel order', exact: true }).click();
      expect((await cancelled).status()).toBe(200);
      await visible(toast(page, 'Order cancelled'), 'the "Order cancelled" toast');
      await visible(row.getByText('Cancelled', { exact: true }), 'the Cancelled label');
      await visible(row.getByText('You cancelled this order.', { exact: true }), 'why it was cancelled');
      await gone(row.getByRole('link', { name: /^Pay/ }), 'Pay on a cancelled order');
      expect((await api.book(bookId)).status).toBe('available');

      await page.goto(`/books/${bookId}`, { waitUntil: 'networkidle' });
      await h1(page, title);
      await visible(buyNow(page), 'Buy Now, the book being on sale again');
      expect(await main(page).getByText(RESERVED).count()).toBe(0);
    });
  });

  test('two buyers order the same book at once: exactly one gets it, the other is told someone else ordered it; the seller sees who', async (ctx) => {
    skipUnlessDatabase(ctx);
    const title = `E2E Padma Nadir Majhi ${stamp()}`;
    // Newest of its seller's books, so it heads rahim's My Products.
    const bookId = addBookFor(DEMO.rahim, title, { newest: true });
    const buyers = [
      { email: DEMO.farhana, phone: '01712-345678', location: 'Dhanmondi 27, Dhaka' },
      { email: DEMO.karim, phone: '01819-765432', location: 'Mirpur 10, Dhaka' },
    ] as const;
    let winnerToken = '';
    let winnerOrder: OrderDto | null = null;
    try {
      await withPage(browser(), { viewport: DESKTOP }, async (first) => {
        await withPage(browser(), { viewport: DESKTOP }, async (second) => {
          const pages = [first.page, second.page] as const;
          const dialogs: Locator[] = [];
          const names: string[] = [];
          for (const [index, page] of pages.entries()) {
            const buyer = buyers[index];
            if (!buyer) throw new Error('two buyers');
            await logIn(page, buyer.email);
            await page.goto(`/books/${bookId}`, { waitUntil: 'networkidle' });
            await h1(page, title);
            const dialog = await openBuyForm(page);
            await fillBuyForm(dialog, buyer.phone, buyer.location);
            names.push(await dialog.getByLabel('Name', { exact: true }).inputValue());
            dialogs.push(dialog);
          }

          // Both press Place order at the same moment.
          const answers = pages.map((page) => nextOrderAnswer(page));
          await Promise.all(dialogs.map((dialog) => placeOrderButton(dialog).click()));
          const statuses = await Promise.all(answers.map(async (answer) => (await answer).status()));
          expect([...statuses].sort(), `the two answers were ${statuses.join(' and ')}`).toEqual([201, 409]);
          const winner = statuses.indexOf(201);
          const loser = 1 - winner;
          const winnerPage = pages[winner];
          const loserPage = pages[loser];
          const loserDialog = dialogs[loser];
          if (!winnerPage || !loserPage || !loserDialog) throw new Error('a winner and a loser');
          winnerOrder = (await (await answers[winner])?.json()) as OrderDto;
          winnerToken = await accessToken(winnerPage);

          await visible(toast(winnerPage, ORDER_CONFIRMED), 'the winner\'s "Order Confirmed"');
          await visible(main(winnerPage).getByRole('region', { name: 'Your handover code' }), "the winner's order page with the code");

          await visible(loserDialog.getByRole('alert').filter({ hasText: BOOK_TAKEN }), `"${BOOK_TAKEN}" in the loser's form`);
          expect(await toast(loserPage, ORDER_CONFIRMED).count(), 'no "Order Confirmed" for the loser').toBe(0);
          await screenshot(loserPage, 'buy-modal-taken', { fullPage: false });
          await loserDialog.getByRole('button', { name: 'Close', exact: true }).click();
          await loserDialog.waitFor({ state: 'hidden' });
          await visible(main(loserPage).getByText(RESERVED, { exact: true }), 'the book now reserved, on the loser\'s page');
          expect(await buyNow(loserPage).count(), 'no Buy Now for the loser').toBe(0);

          // The seller sees who ordered it and how to meet them.
          const winnerBuyer = buyers[winner];
          if (!winnerBuyer) throw new Error('the winner');
          await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
            await logIn(page, DEMO.rahim);
            await page.goto('/dashboard/myProducts', { waitUntil: 'networkidle' });
            await h1(page, 'My Products');
            const row = listingRow(page, title);
            await visible(row, 'the ordered book in My Products');
            await visible(row.getByText('Waiting for payment', { exact: true }), 'Waiting for payment');
            await visible(row.getByText(names[winner] ?? '', { exact: true }), "the buyer's name");
            const phone = row.getByRole('link', { name: winnerBuyer.phone, exact: true });
            await visible(phone, "the buyer's phone");
            expect(await phone.getAttribute('href')).toBe(`tel:${winnerBuyer.phone.replace(/\D/g, '')}`);
            await visible(row.getByText(winnerBuyer.location, { exact: true }), 'the meeting place');
            await visible(row.getByTestId('buyer-payment').getByText('Cash at the meet-up', { exact: true }), 'how the buyer pays');
            await visible(row.getByTestId('buyer-deadline').getByText(/^Reserved until /), 'until when the book is reserved');
            await picturesLoaded(page);
            await screenshot(page, 'my-products-ordered');
          });
        });
      });
      expect((await api.book(bookId)).status).toBe('pending');
    } finally {
      // Out of the way for later runs: the book moves to the end of its category, and the order stops counting
      // against the buyer's unpaid orders.
      psql(fixtures().databaseURL, `UPDATE books SET created_at = (SELECT min(created_at) FROM books) - interval '1 day' WHERE id = '${bookId}'`);
      const order = winnerOrder as OrderDto | null;
      if (order && winnerToken) {
        await fetch(url(`/api/orders/${order.id}/cancel`), { method: 'POST', headers: { Authorization: `Bearer ${winnerToken}` } });
      }
    }
  });
});

describe('the wish list', () => {
  test('the heart adds a book ("Items added to wish list"), stays filled, lists it with Pay; Remove takes it off', async (ctx) => {
    skipUnlessDatabase(ctx);
    const title = `E2E Shesher Kobita ${stamp()}`;
    const bookId = addBookFor(DEMO.nusrat, title);
    const book = await api.book(bookId);
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await logIn(page, DEMO.farhana);
      await page.goto(`/books/${bookId}`, { waitUntil: 'networkidle' });
      await h1(page, title);
      const heart = main(page).getByRole('button', { name: 'Add to wish list', exact: true });
      await visible(heart, 'the heart');
      expect(await heart.getAttribute('aria-pressed')).toBe('false');
      const added = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/wishlist' && r.request().method() === 'POST');
      await heart.click();
      expect((await added).status()).toBe(201);
      await visible(toast(page, 'Items added to wish list'), 'the "Items added to wish list" toast');
      const filled = main(page).getByRole('button', { name: 'On your wish list', exact: true });
      await visible(filled, 'the filled heart');
      expect(await filled.getAttribute('aria-pressed')).toBe('true');

      // Still filled on a fresh load: the page asks the server.
      await page.reload({ waitUntil: 'networkidle' });
      await h1(page, title);
      await visible(filled, 'the filled heart after a reload');
      await screenshot(page, 'book-on-wish-list', { fullPage: false });

      // The buy form on a phone: everything reachable, nothing to scroll sideways; Escape closes it.
      await page.setViewportSize(MOBILE);
      const dialog = await openBuyForm(page);
      await expectNoSideScrolling(page, 'the buy form');
      await screenshot(page, 'buy-modal-mobile', { fullPage: false });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.setViewportSize(DESKTOP);

      await page.goto('/dashboard/myWishList', { waitUntil: 'networkidle' });
      await h1(page, 'Wish List');
      const row = wishListRow(page, title);
      await visible(row, 'the book on the wish list');
      await visible(row.getByText('Available', { exact: true }), 'its status');
      await visible(row.getByText(taka(book.resalePrice), { exact: true }), 'its price');
      expect(await row.getByRole('link', { name: `Pay for ${title}`, exact: true }).getAttribute('href')).toBe(`/dashboard/payment2/${bookId}`);
      await picturesLoaded(page);
      await screenshot(page, 'wish-list');

      const removed = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/wishlist/${bookId}` && r.request().method() === 'DELETE');
      await row.getByRole('button', { name: `Remove ${title} from your wish list`, exact: true }).click();
      expect((await removed).status()).toBe(204);
      await visible(toast(page, 'Removed from wish list'), 'the "Removed from wish list" toast');
      await gone(row, 'the removed book');

      await page.goto(`/books/${bookId}`, { waitUntil: 'networkidle' });
      await h1(page, title);
      await visible(main(page).getByRole('button', { name: 'Add to wish list', exact: true }), 'the empty heart again');
    });
  });
});

describe('accounts that cannot buy', () => {
  test("a seller's Buy Now asks whether to add a product instead and goes to Add A Product; the heart explains", async (ctx) => {
    skipUnlessEmulator(ctx);
    const [card] = await api.advertised();
    if (!card) throw new Error('no advertised book');
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await logIn(page, DEMO.nusrat);
      await page.goto(`/books/${card.id}`, { waitUntil: 'networkidle' });
      await h1(page, card.title);
      let asked = 0;
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path === '/api/orders' || path === '/api/wishlist' || path === '/api/me/wishlist') asked += 1;
      });

      await buyNow(page).click();
      const confirm = page.getByRole('alertdialog', { name: SELLER_QUESTION });
      await visible(confirm, 'the seller confirmation');
      await screenshot(page, 'seller-buy-confirm', { fullPage: false });
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      expect(await buyNow(page).evaluate((el) => el === document.activeElement), 'focus returns to Buy Now').toBe(true);

      await main(page).getByRole('button', { name: 'Add to wish list', exact: true }).click();
      await visible(page.getByText(/Seller accounts cannot keep a wish list/), 'why a seller has no wish list');

      await buyNow(page).click();
      await confirm.getByRole('button', { name: 'Add a product', exact: true }).click();
      await expectPathSoon(page, '/dashboard/addAProduct');
      await h1(page, 'Add A Product');
      expect(asked, 'nothing was asked of the order or wish-list calls').toBe(0);
    });
  });
});

describe('a new buyer', () => {
  test('reads "You have to orders" (Buy some goes to the shop) and "You have no wishList"', async (ctx) => {
    skipUnlessEmulator(ctx);
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await signUp(page, { name: 'Sadia Islam', email: uniqueEmail('fresh-buyer'), password: 'e2e-password', seller: false });
      await page.goto('/dashboard/myOrders', { waitUntil: 'networkidle' });
      await h1(page, 'My Orders');
      await visible(page.getByRole('heading', { name: 'You have to orders', exact: true }), 'the empty orders text');
      await screenshot(page, 'my-orders-empty');

      await page.goto('/dashboard/myWishList', { waitUntil: 'networkidle' });
      await h1(page, 'Wish List');
      await visible(page.getByRole('heading', { name: 'You have no wishList', exact: true }), 'the empty wish-list text');
      await screenshot(page, 'wish-list-empty');

      await page.goto('/dashboard/myOrders', { waitUntil: 'networkidle' });
      await main(page).getByRole('link', { name: 'Buy some', exact: true }).click();
      await expectPathSoon(page, '/shop');
    });
  });
});
