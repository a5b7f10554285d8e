// Seller and admin journeys: adding books (with a picture, and once under a new category), My Products (advertise,
// edit, delete), and the admin's seller and buyer tables (verify, delete), in a real browser against the real server
// and the Firebase Auth emulator. Each journey changes data; the ones that change demo accounts or adverts put them
// back through the database and are skipped without one.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { SellerBookDto } from '../../../bindings/SellerBookDto';
import { DEMO, expectPathSoon, logIn, pathOf, signUp, uniqueEmail } from './accounts';
import { stamp } from './shop-data';
import { expectNoSideScrolling, gone, h1, picturesLoaded, toast, visible } from './page-checks';
import { DESKTOP, screenshot, useBrowser, withPage } from './browser';
import { api, fixtures, taka, url } from './env';
import { psql } from './global-setup';
import { makePng } from './png';
import { auth as authBn } from '../src/lib/i18n/texts/auth-bn';
import { dashboard as dashboardBn } from '../src/lib/i18n/texts/dashboard-bn';

const browser = useBrowser();

const NARROW = { width: 360, height: 740 } as const;
const REQUIRED = 'This field is required';
const FORCED_OUT_TOAST = 'Forbidden Access: you have been logged out.';

let authMode = 'unknown';
beforeAll(async () => {
  const response = await fetch(url('/api/config'));
  authMode = ((await response.json()) as { auth: { mode: string } }).auth.mode;
  if (authMode !== 'emulator') {
    console.warn(`[e2e] the server under test signs in with mode "${authMode}": the seller and admin journeys need "emulator" and are skipped`);
  }
});

function skipUnlessEmulator(ctx: { skip: () => void }): void {
  if (authMode !== 'emulator') ctx.skip();
}

/** Journeys that change demo data must be able to put it back. */
function skipUnlessDatabase(ctx: { skip: () => void }): void {
  if (authMode !== 'emulator' || !fixtures().databaseURL) ctx.skip();
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/** For what is in the page but not drawn on its own (the options of a closed drop-down). */
async function attached(locator: Locator, what: string): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'attached', timeout: 10_000 });
  } catch {
    throw new Error(`expected ${what} in the page (${locator.toString()})`);
  }
}

function drawer(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Dashboard' });
}

/** Opens a dashboard page through the drawer, as a user would (no reload). */
async function openFromDrawer(page: Page, label: string, path: string, heading: string): Promise<void> {
  await drawer(page).getByRole('link', { name: label, exact: true }).click();
  await expectPathSoon(page, path);
  await h1(page, heading);
}

async function openAccountMenu(page: Page): Promise<Locator> {
  const button = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
  await button.click();
  const panel = page.locator(`[id="${String(await button.getAttribute('aria-controls'))}"]`);
  await panel.waitFor({ state: 'visible' });
  return panel;
}

interface NewBook {
  title: string;
  author: string;
  /** An existing category's name, or a new one typed under Others. */
  category: { existing: string } | { others: string };
  originalPrice: number;
  resalePrice: number;
  description: string;
}

function addForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Add a product' });
}

/** Fills the add-book form and sends it; answers the listing the server created. */
async function addBook(page: Page, book: NewBook): Promise<SellerBookDto> {
  const form = addForm(page);
  await form.getByLabel('Title', { exact: true }).fill(book.title);
  await form.getByLabel('Author', { exact: true }).fill(book.author);
  const category = form.getByLabel('Category', { exact: true });
  if ('existing' in book.category) {
    await category.selectOption({ label: book.category.existing });
  } else {
    await category.selectOption({ label: 'Others' });
    await form.getByLabel('New category', { exact: true }).fill(book.category.others);
  }
  await form.getByLabel('Photos', { exact: true }).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(160) });
  await visible(form.getByRole('list', { name: 'Chosen photos' }).getByText('Cover', { exact: true }), 'the photo preview');
  await form.getByRole('radio', { name: 'Very Good', exact: true }).check();
  await form.getByLabel('Publish year (optional)', { exact: true }).fill('2015');
  await form.getByLabel('Ratings (optional)', { exact: true }).fill('4.5');
  await form.getByLabel('Reviews (optional)', { exact: true }).fill('12');
  await form.getByLabel('Description (optional)', { exact: true }).fill(book.description);
  await form.getByLabel('Original price (৳)', { exact: true }).fill(String(book.originalPrice));
  await form.getByLabel('Resale price (৳)', { exact: true }).fill(String(book.resalePrice));
  await form.getByLabel('Phone', { exact: true }).fill('01712-345678');
  await form.getByLabel('Location', { exact: true }).fill('Nilkhet, Dhaka');

  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/books' && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Add Product', exact: true }).click();
  const answer = await answered;
  expect(answer.status(), `POST /api/books answered ${answer.status()}: ${await answer.text()}`).toBe(201);
  const created = (await answer.json()) as SellerBookDto;
  await visible(toast(page, 'Items added successfully'), 'the "Items added successfully" toast');
  await expectPathSoon(page, '/dashboard/myProducts');
  await h1(page, 'My Products');
  return created;
}

