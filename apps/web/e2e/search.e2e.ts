// Search journeys: the navigation bar's search box (suggestions as the buyer types, the ARIA combobox keys) and the
// /search page (results, filters, order, pages, every choice in the URL and the back button), on a desktop and on a
// 360 px phone, with axe-core on what they show. They need the demo catalogue, which lists Pather Panchali in Latin
// letters: the buyer types it in Bengali script, in Banglish and with a typo, and must land on that book.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BookCardDto } from '../../../bindings/BookCardDto';
import type { CategorySummaryDto } from '../../../bindings/CategorySummaryDto';
import { audit, Audit, AUDIT_TIMEOUT_MS, auditRoute } from './axe';
import { DESKTOP, screenshot, useBrowser, withPage } from './browser';
import { api } from './env';
import { expectNoSideScrolling, h1, main, picturesLoaded, visible } from './page-checks';

const browser = useBrowser();

/** The demo's Pather Panchali, by Bibhutibhushan Bandyopadhyay, listed in Latin letters. */
const PATHER_PANCHALI = 'Pather Panchali';
/** The same title in Bengali script, in Banglish as a buyer types it, and in English with a typo. */
const BENGALI = 'পথের পাঁচালী';
const BANGLISH = 'pother pachali';
const TYPO = 'Pather Panchli';
/** Letters no title or author comes near. */
const NOTHING = 'xqzjvkwq';
const PHONE = { width: 360, height: 740 } as const;

let book: BookCardDto;
let categories: CategorySummaryDto[];

beforeAll(async () => {
  // Found across scripts: the Bengali-script title finds the listing written in Latin letters.
  const found = await api.search({ q: BENGALI, perPage: '48' });
  const match = found.items.find((item) => item.title === PATHER_PANCHALI);
  if (!match) {
    throw new Error(
      `the catalogue under test has no available book titled ${PATHER_PANCHALI} (GET /api/search found: ${found.items.map((item) => item.title).join(', ') || 'nothing'}); ` +
        'search finds a Latin-letter title by its Bengali-script form, and the demo catalogue lists it',
    );
  }
  book = match;
  categories = await api.categories();
});

// ---------------------------------------------------------------------------------------------------------------
// Helpers

function searchBox(page: Page): Locator {
  return page.getByRole('banner').getByRole('combobox', { name: 'Search books' });
}

function suggestions(page: Page): Locator {
  return page.getByRole('banner').getByRole('listbox', { name: 'Suggestions' });
}

/**
 * Types like a person (key by key), so the box asks for suggestions as it would for them, into the emptied box (on
 * /search it holds the words searched for).
 */
async function typeInto(box: Locator, text: string): Promise<void> {
  await box.fill('');
  await box.pressSequentially(text, { delay: 40 });
}

/** The path and the search parameters of the page, once the URL satisfies `expected`. */
async function expectSearch(page: Page, expected: Record<string, string>): Promise<void> {
  await expect
    .poll(() => {
      const address = new URL(page.url());
      return { path: address.pathname, ...Object.fromEntries(address.searchParams) };
    }, { timeout: 10_000 })
    .toEqual({ path: '/search', ...expected });
}

/** The titles of the result cards, once the results have settled. */
async function resultTitles(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.locator('main [aria-busy="true"]').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  return (await main(page).getByRole('heading', { level: 3 }).allInnerTexts()).map((title) => title.trim());
}

/**
 * The titles of the results this journey owns: other journeys, on the same server at the same time, add listings
 * titled "E2E ..." (one of them an "E2E Pather Panchali") and edit their prices, which reorders results by price.
 */
async function ownResultTitles(page: Page): Promise<string[]> {
  return (await resultTitles(page)).filter((title) => !title.startsWith('E2E '));
}

async function hasResult(page: Page, title: string): Promise<void> {
  await visible(main(page).getByRole('heading', { level: 3, name: title, exact: true }), `the result ${title}`);
}

/** A suggestion's accessible name: "<title>, <author>, <price>" (Chromium puts a space before each comma). */
function suggestionNamed(title: string): RegExp {
  return new RegExp(`^${title}\\s*,`);
}

/** Presses ArrowDown until `option` is the active one (at most once per suggestion). */
async function arrowTo(page: Page, option: Locator): Promise<void> {
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press('ArrowDown');
    if ((await option.getAttribute('aria-selected')) === 'true') return;
  }
  throw new Error(`ArrowDown never reached ${option.toString()}`);
}

// ---------------------------------------------------------------------------------------------------------------

