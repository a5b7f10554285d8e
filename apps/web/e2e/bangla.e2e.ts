// The product in Bangla, as a reader whose browser asks for it: the storefront, search, signing up, ordering with a
// phone typed in Bengali digits, paying by card, a seller listing a book with Bengali-digit prices and the admin
// verifying that seller. Every label the journeys press comes from the Bangla catalogues themselves, so they prove
// the pages are drawn from them; pages are checked for English left on screen (anything Latin but the names and
// titles people typed) and for sideways scrolling at 360 px and 1280 px, with screenshots at both widths.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BookCardDto } from '../../../bindings/BookCardDto';
import type { OrderDto } from '../../../bindings/OrderDto';
import type { SellerBookDto } from '../../../bindings/SellerBookDto';
import { auth } from '../src/lib/i18n/texts/auth-bn';
import { buying } from '../src/lib/i18n/texts/buying-bn';
import { common } from '../src/lib/i18n/texts/common-bn';
import { dashboard } from '../src/lib/i18n/texts/dashboard-bn';
import { shop } from '../src/lib/i18n/texts/shop-bn';
import { formatTaka } from '../src/lib/format';
import { CODE_NAMES } from '../src/features/blog/articles';
import { DEMO, DEMO_PASSWORD, expectPathSoon, uniqueEmail } from './accounts';
import { audit, Audit, AUDIT_TIMEOUT_MS } from './axe';
import { DESKTOP, screenshot, useBrowser, withPage, type PageOptions } from './browser';
import { api, fixtures, url } from './env';
import { expectNoSideScrolling, h1, main, picturesLoaded, toast, visible } from './page-checks';
import { addBookFor, stamp } from './shop-data';
import { makePng } from './png';
import { typeCard } from './cards';

const browser = useBrowser();
const PHONE = { width: 360, height: 740 } as const;
/** A browser set to Bangla: the app opens in Bangla for a first-time visitor. */
const BANGLA: PageOptions = { locale: 'bn-BD', reducedMotion: 'reduce' };
/** Latin words a Bangla page may show besides what people typed: names of brands and services, and the language
 * switch's own name for English (each language is named in itself). */
const BRAND_NAMES = new Set(['Puronoboi', 'Stripe', 'Google', 'Facebook', 'X', 'JPEG', 'PNG', 'WebP', 'English']);

/** A catalogue text with its placeholders filled, as i18next fills them. */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');
}

let config: { auth: { mode: string }; payments: { provider: string } } | undefined;
beforeAll(async () => {
  config = (await (await fetch(url('/api/config'))).json()) as typeof config;
});

function skipUnlessEmulator(ctx: { skip: () => void }): void {
  if (config?.auth.mode !== 'emulator' || !fixtures().databaseURL) ctx.skip();
}

/** The initials an avatar shows for a name ("Bangla Seller" -> "BS"). */
function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** A book page's texts people typed: its description, its seller's name and that name's initials. */
async function typedOnBookPage(id: string): Promise<string[]> {
  const book = await api.book(id);
  return [book.description ?? '', book.seller.name, initialsOf(book.seller.name), book.seller.name.slice(0, 1)];
}

/** The names and titles people typed that a page may show: the demo catalogue's books, authors, categories, sellers. */
async function typedByPeople(searchedFor?: string): Promise<string[]> {
  const groups = await api.grouped(24);
  const found = searchedFor ? (await api.search({ q: searchedFor, perPage: '24' })).items : [];
  const books: BookCardDto[] = [...groups.flatMap((group) => group.books), ...found, ...(await api.advertised())];
  const categories = await api.categories();
  return [
    ...books.flatMap((book) => [book.title, book.author, book.location]),
    ...groups.map((group) => group.category.name),
    ...categories.map((category) => category.name),
  ].filter((text): text is string => typeof text === 'string' && text.length > 0);
}

/**
 * The Latin words left on screen once the texts people typed (`typed`), code, e-mail addresses and brand names are
 * taken out: on a page in Bangla, there should be none.
 */