/** A listing's row in My Products' table (wide screens). */
function listingRow(page: Page, title: string): Locator {
  return page.getByRole('table', { name: 'Your books' }).getByRole('row').filter({ hasText: title });
}

/** An account's row in an admin table, walking its pages until it shows. */
async function accountRow(page: Page, table: 'Sellers' | 'Buyers', email: string): Promise<Locator> {
  const rows = page.getByRole('table', { name: table }).getByRole('row');
  await visible(rows.nth(1), `the ${table} table`);
  for (let turns = 0; turns < 20; turns++) {
    const row = rows.filter({ hasText: email });
    if ((await row.count()) === 1) return row;
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' });
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    const before = await rows.allInnerTexts();
    await next.click();
    await expect.poll(async () => (await rows.allInnerTexts()).join() !== before.join()).toBe(true);
  }
  throw new Error(`no row for ${email} in the ${table} table`);
}

// ---------------------------------------------------------------------------------------------------------------

describe('a seller lists books', () => {
  test('adds a book with a picture, sees it in My Products and on the shop, advertises it, edits its price, stops advertising', async (ctx) => {
    skipUnlessEmulator(ctx);
    const category = (await api.categories()).find((c) => c.bookCount > 0);
    if (!category) throw new Error('no category with books');
    const title = `E2E Pather Panchali ${stamp()}`;
    // With the database at hand, nothing else is advertised at first: the navbar link must appear because of this book.
    const { databaseURL } = fixtures();
    const unadvertised = databaseURL ? psql(databaseURL, 'UPDATE books SET advertised = false WHERE advertised RETURNING id') : [];
    try {
      await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
        await logIn(page, DEMO.nusrat);
        await page.goto('/dashboard', { waitUntil: 'networkidle' });
        await openFromDrawer(page, 'Add A Product', '/dashboard/addAProduct', 'Add A Product');
        const form = addForm(page);
        expect(await form.getByLabel('Seller name', { exact: true }).inputValue(), "the seller's display name").toBe('Nusrat Jahan');
        expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe(DEMO.nusrat);
        expect(await form.getByLabel('Email', { exact: true }).getAttribute('readonly')).not.toBeNull();
        await attached(form.getByLabel('Category', { exact: true }).locator('option', { hasText: category.name }), 'the categories from the server');
        await screenshot(page, 'add-product');

        // Slowed down a little, so "Adding new item. Please wait..." can be seen.
        await page.route('**/api/books', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 800));
          await route.continue();
        });
        const waiting = page.getByText('Adding new item. Please wait...', { exact: true });
        const [created] = await Promise.all([
          addBook(page, {
            title,
            author: 'Bibhutibhushan Bandyopadhyay',
            category: { existing: category.name },
            originalPrice: 450,
            resalePrice: 260,
            description: 'A clean copy of the first edition reprint, no markings inside.',
          }),
          visible(waiting, '"Adding new item. Please wait..."'),
        ]);
        await page.unroute('**/api/books');
        expect(created).toMatchObject({ title, status: 'available', advertised: false, resalePrice: 260, sellerName: 'Nusrat Jahan' });
        expect(created.category.id).toBe(category.id);

        // My Products: the new listing, available, with its price in taka.
        const row = listingRow(page, title);
        await visible(row, 'the new listing in My Products');
        await visible(row.getByText('Available', { exact: true }), 'its status');
        await visible(row.getByText(taka(260), { exact: true }), 'its resale price');
        await picturesLoaded(page);
        await screenshot(page, 'my-products');

        // The shop: its category page (newest first) and its own page.
        await page.goto(`/category/${category.id}`, { waitUntil: 'networkidle' });
        await h1(page, category.name);
        await visible(page.getByRole('main').getByRole('heading', { name: title, exact: true }), 'the book on its category page');
        await page.goto(`/books/${created.id}`, { waitUntil: 'networkidle' });
        await h1(page, title);
        await visible(page.getByRole('main').getByText(taka(260), { exact: true }), 'the resale price on the book page');
        await visible(page.getByRole('region', { name: 'Seller' }).getByText('Nusrat Jahan', { exact: true }), 'the seller name');

        // Advertise it from My Products.
        await page.goto('/dashboard/myProducts', { waitUntil: 'networkidle' });
        const banner = page.getByRole('banner');
        if (databaseURL) expect(await banner.getByRole('link', { name: 'Advertise Items', exact: true }).count(), 'nothing is advertised yet').toBe(0);
        await listingRow(page, title).getByRole('button', { name: `Advertise ${title}`, exact: true }).click();
        await visible(toast(page, 'Items have been advertised'), 'the "Items have been advertised" toast');
        await visible(listingRow(page, title).getByText('Advertised', { exact: true }), 'the Advertised badge');
        await visible(listingRow(page, title).getByRole('button', { name: `Stop advertising ${title}`, exact: true }), 'Stop advertising');
        expect(await listingRow(page, title).getByRole('button', { name: `Advertise ${title}`, exact: true }).count()).toBe(0);
        // Without a reload: the navbar's link appears, and the home page's Advertised Items shows the card.
        await visible(banner.getByRole('link', { name: 'Advertise Items', exact: true }), 'the Advertise Items link');
        expect((await api.advertised()).map((b) => b.id)).toContain(created.id);
        await banner.getByRole('link', { name: 'Home', exact: true }).click();
        await expectPathSoon(page, '/home');
        const advertised = page.getByRole('region', { name: 'Advertised Items' });
        const card = advertised.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
        await visible(card, 'the card in Advertised Items');
        await visible(card.getByText(taka(260), { exact: true }), 'the price on the card');

        // Edit the price: the book page shows the new one.
        await page.goto('/dashboard/myProducts', { waitUntil: 'networkidle' });
        await listingRow(page, title).getByRole('button', { name: `Edit ${title}`, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit listing' });
        await visible(dialog, 'the edit dialog');
        const resale = dialog.getByLabel('Resale price (৳)', { exact: true });
        expect(await resale.inputValue()).toBe('260');
        await resale.fill('230');
        await screenshot(page, 'edit-listing', { fullPage: false });
        const patched = page.waitForResponse((r) => r.url().endsWith(`/api/books/${created.id}`) && r.request().method() === 'PATCH');
        await dialog.getByRole('button', { name: 'Save changes', exact: true }).click();
        const patch = await patched;
        expect(patch.status(), `PATCH answered ${patch.status()}: ${await patch.text()}`).toBe(200);
        expect(patch.request().postDataJSON()).toEqual({ resalePrice: 230 });
        await visible(toast(page, 'Changes saved'), 'the "Changes saved" toast');
        await dialog.waitFor({ state: 'hidden' });
        await visible(listingRow(page, title).getByText(taka(230), { exact: true }), 'the new price in My Products');
        await listingRow(page, title).getByRole('link', { name: title, exact: true }).click();
        await expectPathSoon(page, `/books/${created.id}`);
        await h1(page, title);
        await visible(page.getByRole('main').getByText(taka(230), { exact: true }), 'the new price on the book page');

        // Stop advertising: it leaves Advertised Items again.
        await page.goto('/dashboard/myProducts', { waitUntil: 'networkidle' });
        await listingRow(page, title).getByRole('button', { name: `Stop advertising ${title}`, exact: true }).click();
        await visible(listingRow(page, title).getByRole('button', { name: `Advertise ${title}`, exact: true }), 'Advertise again');
        expect((await api.advertised()).map((b) => b.id)).not.toContain(created.id);
        if (databaseURL) await gone(banner.getByRole('link', { name: 'Advertise Items', exact: true }), 'the Advertise Items link');
      });
    } finally {
      if (databaseURL && unadvertised.length > 0) {
        psql(databaseURL, `UPDATE books SET advertised = true WHERE id IN (${unadvertised.map((id) => `'${id}'`).join(',')})`);
      }
    }
  });

  test('adds a book under a new category (Others), finds it on that category page, then deletes it after the confirmation', async (ctx) => {
    skipUnlessEmulator(ctx);
    const suffix = stamp();
    const title = `E2E Travels in Bengal ${suffix}`;
    const newCategory = `E2E Travel ${suffix}`;
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await logIn(page, DEMO.rahim);
      await page.goto('/dashboard/addAProduct', { waitUntil: 'networkidle' });
      await h1(page, 'Add A Product');
      const form = addForm(page);
      expect(await form.getByLabel('New category', { exact: true }).count(), 'no free-text category until Others').toBe(0);
      const created = await addBook(page, {
        title,
        author: 'Syed Mujtaba Ali',
        category: { others: newCategory },
        originalPrice: 380,
        resalePrice: 150,
        description: 'Travel sketches, paperback, lightly read.',
      });
      expect(created.category.name).toBe(newCategory);

      await page.goto(`/category/${created.category.id}`, { waitUntil: 'networkidle' });
      await h1(page, newCategory);
      await visible(page.getByRole('main').getByRole('heading', { name: title, exact: true }), 'the book on the new category page');

      // Delete: Cancel first (nothing happens), then OK.
      await page.goto('/dashboard/myProducts', { waitUntil: 'networkidle' });
      const deleteButton = listingRow(page, title).getByRole('button', { name: `Delete ${title}`, exact: true });
      await deleteButton.click();
      const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete?' });
      await visible(confirm, 'the confirmation');
      expect(await confirm.getByRole('button', { name: 'Cancel', exact: true }).evaluate((el) => el === document.activeElement), 'focus starts on Cancel').toBe(true);
      await screenshot(page, 'delete-listing-confirm', { fullPage: false });
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      expect(await deleteButton.evaluate((el) => el === document.activeElement), 'focus returns to Delete').toBe(true);
      await deleteButton.click();
      await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
      await confirm.waitFor({ state: 'hidden' });
      await visible(listingRow(page, title), 'the listing, still there after Cancel');

      const deleted = page.waitForResponse((r) => r.url().endsWith(`/api/books/${created.id}`) && r.request().method() === 'DELETE');
      await deleteButton.click();
      await confirm.getByRole('button', { name: 'OK', exact: true }).click();
      expect((await deleted).status()).toBe(204);
      await visible(toast(page, 'Item deleted successfully'), 'the "Item deleted successfully" toast');
      await gone(listingRow(page, title), 'the deleted listing');

      // Gone from the shop.
      await page.goto(`/books/${created.id}`, { waitUntil: 'networkidle' });
      await h1(page, 'Book not found');
      await page.goto(`/category/${created.category.id}`, { waitUntil: 'networkidle' });
      await h1(page, newCategory);
      expect(await page.getByRole('main').getByRole('heading', { name: title, exact: true }).count()).toBe(0);
    });
  });

  test('a new seller: "You have to products to display.", Add Some, and "This field is required" on an empty form', async (ctx) => {
    skipUnlessEmulator(ctx);
    const email = uniqueEmail('fresh-seller');
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await signUp(page, { name: 'Mitu Akhter', email, password: 'e2e-password', seller: true });
      await page.goto('/dashboard/myProducts', { waitUntil: 'networkidle' });
      await h1(page, 'My Products');
      await visible(page.getByRole('heading', { name: 'You have to products to display.', exact: true }), 'the empty text');
      await screenshot(page, 'my-products-empty');

      await page.getByRole('main').getByRole('link', { name: 'Add Some', exact: true }).click();
      await expectPathSoon(page, '/dashboard/addAProduct');
      await h1(page, 'Add A Product');
      const form = addForm(page);
      await attached(form.getByLabel('Category', { exact: true }).locator('option', { hasText: 'Others' }), 'the category list');
      const sent = { count: 0 };
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/books' && request.method() === 'POST') sent.count += 1;
      });
      await form.getByRole('button', { name: 'Add Product', exact: true }).click();
      const required = ['Title', 'Author', 'Category', 'Photos', 'Phone', 'Location', 'Original price (৳)', 'Resale price (৳)'];
      await expect.poll(() => form.getByText(REQUIRED, { exact: true }).count()).toBe(required.length);
      for (const label of required) {
        expect(await form.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), `${label} is marked invalid`).toBe('true');
      }
      expect(await form.getByLabel('Seller name', { exact: true }).inputValue(), 'the seller name from sign-up').toBe('Mitu Akhter');
      expect(sent.count, 'nothing was sent').toBe(0);
      await screenshot(page, 'add-product-errors');
    });
  });
});