describe('the search box', () => {
  test(`"${BANGLISH}" typed on the home page suggests ${PATHER_PANCHALI}; Enter on it opens the book`, async () => {
    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      await visit('/');
      const box = searchBox(page);
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      await typeInto(box, BANGLISH);
      const list = suggestions(page);
      const option = list.getByRole('option', { name: suggestionNamed(PATHER_PANCHALI) });
      await visible(option, `the suggestion ${PATHER_PANCHALI}`);
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      expect(await list.getByRole('option').count(), 'eight suggestions at most').toBeLessThanOrEqual(8);
      await visible(page.getByRole('banner').getByText(/^\d+ suggestions?$/), 'the count said to screen readers');
      await picturesLoaded(page);
      await screenshot(page, 'search-suggestions', { fullPage: false });

      await arrowTo(page, option);
      expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/books\/[0-9a-f-]{36}$/);
      await h1(page, PATHER_PANCHALI);
    });
  });

  test(`${BENGALI} typed in Bengali script suggests ${PATHER_PANCHALI}, listed in Latin letters`, async () => {
    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      await visit('/shop');
      const box = searchBox(page);
      await typeInto(box, BENGALI);
      await visible(suggestions(page).getByRole('option', { name: suggestionNamed(PATHER_PANCHALI) }), `the suggestion ${PATHER_PANCHALI}`);
    });
  });

  test('Escape closes the list, a second Escape empties the box, and a click outside closes it', async () => {
    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      await visit('/shop');
      const box = searchBox(page);
      await typeInto(box, BANGLISH);
      await visible(suggestions(page).getByRole('option').first(), 'the suggestions');
      await page.keyboard.press('Escape');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      expect(await box.inputValue()).toBe(BANGLISH);
      await page.keyboard.press('ArrowDown');
      expect(await box.getAttribute('aria-expanded'), 'ArrowDown opens it again').toBe('true');
      await page.getByRole('heading', { level: 1 }).click();
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      await box.focus();
      await page.keyboard.press('Escape');
      expect(await box.inputValue()).toBe('');
    });
  });
});

describe('the search page', () => {
  test(`"${TYPO}" and Enter with no suggestion chosen lists the book on /search; sort and category go into the URL; back restores the earlier results`, async () => {
    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      await visit('/blog');
      await typeInto(searchBox(page), TYPO);
      await page.keyboard.press('Enter');
      await expectSearch(page, { q: TYPO });
      await h1(page, `Results for “${TYPO}”`);
      await hasResult(page, PATHER_PANCHALI);
      const relevant = await ownResultTitles(page);
      await picturesLoaded(page);
      await screenshot(page, 'search');

      const filters = page.getByRole('region', { name: 'Filters' });
      const sort = filters.getByLabel('Sort by');
      expect(await sort.inputValue()).toBe('relevance');
      await sort.selectOption({ label: 'Price: high to low' });
      await expectSearch(page, { q: TYPO, sort: 'price_desc' });
      await hasResult(page, PATHER_PANCHALI);
      const byPrice = await ownResultTitles(page);

      const category = filters.getByLabel('Category');
      await category.selectOption(book.categoryId);
      await expectSearch(page, { q: TYPO, categoryId: book.categoryId, sort: 'price_desc' });
      await hasResult(page, PATHER_PANCHALI);

      await page.goBack();
      await expectSearch(page, { q: TYPO, sort: 'price_desc' });
      expect(await category.inputValue()).toBe('');
      expect(await ownResultTitles(page)).toEqual(byPrice);
      await page.goBack();
      await expectSearch(page, { q: TYPO });
      expect(await sort.inputValue()).toBe('relevance');
      expect(await ownResultTitles(page)).toEqual(relevant);
      expect(await searchBox(page).inputValue(), 'the box holds the words searched for').toBe(TYPO);
    });
  });

  test('a price range is checked before anything is searched', async () => {
    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      await visit(`/search?q=${encodeURIComponent(TYPO)}`);
      await hasResult(page, PATHER_PANCHALI);
      const range = page.getByRole('form', { name: 'Price range' });
      await range.getByLabel('Min price (৳)').fill('500');
      await range.getByLabel('Max price (৳)').fill('100');
      await range.getByRole('button', { name: 'Apply' }).click();
      await visible(range.getByRole('alert').getByText('The lowest price must not be more than the highest.'), 'the price message');
      await expectSearch(page, { q: TYPO });
      await range.getByLabel('Max price (৳)').fill(String(book.resalePrice));
      await range.getByLabel('Min price (৳)').fill('0');
      await range.getByLabel('Min price (৳)').press('Enter');
      await expectSearch(page, { q: TYPO, minPrice: '0', maxPrice: String(book.resalePrice) });
      await hasResult(page, PATHER_PANCHALI);
    });
  });

  test('a search that matches nothing says so and suggests the categories; with filters, one button clears them', async () => {
    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      await visit(`/search?q=${NOTHING}`);
      await visible(main(page).getByRole('heading', { level: 2, name: `No books match “${NOTHING}”` }), 'the empty state');
      const links = main(page).getByRole('navigation', { name: 'Categories' }).getByRole('link');
      const stocked = categories.filter((category) => category.bookCount > 0);
      expect(stocked.length, 'the demo has categories with books').toBeGreaterThan(0);
      await expect.poll(() => links.count()).toBe(stocked.length);
      for (const category of stocked) {
        const link = main(page).getByRole('link', { name: `${category.name} (${category.bookCount})`, exact: true });
        expect(await link.getAttribute('href')).toBe(`/search?categoryId=${category.id}`);
      }
      expect(await main(page).getByRole('button', { name: 'Clear filters' }).count(), 'no filters to clear').toBe(0);
      await screenshot(page, 'search-empty');

      await visit(`/search?q=${NOTHING}&categoryId=${book.categoryId}&maxPrice=1`);
      await main(page).getByRole('button', { name: 'Clear filters' }).click();
      await expectSearch(page, { q: NOTHING });
      await visible(main(page).getByRole('heading', { level: 2, name: `No books match “${NOTHING}”` }), 'the empty state');
    });
  });
});

