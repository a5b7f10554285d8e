// The copy being sold, on a 360 px phone: a seller lists a book with three photos, a condition grade, a language and
// an ISBN, reorders the photos in My Products; a buyer sees the photos in the book page's gallery, the grade with its
// definition and the condition guide, and finds the copy by filtering its category by that grade, in English and in
// Bangla. The book page is audited with axe. Screenshots of each step are written to /tmp/copy-screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { SellerBookDto } from '../../../bindings/SellerBookDto';
import { common as commonBn } from '../src/lib/i18n/texts/common-bn';
import { shop as shopBn } from '../src/lib/i18n/texts/shop-bn';
import { dashboard as dashboardBn } from '../src/lib/i18n/texts/dashboard-bn';
import { DEMO, expectPathSoon, logIn, signUp, uniqueEmail } from './accounts';
import { audit, Audit, AUDIT_TIMEOUT_MS } from './axe';
import { useBrowser, withPage } from './browser';
import { api, url } from './env';
import { expectNoSideScrolling, h1, picturesLoaded, toast, visible } from './page-checks';
import { makePng } from './png';
import { stamp } from './shop-data';

const browser = useBrowser();

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' } as const;
const SHOTS = '/tmp/copy-screenshots';
const ISBN = '978-0-306-40615-7';

let authMode = 'unknown';
beforeAll(async () => {
  const response = await fetch(url('/api/config'));
  authMode = ((await response.json()) as { auth: { mode: string } }).auth.mode;
  mkdirSync(SHOTS, { recursive: true });
});

/** A screenshot of the whole page, or of one part of it, under /tmp/copy-screenshots. */
async function shot(target: Page | Locator, name: string): Promise<void> {
  const path = join(SHOTS, `${name}.png`);
  if ('goto' in target) {
    await target.screenshot({ path, fullPage: true, animations: 'disabled' });
    return;
  }
  // Cut from a full-page picture rather than scrolled to: the bar, fixed at the top, would cover the part.
  const page = target.page();
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await target.boundingBox();
  if (!box) throw new Error(`nothing to photograph: ${target.toString()}`);
  await page.screenshot({ path, fullPage: true, clip: box, animations: 'disabled' });
}

/** Switches the language with the bar's button, which names the other language in that language. */
async function switchTo(page: Page, language: 'bn' | 'en'): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: language === 'bn' ? 'বাংলা' : 'English', exact: true }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
}

/** The order of the photos a list shows, by the address or file name each row carries. */
async function photoOrder(list: Locator): Promise<string[]> {
  return list.locator('li').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.photo ?? ''));
}