describe('the admin', () => {
  test('verifies tanvir: "Seller verified", and his books carry the Verified badge', async (ctx) => {
    skipUnlessDatabase(ctx);
    const { databaseURL, unverifiedSellerBookId } = fixtures();
    const resetTanvir = () => psql(databaseURL, `UPDATE accounts SET verified = false WHERE email = '${DEMO.tanvir}'`);
    resetTanvir();
    try {
      // Reset straight in the database: the server's public copies follow within a second.
      await expect
        .poll(async () => (await api.book(unverifiedSellerBookId)).seller, { timeout: 2_000, interval: 50 })
        .toMatchObject({ name: 'Tanvir Ahmed', verified: false });
      const before = await api.book(unverifiedSellerBookId);
      await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
        await logIn(page, DEMO.admin);
        await page.goto('/dashboard', { waitUntil: 'networkidle' });
        await openFromDrawer(page, 'All Seller', '/dashboard/allSeller', 'All Seller');
        const row = await accountRow(page, 'Sellers', DEMO.tanvir);
        await visible(row.getByText('Not verified', { exact: true }), "tanvir's state");
        await screenshot(page, 'all-seller');
        await row.getByRole('button', { name: `Verify ${DEMO.tanvir}`, exact: true }).click();
        await visible(toast(page, 'Seller verified'), 'the "Seller verified" toast');
        await visible(row.getByText('Verified', { exact: true }), 'the Verified state');
        expect(await row.getByRole('button', { name: `Verify ${DEMO.tanvir}`, exact: true }).count()).toBe(0);

        await page.goto(`/books/${unverifiedSellerBookId}`, { waitUntil: 'networkidle' });
        await h1(page, before.title);
        await visible(page.getByRole('region', { name: 'Seller' }).getByRole('img', { name: 'Verified seller' }), 'the Verified seller badge');
      });
      expect((await api.book(unverifiedSellerBookId)).seller.verified).toBe(true);
    } finally {
      // Other journeys rely on tanvir being the demo's unverified seller.
      resetTanvir();
    }
  });

  test('deletes a buyer after "Are you sure want to delete {email}?"; that buyer is signed out on their next action', async (ctx) => {
    skipUnlessEmulator(ctx);
    const email = uniqueEmail('doomed-buyer');
    await withPage(browser(), { viewport: DESKTOP }, async ({ page: buyer }) => {
      await signUp(buyer, { name: 'Rafi Chowdhury', email, password: 'e2e-password', seller: false });
      await buyer.goto('/dashboard', { waitUntil: 'networkidle' });
      await h1(buyer, 'Welcome, Rafi Chowdhury');

      await withPage(browser(), { viewport: DESKTOP }, async ({ page: admin }) => {
        await logIn(admin, DEMO.admin);
        await admin.goto('/dashboard', { waitUntil: 'networkidle' });
        await openFromDrawer(admin, 'All Buyer', '/dashboard/allBuyer', 'All Buyer');
        const row = await accountRow(admin, 'Buyers', email);
        await visible(row.getByText('Rafi Chowdhury', { exact: true }), 'the new buyer');
        await screenshot(admin, 'all-buyer');
        const deleteButton = row.getByRole('button', { name: `Delete ${email}`, exact: true });
        await deleteButton.click();
        const confirm = admin.getByRole('alertdialog', { name: `Are you sure want to delete ${email}?` });
        await visible(confirm, 'the confirmation naming the e-mail');
        await screenshot(admin, 'delete-buyer-confirm', { fullPage: false });
        await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
        await confirm.waitFor({ state: 'hidden' });
        await visible(row, 'the buyer, still there after Cancel');

        const deleted = admin.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/admin/accounts/') && r.request().method() === 'DELETE');
        await deleteButton.click();
        await confirm.getByRole('button', { name: 'OK', exact: true }).click();
        expect((await deleted).status()).toBe(204);
        await visible(toast(admin, 'Buyer deleted successfully'), 'the "Buyer deleted successfully" toast');
        await gone(admin.getByRole('table', { name: 'Buyers' }).getByRole('row').filter({ hasText: email }), 'the deleted buyer');
      });

      // The buyer's next call is answered "Forbidden Access": signed out, on /login.
      const panel = await openAccountMenu(buyer);
      await panel.getByRole('button', { name: 'Upload Photo' }).click();
      const dialog = buyer.getByRole('dialog', { name: 'Upload your photo' });
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(64) });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expectPathSoon(buyer, '/login');
      await visible(toast(buyer, FORCED_OUT_TOAST), 'the Forbidden Access toast');
      await visible(buyer.getByRole('banner').getByRole('link', { name: 'Login', exact: true }), 'the Login link');
      expect(await buyer.evaluate(() => localStorage.getItem('AccessToken'))).toBeNull();
      expect(pathOf(buyer)).toBe('/login');
    });
  });
});

