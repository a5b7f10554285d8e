// Accessibility audit: axe-core on every route of the app (and on the dialogs they open), signed out and signed in as
// a buyer, a seller and the admin, in Chromium against the real server. A page passes with no critical and no serious
// violation; a failure lists each one (rule, impact, the elements and a snippet of their HTML). Moderate and minor
// findings are printed, not failed on. The buyer's pages need sign-in through the Auth emulator and books of this
// run's own (added through the database) for an order and a wish-list entry; those parts are skipped without them.
import { beforeAll, describe, expect, test } from 'vitest';
import type { OrderDto } from '../../../bindings/OrderDto';
import { DEMO, expectPathSoon, logIn, signUp, uniqueEmail } from './accounts';
import { audit, Audit, AUDIT_TIMEOUT_MS, auditRoute } from './axe';
import { DESKTOP, MOBILE, useBrowser, withPage } from './browser';
import { api, fixtures, url } from './env';
import { h1, main, visible } from './page-checks';
import { addBookFor, stamp } from './shop-data';

const browser = useBrowser();

let authMode = 'unknown';
beforeAll(async () => {
  authMode = ((await (await fetch(url('/api/config'))).json()) as { auth: { mode: string } }).auth.mode;
});

function skipUnlessEmulator(ctx: { skip: () => void }): void {
  if (authMode !== 'emulator') ctx.skip();
}

// ---------------------------------------------------------------------------------------------------------------