describe('the copy: grade, language, ISBN and photos', () => {
  test('a seller lists a copy with three photos and a grade, reorders them; a buyer sees them and filters by the grade', async (ctx) => {
    if (authMode !== 'emulator') ctx.skip();
    const category = (await api.categories()).find((c) => c.bookCount > 0);
    if (!category) throw new Error('no category with books');
    const title = `E2E Copy ${stamp()}`;
    let created: SellerBookDto | undefined;
    let reordered: string[] = [];

    await withPage(browser(), PHONE, async ({ page }) => {
      await signUp(page, { name: 'Copy Seller', email: uniqueEmail('copy-seller'), password: 'e2e-password', seller: true });
      await page.goto('/dashboard/addAProduct', { waitUntil: 'networkidle' });
      await h1(page, 'Add A Product');
      const form = page.getByRole('form', { name: 'Add a product' });
      await form.getByLabel('Title', { exact: true }).fill(title);
      await form.getByLabel('Author', { exact: true }).fill('Bibhutibhushan Bandyopadhyay');
      await form.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
      // Three photos at once, the first the cover; each a real PNG of its own size, so they differ.
      await form.getByLabel('Photos', { exact: true }).setInputFiles([
        { name: 'cover.png', mimeType: 'image/png', buffer: makePng(160) },
        { name: 'spine.png', mimeType: 'image/png', buffer: makePng(120) },
        { name: 'inside.png', mimeType: 'image/png', buffer: makePng(96) },
      ]);
      const chosen = form.getByRole('list', { name: 'Chosen photos' });
      await expect.poll(() => photoOrder(chosen)).toEqual(['cover.png', 'spine.png', 'inside.png']);
      // The keyboard's way to reorder: the inside photo one place earlier, and back.
      await chosen.getByRole('button', { name: 'Move photo 3 earlier', exact: true }).click();
      await expect.poll(() => photoOrder(chosen)).toEqual(['cover.png', 'inside.png', 'spine.png']);
      await chosen.getByRole('button', { name: 'Move photo 2 later', exact: true }).click();
      await expect.poll(() => photoOrder(chosen)).toEqual(['cover.png', 'spine.png', 'inside.png']);

      const condition = form.getByRole('group', { name: 'Condition' });
      await condition.getByRole('radio', { name: 'Acceptable', exact: true }).check();
      await form.getByLabel('Language of the book', { exact: true }).selectOption({ label: 'English' });
      await form.getByLabel('ISBN (optional)', { exact: true }).fill(ISBN);
      await form.getByLabel('Original price (৳)', { exact: true }).fill('450');
      await form.getByLabel('Resale price (৳)', { exact: true }).fill('180');
      await form.getByLabel('Phone', { exact: true }).fill('01712-345678');
      await form.getByLabel('Location', { exact: true }).fill('Nilkhet, Dhaka');
      await expectNoSideScrolling(page, 'Add A Product with three photos at 360 px');
      const bookSection = form.getByRole('group', { name: 'The book' });
      await shot(bookSection, 'add-book-photos-condition-en');
      await switchTo(page, 'bn');
      const formBn = page.getByRole('form', { name: dashboardBn.addProduct.form });
      await visible(formBn.getByRole('radio', { name: commonBn.copy.grades.acceptable, exact: true }), 'the grades in Bangla');
      await shot(formBn.getByRole('group', { name: dashboardBn.addProduct.book }), 'add-book-photos-condition-bn');
      await switchTo(page, 'en');

      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/books' && r.request().method() === 'POST');
      await form.getByRole('button', { name: 'Add Product', exact: true }).click();
      const answer = await answered;
      expect(answer.status(), `POST /api/books answered ${answer.status()}: ${await answer.text()}`).toBe(201);
      created = (await answer.json()) as SellerBookDto;
      expect(created).toMatchObject({ title, condition: 'acceptable', language: 'en', isbn: '9780306406157' });
      expect(created.pictures).toHaveLength(3);
      expect(created.picture).toBe(created.pictures[0]);
      await visible(toast(page, 'Items added successfully'), 'the added toast');
      await expectPathSoon(page, '/dashboard/myProducts');

      // My Products: the photo manager puts the third photo first, as the new cover.
      await h1(page, 'My Products');
      const card = page.getByRole('list', { name: 'Your books' }).getByRole('listitem').filter({ hasText: title });
      await visible(card.getByText('Condition: Acceptable', { exact: true }), 'the grade on the listing');
      await card.getByRole('button', { name: `Photos of ${title}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Photos' });
      const photos = dialog.getByRole('list', { name: `Photos of ${title}` });
      await expect.poll(() => photoOrder(photos)).toEqual(created.pictures);
      const put = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/pictures/order') && r.request().method() === 'PUT');
      await photos.getByRole('button', { name: 'Move photo 3 earlier', exact: true }).click();
      expect((await put).status()).toBe(200);
      await visible(toast(page, 'Photo order saved'), 'the reordered toast');
      const second = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/pictures/order') && r.request().method() === 'PUT');
      await photos.getByRole('button', { name: 'Move photo 2 earlier', exact: true }).click();
      expect((await second).status()).toBe(200);
      const [cover, spine, inside] = created.pictures;
      reordered = [inside ?? '', cover ?? '', spine ?? ''];
      await expect.poll(() => photoOrder(photos)).toEqual(reordered);
      expect((await api.book(created.id)).pictures, 'the server keeps the new order').toEqual(reordered);
      // The only photo can never be removed, and the add button is there below five.
      await visible(dialog.getByLabel('Add a photo', { exact: true }), 'the add-a-photo picker');
      await picturesLoaded(page);
      await expectNoSideScrolling(page, 'the photo manager at 360 px');
      await shot(dialog.locator('.modal-box'), 'my-products-photos-en');
      // The language switch is behind the open dialog: closed, switched, opened again.
      await dialog.getByRole('button', { name: 'Done', exact: true }).click();
      await switchTo(page, 'bn');
      await page.getByRole('button', { name: `${title}-এর ছবি`, exact: true }).click();
      const dialogBn = page.getByRole('dialog', { name: dashboardBn.photos.title });
      await visible(dialogBn.getByText(dashboardBn.photos.lead, { exact: true }), 'the photo manager in Bangla');
      await picturesLoaded(page);
      await shot(dialogBn.locator('.modal-box'), 'my-products-photos-bn');
      await dialogBn.getByRole('button', { name: dashboardBn.photos.done, exact: true }).click();
      await switchTo(page, 'en');
    });

    const book = created;
    if (!book) throw new Error('no book was listed');
    await withPage(browser(), PHONE, async ({ page }) => {
      await logIn(page, DEMO.farhana);
      await page.goto(`/books/${book.id}`, { waitUntil: 'networkidle' });
      await h1(page, title);
      const gallery = page.getByRole('list', { name: 'Photos of this copy' });
      const thumbnails = gallery.getByRole('button');
      expect(await thumbnails.count()).toBe(3);
      const large = page.getByRole('img', { name: `${title}, photo 1 of 3`, exact: true });
      await visible(large, 'the cover, large');
      expect(await large.getAttribute('src')).toBe(reordered[0]);
      // Only the cover is fetched eagerly.
      expect(await gallery.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('loading')))).toEqual(['lazy', 'lazy', 'lazy']);
      // The keyboard shows another photo: a thumbnail, then the arrow key.
      await thumbnails.nth(1).focus();
      await page.keyboard.press('Enter');
      await visible(page.getByRole('img', { name: `${title}, photo 2 of 3`, exact: true }), 'the second photo, large');
      await page.keyboard.press('ArrowRight');
      const third = page.getByRole('img', { name: `${title}, photo 3 of 3`, exact: true });
      await visible(third, 'the third photo, large');
      expect(await third.getAttribute('src')).toBe(reordered[2]);
      await page.keyboard.press('Home');

      const condition = page.getByRole('region', { name: 'Condition' });
      await visible(condition.getByText('Condition: Acceptable', { exact: true }), 'the grade');
      await visible(
        condition.getByText('Heavily used but whole and readable: notes, highlighting, stains or a loose cover; no missing pages.').first(),
        'the grade’s definition',
      );
      await condition.getByText('Condition guide', { exact: true }).click();
      await visible(condition.getByText('This copy', { exact: true }), 'the guide marking this copy');
      const about = page.getByRole('region', { name: 'About this book' });
      await visible(about.getByText('English', { exact: true }), 'the language');
      await visible(about.getByText('978-030640615-7', { exact: true }), 'the ISBN');
      await picturesLoaded(page);
      await expectNoSideScrolling(page, 'the book page at 360 px');

      const results = new Audit();
      await audit(page, results, `/books/:id (a copy with three photos, the guide open)`);
      results.verdict('the book page of a copy');
      await shot(page, 'book-gallery-condition-en');
      await switchTo(page, 'bn');
      await visible(page.getByRole('region', { name: commonBn.copy.condition }).getByText(`${commonBn.copy.condition}: ${commonBn.copy.grades.acceptable}`, { exact: true }), 'the grade in Bangla');
      await visible(page.getByRole('list', { name: shopBn.book.photos }), 'the gallery in Bangla');
      await shot(page, 'book-gallery-condition-bn');
      await switchTo(page, 'en');

      // The category, filtered by the grade: the new copy is among the newest Acceptable ones.
      await page.goto(`/category/${category.id}`, { waitUntil: 'networkidle' });
      await h1(page, category.name);
      await page.getByLabel('Condition', { exact: true }).selectOption({ label: 'Acceptable' });
      await expect.poll(() => new URL(page.url()).searchParams.get('condition')).toBe('acceptable');
      const article = page.locator(`article[data-book-id="${book.id}"]`);
      await visible(article, 'the copy among the Acceptable ones');
      await visible(article.getByText('Condition: Acceptable', { exact: true }), 'the grade on the card');
      // The unfiltered cards stay on screen (dimmed) until the filtered ones arrive.
      const grades = () =>
        page
          .locator('article')
          .evaluateAll((cards) => [...new Set(cards.map((card) => card.querySelector('[data-condition]')?.getAttribute('data-condition')))]);
      await expect.poll(grades, { message: 'only Acceptable copies' }).toEqual(['acceptable']);
      await picturesLoaded(page);
      await expectNoSideScrolling(page, 'the filtered category page at 360 px');
      await shot(page, 'category-filtered-en');

      await switchTo(page, 'bn');
      expect(await page.getByLabel(shopBn.filters.condition, { exact: true }).inputValue()).toBe('acceptable');
      await visible(article.getByText(`${commonBn.copy.condition}: ${commonBn.copy.grades.acceptable}`, { exact: true }), 'the grade on the card in Bangla');
      await shot(page, 'category-filtered-bn');

      // A grade and language no copy has in this category at once: the empty state and its Clear filters.
      await page.getByLabel(shopBn.filters.language, { exact: true }).selectOption({ label: commonBn.copy.languages.other });
      await expect.poll(() => new URL(page.url()).searchParams.get('language')).toBe('other');
      const empty = page.getByRole('heading', { name: shopBn.category.noMatchTitle });
      const nothingMatches = await empty.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (nothingMatches) {
        await shot(page, 'category-no-match-bn');
        await page.getByRole('button', { name: shopBn.category.clearFilters, exact: true }).click();
        await expect.poll(() => new URL(page.url()).search).toBe('');
      }
      await switchTo(page, 'en');
    });
  }, AUDIT_TIMEOUT_MS * 2);
});