describe("the admin's categories", () => {
  test('renames a category (a taken name refused beside the field), merges it into another, is refused deleting a category with books, deletes an empty one', async (ctx) => {
    skipUnlessDatabase(ctx);
    const { databaseURL } = fixtures();
    const s = stamp();
    const names = { verse: `E2E Verse ${s}`, poems: `E2E Poems ${s}`, spare: `E2E Spare ${s}`, renamed: `E2E Collected verse ${s}` };
    const newCategory = (name: string) => {
      const [id] = psql(databaseURL, `INSERT INTO categories (id, name) VALUES (gen_random_uuid(), '${name}') RETURNING id`);
      if (!id) throw new Error(`no id for ${name}`);
      return id;
    };
    const verse = newCategory(names.verse);
    const poems = newCategory(names.poems);
    const spare = newCategory(names.spare);
    // A copy of a demo book in Verse, dated before every demo book so that the shop's first pages do not change.
    const [book] = psql(
      databaseURL,
      `INSERT INTO books (id, seller_id, category_id, title, author, description, picture_url, publish_year, ratings, reviews,
                          seller_name, location, phone, seller_email, original_price, resale_price, status, advertised, created_at)
       SELECT gen_random_uuid(), b.seller_id, '${verse}', 'E2E Merged poems ${s}', b.author, b.description, b.picture_url,
              b.publish_year, b.ratings, b.reviews, b.seller_name, b.location, b.phone, b.seller_email, b.original_price,
              b.resale_price, 'available', false, (SELECT min(created_at) FROM books) - interval '1 day'
         FROM books b WHERE b.status = 'available' ORDER BY b.title LIMIT 1
       RETURNING id`,
    );
    if (!book) throw new Error('no demo book to copy');
    try {
      await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
        await logIn(page, DEMO.admin);
        await page.goto('/dashboard', { waitUntil: 'networkidle' });
        await openFromDrawer(page, 'Categories', '/dashboard/categories', 'Categories');
        const table = page.getByRole('table', { name: 'Categories' });
        const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
        await visible(row(names.verse), 'the category with the book');
        expect(await row(names.verse).getByRole('cell').allInnerTexts(), 'Books, For sale, Last used').toEqual(
          expect.arrayContaining(['1', '1']),
        );
        await screenshot(page, 'categories');

        // Rename: another category's name (in another letter case) is refused beside the field; a new one is taken.
        await row(names.verse).getByRole('button', { name: `Rename ${names.verse}`, exact: true }).click();
        const rename = page.getByRole('dialog', { name: `Rename ${names.verse}` });
        const name = rename.getByLabel('New name', { exact: true });
        expect(await name.evaluate((el) => el === document.activeElement), 'focus starts on the name').toBe(true);
        await name.fill(names.poems.toUpperCase());
        await rename.getByRole('button', { name: 'Rename', exact: true }).click();
        await visible(rename.getByText(`Another category is already named "${names.poems}".`, { exact: true }), 'the taken name, beside the field');
        expect(await name.getAttribute('aria-invalid')).toBe('true');
        await screenshot(page, 'rename-category-taken', { fullPage: false });
        await name.fill(`  ${names.renamed} `);
        await rename.getByRole('button', { name: 'Rename', exact: true }).click();
        await visible(toast(page, 'Category renamed'), 'the "Category renamed" toast');
        await visible(row(names.renamed), 'the renamed category');
        await gone(row(names.verse), 'the old name');
        expect((await api.book(book)).category.name, 'the book page shows the new name at once').toBe(names.renamed);

        // Merge into Poems: asked first; its book moves, the category goes.
        await row(names.renamed).getByRole('button', { name: `Merge ${names.renamed}`, exact: true }).click();
        const merge = page.getByRole('alertdialog', { name: `Merge ${names.renamed}?` });
        await visible(merge.getByText(/All 1 book of/), 'what the merge does');
        await merge.getByLabel('Merge into', { exact: true }).selectOption({ label: names.poems });
        await screenshot(page, 'merge-category-confirm', { fullPage: false });
        const merged = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/admin/categories/${verse}/merge`);
        await merge.getByRole('button', { name: 'Merge', exact: true }).click();
        expect((await merged).status()).toBe(200);
        await visible(toast(page, `Category merged: 1 book moved to ${names.poems}`), 'the merge toast');
        await gone(row(names.renamed), 'the merged category');
        await expect.poll(async () => (await row(names.poems).getByRole('cell').first().innerText()).trim()).toBe('1');
        const listed = await api.categories();
        expect(listed.find((c) => c.id === poems)?.bookCount, 'Poems holds the book on the public list').toBe(1);
        expect(listed.some((c) => c.id === verse), 'the merged category left the public list').toBe(false);
        expect((await api.book(book)).category.id).toBe(poems);

        // Delete Poems: refused, it has a book; the explanation says to merge instead.
        const refusedDelete = row(names.poems).getByRole('button', { name: `Delete ${names.poems}`, exact: true });
        await refusedDelete.click();
        const confirmPoems = page.getByRole('alertdialog', { name: `Delete the category ${names.poems}?` });
        await visible(confirmPoems, 'the delete confirmation');
        await confirmPoems.getByRole('button', { name: 'Delete', exact: true }).click();
        await visible(page.getByText(/^This category still holds 1 book \(withdrawn ones count\)\. Merge it into another category instead\.$/), 'the refusal');
        await screenshot(page, 'delete-category-refused', { fullPage: false });
        await visible(row(names.poems), 'Poems, still there');

        // Delete Spare, which is empty: Escape first (nothing happens), then Delete.
        const deleteSpare = row(names.spare).getByRole('button', { name: `Delete ${names.spare}`, exact: true });
        await deleteSpare.click();
        const confirmSpare = page.getByRole('alertdialog', { name: `Delete the category ${names.spare}?` });
        await visible(confirmSpare, 'the delete confirmation');
        expect(await confirmSpare.getByRole('button', { name: 'Cancel', exact: true }).evaluate((el) => el === document.activeElement), 'focus starts on Cancel').toBe(true);
        await page.keyboard.press('Escape');
        await confirmSpare.waitFor({ state: 'hidden' });
        expect(await deleteSpare.evaluate((el) => el === document.activeElement), 'focus returns to Delete').toBe(true);
        await deleteSpare.click();
        await confirmSpare.getByRole('button', { name: 'Delete', exact: true }).click();
        await visible(toast(page, 'Category deleted'), 'the "Category deleted" toast');
        await gone(row(names.spare), 'the deleted category');
        await screenshot(page, 'categories-after');
      });
      const recorded = psql(databaseURL, `SELECT action FROM admin_actions WHERE category_id IN ('${verse}', '${poems}', '${spare}') ORDER BY at, id`);
      expect(recorded, 'each action recorded, the refused one not').toEqual(['rename_category', 'merge_category', 'delete_category']);
    } finally {
      // Other journeys count the shop's shelves: the copy and these categories go.
      psql(databaseURL, `DELETE FROM books WHERE id = '${book}'`);
      psql(databaseURL, `DELETE FROM categories WHERE id IN ('${verse}', '${poems}', '${spare}')`);
    }
  });
});

describe('at 360 px', () => {
  test("a seller's pages show cards, not a table, and never scroll sideways", async (ctx) => {
    skipUnlessEmulator(ctx);
    await withPage(browser(), { viewport: NARROW, isMobile: true, hasTouch: true }, async ({ page }) => {
      await logIn(page, DEMO.nusrat);
      await page.goto('/dashboard/myProducts', { waitUntil: 'networkidle' });
      await h1(page, 'My Products');
      const cards = page.getByRole('list', { name: 'Your books' });
      await visible(cards.getByRole('listitem'), 'the listing cards');
      expect(await page.getByRole('table', { name: 'Your books' }).isVisible(), 'no table on a phone').toBe(false);
      await picturesLoaded(page);
      await expectNoSideScrolling(page, 'My Products');
      await screenshot(page, 'my-products-mobile');

      await page.goto('/dashboard/addAProduct', { waitUntil: 'networkidle' });
      await h1(page, 'Add A Product');
      await expectNoSideScrolling(page, 'Add A Product');
      await screenshot(page, 'add-product-mobile');
      await addForm(page).getByRole('button', { name: 'Add Product', exact: true }).tap();
      await visible(addForm(page).getByText(REQUIRED, { exact: true }), 'the required messages');
      await expectNoSideScrolling(page, 'Add A Product with its messages');
    });
  });

  test("the admin's tables become cards and never scroll sideways", async (ctx) => {
    skipUnlessEmulator(ctx);
    await withPage(browser(), { viewport: NARROW, isMobile: true, hasTouch: true }, async ({ page }) => {
      await logIn(page, DEMO.admin);
      for (const [path, title, list, shot] of [
        ['/dashboard/allSeller', 'All Seller', 'Sellers', 'all-seller-mobile'],
        ['/dashboard/allBuyer', 'All Buyer', 'Buyers', 'all-buyer-mobile'],
        ['/dashboard/categories', 'Categories', 'Categories', 'categories-mobile'],
      ] as const) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await h1(page, title);
        await visible(page.getByRole('list', { name: list }).getByRole('listitem'), `the ${list} cards`);
        expect(await page.getByRole('table', { name: list }).isVisible()).toBe(false);
        await expectNoSideScrolling(page, title);
        await screenshot(page, shot);
      }
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------

/**
 * A buyer account opened the way the sign-up page opens one, without the page: a password sign-up at the Auth
 * emulator, then `POST /api/session` with its ID token.
 */
async function openBuyer(name: string, email: string): Promise<void> {
  const signUpAt = `http://${fixtures().authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`;
  const identity = await fetch(signUpAt, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'e2e-password', displayName: name, returnSecureToken: true }),
  });
  if (!identity.ok) throw new Error(`the emulator refused to sign up ${email}: ${identity.status} ${await identity.text()}`);
  const { idToken } = (await identity.json()) as { idToken: string };
  const session = await fetch(url('/api/session'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ accountType: 'buyer', name }),
  });
  if (!session.ok) throw new Error(`POST /api/session for ${email} answered ${session.status}: ${await session.text()}`);
}