describe('accessibility (axe-core: no critical or serious violation)', () => {
  test('signed out: the landing page, shop, adverts and blog; the landing page on a phone with its menu open', async () => {
    const results = new Audit();
    await withPage(browser(), { viewport: DESKTOP, reducedMotion: 'reduce' }, async ({ page }) => {
      await auditRoute(page, results, '/');
      await auditRoute(page, results, '/shop');
      await auditRoute(page, results, '/advertise');
      await auditRoute(page, results, '/blog');
    });
    await withPage(browser(), { viewport: MOBILE, reducedMotion: 'reduce' }, async ({ page }) => {
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
      await visible(page.getByRole('banner').getByRole('link', { name: 'Shop' }), 'the menu');
      await audit(page, results, '/ (phone, menu open)');
    });
    results.verdict('signed out, storefront');
  }, AUDIT_TIMEOUT_MS);

  test('signed out: log in (and its errors), sign up, available, pending, sold and missing books, the 404 page', async () => {
    const results = new Audit();
    const [book] = (await api.grouped(1)).flatMap((group) => group.books);
    if (!book) throw new Error('the demo catalogue has no book');
    await withPage(browser(), { viewport: DESKTOP, reducedMotion: 'reduce' }, async ({ page }) => {
      await auditRoute(page, results, '/login');
      // The login form after a failed attempt: its error messages are text too.
      await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Login', exact: true }).click();
      await visible(page.getByRole('form', { name: 'Log in' }).getByText('Email is required', { exact: true }), 'the form errors');
      await audit(page, results, '/login (errors shown)');
      await auditRoute(page, results, '/signup');
      await auditRoute(page, results, `/books/${book.id}`, book.title);
      const { pendingBookId, soldBookId } = fixtures();
      if (pendingBookId) await auditRoute(page, results, `/books/${pendingBookId}`);
      if (soldBookId) await auditRoute(page, results, `/books/${soldBookId}`);
      await auditRoute(page, results, '/books/00000000-0000-0000-0000-000000000000');
      await auditRoute(page, results, '/no-such-page');
    });
    results.verdict('signed out, forms and books');
  }, AUDIT_TIMEOUT_MS);

  test('a buyer: dashboard, a category, a book and its buy form, My Orders, Wish List and both payment pages', async (ctx) => {
    skipUnlessEmulator(ctx);
    const results = new Audit();
    const withData = Boolean(fixtures().databaseURL);
    const orderedId = withData ? addBookFor(DEMO.rahim, `E2E A11y Debi ${stamp()}`) : '';
    const wishedId = withData ? addBookFor(DEMO.nusrat, `E2E A11y Aparajito ${stamp()}`) : '';
    const [category] = await api.categories();
    const [book] = (await api.grouped(1)).flatMap((group) => group.books);
    if (!category || !book) throw new Error('the demo catalogue has no category or book');

    await withPage(browser(), { viewport: DESKTOP, reducedMotion: 'reduce' }, async ({ page }) => {
      // A buyer of this run's own: the demo buyers' pending-order limits stay as they were.
      await signUp(page, { name: 'Audit Buyer', email: uniqueEmail('a11y-buyer'), password: 'audit-password-1', seller: false });
      await auditRoute(page, results, '/dashboard', /^Welcome, /);
      await auditRoute(page, results, `/category/${category.id}`);
      await auditRoute(page, results, '/dashboard/myOrders', 'My Orders');
      await auditRoute(page, results, '/dashboard/myWishList', 'Wish List');

      const bookId = withData ? orderedId : book.id;
      await page.goto(`/books/${bookId}`, { waitUntil: 'networkidle' });
      await audit(page, results, '/books/:id (signed in)');
      const buyNow = main(page).getByRole('button', { name: 'Buy Now', exact: true });
      await expect.poll(() => buyNow.isEnabled()).toBe(true);
      await buyNow.click();
      const dialog = page.getByRole('dialog', { name: 'Buy this book' });
      await visible(dialog, 'the buy form');
      await dialog.getByRole('button', { name: /^Place order/ }).click();
      await visible(dialog.getByText('Phone no is required', { exact: true }), 'the buy form errors');
      await audit(page, results, '/books/:id (buy form, errors shown)');
      if (!withData) return;

      await dialog.getByLabel('Phone', { exact: true }).fill('01712-345678');
      await dialog.getByLabel('Location', { exact: true }).fill('Dhanmondi 27, Dhaka');
      const placed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: /^Place order/ }).click();
      const order = (await (await placed).json()) as OrderDto;
      // The order's page follows the buy form, with the handover code and the way to pay by card instead.
      await expectPathSoon(page, `/dashboard/payment/${order.id}`);
      await visible(page.getByRole('region', { name: 'Your handover code' }), 'the handover code');
      await audit(page, results, '/dashboard/payment/:id (just placed, cash)');
      await page.goto('/dashboard/myOrders', { waitUntil: 'networkidle' });
      await h1(page, 'My Orders');
      await audit(page, results, '/dashboard/myOrders (an order)');
      await page.goto(`/dashboard/payment/${order.id}`, { waitUntil: 'networkidle' });
      await h1(page, 'Payment');
      await audit(page, results, '/dashboard/payment/:id');

      await page.goto(`/books/${wishedId}`, { waitUntil: 'networkidle' });
      await main(page).getByRole('button', { name: 'Add to wish list', exact: true }).click();
      await visible(page.getByText('Items added to wish list', { exact: true }), 'the wish-list toast');
      await page.goto('/dashboard/myWishList', { waitUntil: 'networkidle' });
      await h1(page, 'Wish List');
      await audit(page, results, '/dashboard/myWishList (a book)');
      await page.goto(`/dashboard/payment2/${wishedId}`, { waitUntil: 'networkidle' });
      const contact = page.getByRole('form', { name: 'Your contact details' });
      await visible(contact, 'the contact form');
      // The phone and location come from the order just placed.
      expect(await contact.getByLabel('Phone', { exact: true }).inputValue()).toBe('01712-345678');
      await audit(page, results, '/dashboard/payment2/:id (contact form)');
      // Reserve the book, so no copy of this run stays listed: by card, for the card form's audit.
      await contact.getByRole('radio', { name: 'Card, held until you have the book', exact: true }).check();
      await contact.getByRole('button', { name: 'Continue to payment', exact: true }).click();
      await visible(page.getByRole('form', { name: 'Pay by card' }), 'the card form');
      await audit(page, results, '/dashboard/payment2/:id (card form)');
    });
    results.verdict('a buyer');
  }, AUDIT_TIMEOUT_MS);

  test('a seller: dashboard, Add A Product (empty and with its errors), My Products and the edit form', async (ctx) => {
    skipUnlessEmulator(ctx);
    const results = new Audit();
    await withPage(browser(), { viewport: DESKTOP, reducedMotion: 'reduce' }, async ({ page }) => {
      await logIn(page, DEMO.rahim);
      await auditRoute(page, results, '/dashboard', /^Welcome, /);
      await auditRoute(page, results, '/dashboard/addAProduct', 'Add A Product');
      await main(page).getByRole('button', { name: /^Add (a )?product$/i }).first().click();
      await visible(main(page).getByText('This field is required').first(), 'the form errors');
      await audit(page, results, '/dashboard/addAProduct (errors shown)');
      await auditRoute(page, results, '/dashboard/myProducts', 'My Products');
      await main(page).getByRole('button', { name: /^Edit / }).first().click();
      await visible(page.getByRole('dialog'), 'the edit form');
      await audit(page, results, '/dashboard/myProducts (edit form)');
    });
    results.verdict('a seller');
  }, AUDIT_TIMEOUT_MS);

  test('the admin: dashboard, All Seller, All Buyer, Categories and their dialogs', async (ctx) => {
    skipUnlessEmulator(ctx);
    const results = new Audit();
    await withPage(browser(), { viewport: DESKTOP, reducedMotion: 'reduce' }, async ({ page }) => {
      await logIn(page, DEMO.admin);
      await auditRoute(page, results, '/dashboard', /^Welcome, /);
      await auditRoute(page, results, '/dashboard/allSeller', 'All Seller');
      await auditRoute(page, results, '/dashboard/allBuyer', 'All Buyer');
      await main(page).getByRole('button', { name: /^Delete / }).first().click();
      await visible(page.getByRole('alertdialog'), 'the delete confirmation');
      await audit(page, results, '/dashboard/allBuyer (delete confirmation)');
      await page.keyboard.press('Escape');
      await auditRoute(page, results, '/dashboard/categories', 'Categories');
      for (const [button, dialog, what] of [
        [/^Rename /, 'dialog', 'rename form'],
        [/^Merge /, 'alertdialog', 'merge confirmation'],
        [/^Delete /, 'alertdialog', 'delete confirmation'],
      ] as const) {
        await main(page).getByRole('button', { name: button }).first().click();
        await visible(page.getByRole(dialog), `the ${what}`);
        await audit(page, results, `/dashboard/categories (${what})`);
        await page.keyboard.press('Escape');
        await page.getByRole(dialog).waitFor({ state: 'hidden' });
      }
      await auditRoute(page, results, '/dashboard/reports', 'Reports');
    });
    await withPage(browser(), { viewport: MOBILE, reducedMotion: 'reduce' }, async ({ page }) => {
      await logIn(page, DEMO.admin);
      await page.goto('/dashboard/allSeller', { waitUntil: 'networkidle' });
      await h1(page, 'All Seller');
      await audit(page, results, '/dashboard/allSeller (phone)');
      await page.getByRole('button', { name: 'Open dashboard menu' }).click();
      await audit(page, results, '/dashboard/allSeller (phone, menu open)');
      await page.goto('/dashboard/categories', { waitUntil: 'networkidle' });
      await h1(page, 'Categories');
      await audit(page, results, '/dashboard/categories (phone)');
    });
    results.verdict('the admin');
  }, AUDIT_TIMEOUT_MS);
});