describe('search on a phone (360 px)', () => {
  test('the search opens from the icon with the focus in it, and the page fits the screen', async () => {
    await withPage(browser(), { viewport: PHONE, isMobile: true, hasTouch: true }, async ({ page, visit }) => {
      await visit('/');
      const box = searchBox(page);
      expect(await box.isVisible(), 'folded away behind its icon').toBe(false);
      const open = page.getByRole('banner').getByRole('button', { name: 'Search books' });
      await open.tap();
      await visible(box, 'the search box');
      await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true);
      await box.pressSequentially(BANGLISH, { delay: 40 });
      await visible(suggestions(page).getByRole('option', { name: suggestionNamed(PATHER_PANCHALI) }), 'the suggestion');
      await expectNoSideScrolling(page, 'the home page with the search open');
      await screenshot(page, 'search-suggestions-mobile', { fullPage: false });

      await page.keyboard.press('Enter');
      await expectSearch(page, { q: BANGLISH });
      await hasResult(page, PATHER_PANCHALI);
      // The box folds away when the results page has rendered, a moment after its first result shows: asked once,
      // a busy machine answered before it had (CI, 2026-11-28).
      await expect.poll(() => box.isVisible(), { message: 'the search folds away once the results are there' }).toBe(false);
      await expectNoSideScrolling(page, '/search');
      await picturesLoaded(page);
      await screenshot(page, 'search-mobile');

      await page.getByRole('banner').getByRole('button', { name: 'Search books' }).tap();
      await page.getByRole('banner').getByRole('button', { name: 'Close search' }).tap();
      expect(await box.isVisible()).toBe(false);
    });
  });
});

describe('search accessibility (axe-core: no critical or serious violation)', () => {
  test('/search with results, filtered, empty and with a wrong price; the suggestions open, on a desktop and a phone', async () => {
    const results = new Audit();
    await withPage(browser(), { viewport: DESKTOP, reducedMotion: 'reduce' }, async ({ page }) => {
      await auditRoute(page, results, `/search?q=${encodeURIComponent(TYPO)}`, `Results for “${TYPO}”`);
      await auditRoute(page, results, `/search?categoryId=${book.categoryId}&sort=price_asc&minPrice=0`, 'All books');
      await auditRoute(page, results, `/search?q=${NOTHING}&maxPrice=1`, `Results for “${NOTHING}”`);
      const range = page.getByRole('form', { name: 'Price range' });
      await range.getByLabel('Min price (৳)').fill('abc');
      await range.getByRole('button', { name: 'Apply' }).click();
      await visible(range.getByRole('alert'), 'the price message');
      await audit(page, results, '/search (price message)');
      await typeInto(searchBox(page), BANGLISH);
      await visible(suggestions(page).getByRole('option').first(), 'the suggestions');
      await page.keyboard.press('ArrowDown');
      await audit(page, results, '/search (suggestions open)');
    });
    await withPage(browser(), { viewport: PHONE, reducedMotion: 'reduce', isMobile: true, hasTouch: true }, async ({ page }) => {
      await auditRoute(page, results, `/search?q=${encodeURIComponent(TYPO)}`, `Results for “${TYPO}”`);
      await page.getByRole('banner').getByRole('button', { name: 'Search books' }).tap();
      await typeInto(searchBox(page), BANGLISH);
      await visible(suggestions(page).getByRole('option').first(), 'the suggestions');
      await audit(page, results, '/search (phone, suggestions open)');
    });
    results.verdict('search');
  }, AUDIT_TIMEOUT_MS);
});