async function englishOnScreen(page: Page, typed: readonly string[]): Promise<string[]> {
  let text = await page.locator('body').innerText();
  // Code (the blog's samples, names such as useState) is the same in every language.
  const code = [...(await page.locator('pre, code').allInnerTexts()), ...Object.values(CODE_NAMES)];
  // Longest first, so that a title is taken out before a shorter title inside it; in any letter case, as styles may
  // show a category name in capitals.
  // Initials ("R", "BS") only as words of their own, in their own case.
  for (const words of [...typed, ...code].filter(Boolean).sort((a, b) => b.length - a.length)) {
    const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text.replace(words.length > 2 ? new RegExp(escaped, 'gi') : new RegExp(`(?<![A-Za-z])${escaped}(?![A-Za-z])`, 'g'), ' ');
  }
  text = text.replace(/[\w.+-]+@[\w.-]+/g, ' ');
  // Words of letters only: an id such as a payment's "pi_3Qx..." is no English.
  return (text.match(/(?<!\w)[A-Za-z][A-Za-z'’]*(?!\w)/g) ?? []).filter((word) => !BRAND_NAMES.has(word));
}

/**
 * The Hind Siliguri faces declared for some letter of `words` that lack another of its letters. The browser draws each
 * letter with the last declared face that has it, and letters drawn from two faces cannot join in a conjunct: ম্ব showed
 * its hasanta while a face of the language switch's four letters was tried first for ব.
 */
async function facesSplittingWords(page: Page, words: string): Promise<string[]> {
  return page.evaluate((letters) => {
    const covers = (range: string, codePoint: number) =>
      range.split(',').some((part) => {
        const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
        return codePoint >= parseInt(from, 16) && codePoint <= parseInt(to, 16);
      });
    return [...document.fonts]
      .filter((face) => face.family.replace(/["']/g, '') === 'Hind Siliguri')
      .filter((face) => letters.some((letter) => covers(face.unicodeRange, letter)))
      .filter((face) => !letters.every((letter) => covers(face.unicodeRange, letter)))
      .map((face) => `${face.weight} ${face.unicodeRange}`);
  }, [...words.replace(/\s/g, '')].map((letter) => letter.codePointAt(0) ?? 0));
}

/**
 * Waits for the pictures on screen, for the screenshots only: whether pictures load is the storefront journeys' to
 * prove (storefront.e2e.ts); here a slow one must not fail a journey about language.
 */
async function settle(page: Page): Promise<void> {
  await picturesLoaded(page).catch(() => undefined);
}

async function expectBangla(page: Page, where: string, typed: readonly string[]): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.lang), `${where}: <html lang>`).toBe('bn');
  expect(await englishOnScreen(page, typed), `${where}: English words on screen`).toEqual([]);
}

/** Signs up through /signup in Bangla (a seller when `seller`), and waits for the Bangla toast. */
async function signUpInBangla(page: Page, name: string, email: string, seller: boolean): Promise<void> {
  await page.goto('/signup', { waitUntil: 'networkidle' });
  const form = page.getByRole('form', { name: auth.signup.form });
  await form.getByLabel(auth.fields.name, { exact: true }).fill(name);
  await form.getByLabel(auth.fields.email, { exact: true }).fill(email);
  await form.getByLabel(auth.fields.password, { exact: true }).fill('bangla-password-1');
  if (seller) await form.getByRole('checkbox', { name: auth.signup.seller }).check();
  await form.getByRole('button', { name: auth.signup.submit, exact: true }).click();
  await visible(toast(page, auth.signup.success), `the Bangla "${auth.signup.success}" toast`);
  await expectPathSoon(page, '/');
}

async function logInInBangla(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login', { waitUntil: 'networkidle' });
  const form = page.getByRole('form', { name: auth.login.form });
  await form.getByLabel(auth.fields.email, { exact: true }).fill(email);
  await form.getByLabel(auth.fields.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await visible(toast(page, auth.login.success), `the Bangla "${auth.login.success}" toast`);
}

describe('Puronoboi in Bangla', () => {
  test('the storefront, a book, search, sign-in pages, the blog and the 404 page: in Bangla at 360 and 1280 px, axe-clean', async () => {
    const [book] = (await api.grouped(1)).flatMap((group) => group.books);
    if (!book) throw new Error('the demo catalogue has no book');
    const word = book.title.split(/\s+/).find((part) => part.length >= 4) ?? book.title;
    const typed = [...(await typedByPeople(word)), ...(await typedOnBookPage(book.id)), word];
    const results = new Audit();
    for (const [width, viewport] of [
      ['1280', DESKTOP],
      ['360', PHONE],
    ] as const) {
      await withPage(browser(), { ...BANGLA, viewport }, async ({ page, visit }) => {
        await visit('/');
        await visible(page.getByRole('banner').getByRole('link', { name: common.nav.shop }).or(
          page.getByRole('banner').getByRole('button', { name: common.nav.openMenu }),
        ).first(), 'the Bangla navigation');
        await settle(page);
        await expectBangla(page, `/ at ${width} px`, typed);
        await expectNoSideScrolling(page, `/ at ${width} px`);
        await screenshot(page, `bangla-home-${width}`);
        if (width === '1280') {
          await audit(page, results, '/ (bn)');
          expect(await facesSplittingWords(page, 'অম্বল দ্বিতীয় বিশ্ববিদ্যালয়'), 'faces that would split a conjunct').toEqual([]);
        }

        await visit('/shop');
        await h1(page, shop.shop.title);
        await settle(page);
        await expectBangla(page, `/shop at ${width} px`, typed);
        await expectNoSideScrolling(page, `/shop at ${width} px`);
        await screenshot(page, `bangla-shop-${width}`);
        if (width === '1280') await audit(page, results, '/shop (bn)');

        await visit(`/books/${book.id}`);
        await h1(page, book.title);
        await visible(main(page).getByText(formatTaka(book.resalePrice, 'bn'), { exact: true }).filter({ visible: true }).first(), 'the price in Bengali digits');
        await visible(main(page).getByRole('button', { name: shop.actions.buyNow }), `"${shop.actions.buyNow}"`);
        await expectBangla(page, `the book page at ${width} px`, typed);
        await expectNoSideScrolling(page, `the book page at ${width} px`);
        await screenshot(page, `bangla-book-${width}`);
        if (width === '1280') await audit(page, results, '/books/{id} (bn)');

        await visit(`/search?q=${encodeURIComponent(word)}`);
        await visible(main(page).getByRole('heading', { name: fill(shop.search.resultsFor, { q: word }) }), 'the Bangla results heading');
        await visible(main(page).getByRole('heading', { name: book.title }).first(), 'the book among the results');
        await expectBangla(page, `the search page at ${width} px`, typed);
        await expectNoSideScrolling(page, `the search page at ${width} px`);
        await screenshot(page, `bangla-search-${width}`);
        if (width === '1280') await audit(page, results, '/search (bn)');

        for (const path of ['/login', '/signup', '/blog', '/no-such-page']) {
          await visit(path);
          await expectBangla(page, `${path} at ${width} px`, typed);
          await expectNoSideScrolling(page, `${path} at ${width} px`);
          if (width === '1280') await audit(page, results, `${path} (bn)`);
        }
        await screenshot(page, `bangla-404-${width}`);
      });
    }
    results.verdict('Bangla, signed out');
  }, AUDIT_TIMEOUT_MS * 2);

  test('a buyer signs up in Bangla, orders with a phone typed in Bengali digits, and pays by card', async (ctx) => {
    skipUnlessEmulator(ctx);
    if (config?.payments.provider !== 'stripe') ctx.skip();
    const title = `E2E Aranyak ${stamp()}`;
    const bookId = addBookFor(DEMO.rahim, title, { price: 240 });
    const typed = [...(await typedByPeople()), title, 'Bangla Buyer', initialsOf('Bangla Buyer')];
    await withPage(browser(), { ...BANGLA, viewport: DESKTOP }, async ({ page, visit }) => {
      await signUpInBangla(page, 'Bangla Buyer', uniqueEmail('bangla-buyer'), false);

      await visit(`/books/${bookId}`);
      await h1(page, title);
      await main(page).getByRole('button', { name: shop.actions.buyNow }).click();
      const dialog = page.getByRole('dialog', { name: shop.buy.title });
      await visible(dialog, 'the Bangla buy form');
      await dialog.getByLabel(common.contactFields.phone, { exact: true }).fill('০১৭১২-৩৪৫৬৭৮');
      await dialog.getByLabel(common.contactFields.location, { exact: true }).fill('নীলক্ষেত, ঢাকা');
      await dialog.getByRole('group', { name: common.paymentChoice.legend }).getByRole('radio', { name: common.paymentChoice.card, exact: true }).check();
      // The book's page behind the form shows its description and seller as they were typed.
      await expectBangla(page, 'the buy form with the choice of payment', [...typed, ...(await typedOnBookPage(bookId))]);
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: fill(shop.buy.placeOrder, { price: formatTaka(240, 'bn') }) }).click();
      const answer = await answered;
      expect(answer.status(), `POST /api/orders answered ${answer.status()}: ${await answer.text()}`).toBe(201);
      const order = (await answer.json()) as OrderDto;
      expect(order, 'the phone typed in Bengali digits is kept as the same number').toMatchObject({ phone: '01712-345678', paymentMethod: 'card' });
      await visible(toast(page, shop.buy.confirmed), `the Bangla "${shop.buy.confirmed}" toast`);

      await visit(`/dashboard/payment/${order.id}`);
      await h1(page, buying.payment.title);
      const form = page.getByRole('form', { name: buying.card.heading });
      await visible(form.getByPlaceholder('number', { exact: true }), "the stand-in's card number field");
      const payButton = form.getByRole('button', { name: fill(buying.card.pay, { price: formatTaka(240, 'bn') }), exact: true });
      // A card the bank declines (localstripe's 4000 0000 0000 0341): the refusal in Bangla, not Stripe's English.
      await typeCard(form, '4000000000000341');
      await payButton.click();
      await visible(form.getByRole('alert').getByText(buying.cardErrors.card_declined), `the Bangla "${buying.cardErrors.card_declined}"`);
      expect(await form.getByRole('alert').innerText(), 'no English in the refusal').not.toMatch(/[A-Za-z]{3,}/);
      await expect.poll(() => payButton.isEnabled()).toBe(true);
      await typeCard(form, '4242424242424242');
      await payButton.click();
      await visible(toast(page, buying.card.success), `the Bangla "${buying.card.success}" toast`, 20_000);
      await visible(main(page).getByRole('region', { name: buying.orderState.heldTitle }), `the Bangla "${buying.orderState.heldTitle}"`);
      await screenshot(page, 'bangla-paid-1280', { fullPage: false });

      await visit('/dashboard/myOrders');
      await h1(page, buying.orders.title);
      await visible(main(page).getByText(buying.orderStatus.held, { exact: true }).first(), 'the Bangla "held" status');
      await expectBangla(page, 'My Orders', typed);
      await page.setViewportSize(PHONE);
      await settle(page);
      await expectNoSideScrolling(page, 'My Orders at 360 px');
      await screenshot(page, 'bangla-my-orders-360');
    });
  }, 120_000);

  test('a new seller lists a book with prices in Bengali digits, and the admin verifies them, in Bangla', async (ctx) => {
    skipUnlessEmulator(ctx);
    const email = uniqueEmail('bangla-seller');
    const title = `E2E Ichhamati ${stamp()}`;
    const category = (await api.categories()).find((c) => c.bookCount > 0);
    if (!category) throw new Error('no category with books');
    const typed = [...(await typedByPeople()), title, 'Bangla Seller', initialsOf('Bangla Seller'), 'Bibhutibhushan'];
    let created: SellerBookDto | undefined;
    await withPage(browser(), { ...BANGLA, viewport: PHONE }, async ({ page, visit }) => {
      await signUpInBangla(page, 'Bangla Seller', email, true);
      await visit('/dashboard/addAProduct');
      await h1(page, dashboard.addProduct.title);
      const form = page.getByRole('form', { name: dashboard.addProduct.form });
      await form.getByLabel(dashboard.addProduct.titleLabel, { exact: true }).fill(title);
      await form.getByLabel(dashboard.addProduct.author, { exact: true }).fill('Bibhutibhushan');
      await form.getByLabel(dashboard.category.label, { exact: true }).selectOption({ label: category.name });
      await form.getByLabel(dashboard.picture.label, { exact: true }).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(160) });
      await form.getByRole('radio', { name: common.copy.grades.good, exact: true }).check();
      await form.getByLabel(dashboard.addProduct.originalPrice, { exact: true }).fill('৪৫০');
      await form.getByLabel(dashboard.addProduct.resalePrice, { exact: true }).fill('২৬০');
      await form.getByLabel(dashboard.addProduct.phone, { exact: true }).fill('০১৭১২-৩৪৫৬৭৮');
      await form.getByLabel(dashboard.addProduct.location, { exact: true }).fill('নীলক্ষেত, ঢাকা');
      await expectBangla(page, 'Add A Product, filled in', typed);
      await expectNoSideScrolling(page, 'Add A Product at 360 px');
      await screenshot(page, 'bangla-add-product-360');
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/books' && r.request().method() === 'POST');
      await form.getByRole('button', { name: dashboard.addProduct.submit, exact: true }).click();
      const answer = await answered;
      expect(answer.status(), `POST /api/books answered ${answer.status()}: ${await answer.text()}`).toBe(201);
      created = (await answer.json()) as SellerBookDto;
      expect(created).toMatchObject({ title, originalPrice: 450, resalePrice: 260 });
      await visible(toast(page, dashboard.addProduct.added), `the Bangla "${dashboard.addProduct.added}" toast`);
      await expectPathSoon(page, '/dashboard/myProducts');
      await visible(main(page).getByText(formatTaka(260, 'bn'), { exact: true }).filter({ visible: true }).first(), 'the price in Bengali digits');
      await expectBangla(page, 'My Products', typed);
      await expectNoSideScrolling(page, 'My Products at 360 px');
      await screenshot(page, 'bangla-my-products-360');
    });

    // The language follows the person: chosen with the switch here, it is the language of their next sign-in on a
    // device whose browser asks for English.
    await withPage(browser(), { ...BANGLA, viewport: DESKTOP }, async ({ page, visit }) => {
      await logInInBangla(page, email, 'bangla-password-1');
      await visit('/');
      const bar = page.getByRole('banner');
      await bar.getByRole('button', { name: 'English', exact: true }).click();
      await visible(bar.getByRole('link', { name: 'Shop', exact: true }), 'the bar in English');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      const chosen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me/language' && r.request().method() === 'PUT');
      await bar.getByRole('button', { name: 'বাংলা', exact: true }).click();
      expect((await chosen).status(), 'the choice is kept on the account').toBe(200);
      await visible(bar.getByRole('link', { name: common.nav.shop, exact: true }), 'the bar in Bangla again');
    });
    await withPage(browser(), { locale: 'en-US', viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/login', { waitUntil: 'networkidle' });
      const form = page.getByRole('form', { name: 'Log in' });
      await form.getByLabel('Email', { exact: true }).fill(email);
      await form.getByLabel('Password', { exact: true }).fill('bangla-password-1');
      await form.getByRole('button', { name: 'Login', exact: true }).click();
      await visible(page.getByRole('banner').getByRole('link', { name: common.nav.shop, exact: true }), "the account's Bangla on an English browser");
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    });

    await withPage(browser(), { ...BANGLA, viewport: DESKTOP }, async ({ page, visit }) => {
      await logInInBangla(page, DEMO.admin);
      await visit('/dashboard/allSeller');
      await h1(page, dashboard.sellers.title);
      const rows = page.getByRole('table', { name: dashboard.sellers.table }).getByRole('row');
      await visible(rows.nth(1), 'the sellers table');
      const row = rows.filter({ hasText: email });
      for (let turn = 0; turn < 20 && (await row.count()) === 0; turn++) {
        const next = page.getByRole('navigation', { name: common.pagination.label }).getByRole('button', { name: common.pagination.next });
        if ((await next.count()) === 0 || (await next.isDisabled())) break;
        await next.click();
        await page.waitForLoadState('networkidle');
      }
      await visible(row, 'the new seller in All Seller');
      await visible(row.getByText(dashboard.sellers.notVerified, { exact: true }), 'the Bangla "not verified"');
      await row.getByRole('button', { name: fill(dashboard.accounts.verifyAccount, { email }), exact: true }).click();
      await visible(toast(page, dashboard.accounts.verifiedToast), `the Bangla "${dashboard.accounts.verifiedToast}" toast`);
      await visible(row.getByText(dashboard.sellers.verified, { exact: true }), 'the Bangla "verified"');
      await screenshot(page, 'bangla-all-seller-1280', { fullPage: false });
    });
    const book = await api.book(created?.id ?? '');
    expect(book.seller.verified, "the seller's books now carry the badge").toBe(true);
  }, 120_000);
});