describe("the admin's account search", () => {
  test('finds one buyer by e-mail among many at 360 px, keeps the search through a reload and an account page, in Bangla too', async (ctx) => {
    skipUnlessEmulator(ctx);
    if (!fixtures().authEmulator) ctx.skip();
    // Thirty buyers newer than everyone else, so the one looked for is nowhere near the first page without a search.
    const needle = uniqueEmail('needle');
    await openBuyer('Needle Buyer', needle);
    const haystack = Array.from({ length: 30 }, (_, i) => ({ name: `Haystack Buyer ${i + 1}`, email: uniqueEmail(`haystack${i + 1}`) }));
    for (let i = 0; i < haystack.length; i += 6) {
      await Promise.all(haystack.slice(i, i + 6).map((buyer) => openBuyer(buyer.name, buyer.email)));
    }

    await withPage(browser(), { viewport: NARROW, isMobile: true, hasTouch: true }, async ({ page }) => {
      await logIn(page, DEMO.admin);
      await page.goto('/dashboard/allBuyer', { waitUntil: 'networkidle' });
      await h1(page, 'All Buyer');
      const cards = page.getByRole('list', { name: 'Buyers' }).getByRole('listitem');
      await visible(cards.first(), 'the buyer cards');
      expect(await cards.filter({ hasText: needle }).count(), 'the buyer looked for is not on the first page unsearched').toBe(0);

      const box = page.getByRole('searchbox', { name: 'Search buyers' });
      const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/buyers' && new URL(r.url()).searchParams.get('q') === needle);
      await box.fill(needle);
      expect((await searched).status()).toBe(200);
      await visible(page.getByText('1 buyer', { exact: true }), 'the count of buyers found');
      await expect.poll(() => cards.count()).toBe(1);
      await visible(cards.filter({ hasText: needle }), 'the buyer looked for');
      expect(new URL(page.url()).searchParams.get('q')).toBe(needle);
      await expectNoSideScrolling(page, 'All Buyer searched at 360 px');
      await screenshot(page, 'all-buyer-search-360');

      // The search is in the URL: a reload keeps it.
      await page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => box.inputValue()).toBe(needle);
      await visible(cards.filter({ hasText: needle }), 'the buyer after a reload');

      // The buyer's orders are one tap away, and the way back returns to the search.
      await cards.filter({ hasText: needle }).getByRole('link', { name: `Orders of ${needle}` }).click();
      await h1(page, 'Needle Buyer');
      await visible(page.getByText('This buyer has placed no orders yet.'), 'the empty order list');
      await expectNoSideScrolling(page, "a buyer's orders at 360 px");
      await screenshot(page, 'buyer-orders-360');
      await page.getByRole('link', { name: 'Back to All Buyer' }).click();
      await expectPathSoon(page, `/dashboard/allBuyer?q=${encodeURIComponent(needle)}`);
      await expect.poll(() => box.inputValue()).toBe(needle);

      // A text nobody has: said so, and one keystroke away from everyone again.
      await box.fill(`${needle}-nobody`);
      await visible(page.getByRole('heading', { name: `No buyer matches “${needle}-nobody”` }), 'the empty search');
      await page.getByRole('button', { name: 'Clear search and filters' }).click();
      await visible(cards.first(), 'every buyer again');
      await expect.poll(() => box.inputValue()).toBe('');
    });

    await withPage(browser(), { viewport: NARROW, isMobile: true, hasTouch: true, locale: 'bn-BD' }, async ({ page }) => {
      await page.goto('/login', { waitUntil: 'networkidle' });
      const form = page.getByRole('form', { name: authBn.login.form });
      await form.getByLabel(authBn.fields.email, { exact: true }).fill(DEMO.admin);
      await form.getByLabel(authBn.fields.password, { exact: true }).fill('puronoboi-demo');
      await form.getByRole('button', { name: authBn.login.submit, exact: true }).click();
      await visible(toast(page, authBn.login.success), 'the Bangla log-in toast');
      await page.goto(`/dashboard/allBuyer?q=${encodeURIComponent(needle)}`, { waitUntil: 'networkidle' });
      await h1(page, dashboardBn.buyers.title);
      await expect.poll(() => page.getByRole('searchbox', { name: dashboardBn.buyers.searchLabel }).inputValue()).toBe(needle);
      await visible(page.getByText(dashboardBn.buyers.count_one.replace('{{number}}', '১'), { exact: true }), 'the count in Bengali digits');
      await visible(page.getByRole('list', { name: dashboardBn.buyers.table }).getByRole('listitem').filter({ hasText: needle }), 'the buyer');
      await expectNoSideScrolling(page, 'All Buyer searched in Bangla at 360 px');
      await screenshot(page, 'all-buyer-search-bangla-360');
    });
  });
});
