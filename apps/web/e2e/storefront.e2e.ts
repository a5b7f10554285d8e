// Storefront journeys: every public route of the shop, in a real browser, against the real server and the
// seeded demo catalogue. Ids come from the API (or, for books the listings never show, from global setup).
// Category pages need a signed-in user: those journeys log in as the demo buyer first (see ./accounts.ts).
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, logIn } from './accounts';
import { psql } from './global-setup';
import { DESKTOP, MOBILE, screenshot, useBrowser, withPage, type TestPage } from './browser';
import { api, fixtures, taka } from './env';
import { appStarted } from './page-checks';

const browser = useBrowser();

const APP = 'Puronoboi';
const LANDING_TITLE = `Home · ${APP}`;
const HERO_INTERVAL_MS = 5_000;
const NARROW = { width: 360, height: 740 } as const;
/** Every server instance shows a change made elsewhere (here: straight in the database) within a second; twice that
 * leaves room for a busy CI machine. */
const FRESH_WITHIN_MS = 2_000;
/** What a visitor sees in place of the seller's phone and e-mail ("Sign in" links to /login). */
const CONTACT_SIGN_IN = "Sign in to see the seller's phone and e-mail";

// ---------------------------------------------------------------------------------------------------------------
// Helpers

function path(page: Page): string {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
}

async function expectPath(page: Page, expected: string | RegExp): Promise<void> {
  await expect.poll(() => path(page), { timeout: 10_000 }).toMatch(expected instanceof RegExp ? expected : new RegExp(`^${escape(expected)}$`));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function expectTitle(page: Page, expected: string): Promise<void> {
  await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(expected);
}

async function expectVisible(locator: Locator, what: string): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    throw new Error(`expected ${what} to be visible (${locator.toString()}), but it is not`);
  }
}

/**
 * The page's one h1. Pass what it should say to wait for it: right after a client-side navigation the previous
 * page's h1 (or a spinner with none) may still be showing.
 */
async function h1(page: Page, expected?: string | RegExp): Promise<string> {
  const heading = page.getByRole('heading', { level: 1 });
  // The app's h1, not the one of the first screen the server draws before the app starts.
  const texts = async (): Promise<string[]> => ((await appStarted(page)) ? (await heading.allInnerTexts()).map((text) => text.trim()) : []);
  if (expected === undefined) {
    await expect.poll(() => appStarted(page), { timeout: 10_000, message: `the app starts on ${page.url()}` }).toBe(true);
    await heading.first().waitFor({ state: 'visible' });
  } else {
    await expect
      .poll(async () => {
        const [first, ...rest] = await texts();
        return rest.length === 0 && first !== undefined && (typeof expected === 'string' ? first === expected : expected.test(first));
      }, { timeout: 10_000 })
      .toBe(true)
      .catch(async () => {
        throw new Error(`expected one h1 ${String(expected)} on ${page.url()}, found ${JSON.stringify(await texts())}`);
      });
  }
  const all = await texts();
  expect(all, 'a page has exactly one h1').toHaveLength(1);
  return all[0] ?? '';
}

/** Marks the current document so a later check can tell a client-side navigation from a full reload. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eDocument?: boolean }).__e2eDocument = true;
  });
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eDocument?: boolean }).__e2eDocument === true);
}

async function activeSlide(page: Page): Promise<number> {
  const value = await page.locator('[data-active-slide]').getAttribute('data-active-slide');
  if (value === null || !/^\d+$/.test(value)) throw new Error(`data-active-slide is ${JSON.stringify(value)}`);
  return Number(value);
}

/** Waits until the carousel shows a slide other than `from`; answers the new index and when it changed. */
async function nextSlideChange(page: Page, from: number, timeoutMs: number): Promise<{ index: number; at: number }> {
  await page.waitForFunction(
    (previous) => document.querySelector('[data-active-slide]')?.getAttribute('data-active-slide') !== String(previous),
    from,
    { timeout: timeoutMs, polling: 50 },
  );
  return { index: await activeSlide(page), at: Date.now() };
}

/** Left edges of the cards, grouped into columns (a pixel of tolerance), and the number of cards in the first row. */
async function gridShape(cards: Locator): Promise<{ columns: number; firstRow: number; count: number }> {
  const boxes = [];
  for (const card of await cards.all()) {
    const box = await card.boundingBox();
    if (!box) throw new Error('an advertised card has no layout box');
    boxes.push(box);
  }
  const lefts = [...new Set(boxes.map((b) => Math.round(b.x)))].sort((a, b) => a - b);
  const columns = lefts.filter((x, i) => i === 0 || x - (lefts[i - 1] ?? x) > 1).length;
  const top = Math.min(...boxes.map((b) => b.y));
  const firstRow = boxes.filter((b) => Math.abs(b.y - top) <= 1).length;
  return { columns, firstRow, count: boxes.length };
}

async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, culprits };
  });
}

/**
 * Scrolls through the whole page so lazy images load as a visitor would see them, then back to the top; images
 * still waiting (for example off to the side in a horizontal shelf) are then asked to load too.
 */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' }); // the app sets scroll-behavior: smooth
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    for (const img of document.images) if (!img.complete) img.loading = 'eager';
  });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 15_000 });
}

async function brokenImages(scope: Locator): Promise<string[]> {
  return scope.locator('img').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.currentSrc || img.src),
  );
}

async function shoot(t: TestPage, name: string): Promise<void> {
  await loadLazyImages(t.page);
  await screenshot(t.page, name);
}

// ---------------------------------------------------------------------------------------------------------------
// Landing page

describe('landing page', () => {
  test('/ shows the hero, advertised items from the API, explore books, services, contact and plans', async () => {
    const advertised = await api.advertised();
    expect(advertised.length, 'the demo seed advertises available books').toBeGreaterThan(0);

    await withPage(browser(), { viewport: DESKTOP }, async (t) => {
      const { page } = t;
      await t.visit('/');
      await expectTitle(page, LANDING_TITLE);
      await expectVisible(page.locator('[data-active-slide]'), 'the hero carousel');

      const section = page.getByRole('region', { name: 'Advertised Items' });
      await expectVisible(section.getByRole('heading', { name: 'Advertised Items' }), 'the Advertised Items heading');
      const cards = section.getByRole('article');
      await expect.poll(() => cards.count()).toBe(advertised.length);
      for (const book of advertised) {
        const card = section.getByRole('article').filter({ has: page.getByRole('heading', { name: book.title, exact: true }) });
        expect(await card.count(), `one advertised card for "${book.title}"`).toBe(1);
        expect(await card.getByText(taka(book.resalePrice), { exact: true }).count(), `"${book.title}" shows ${taka(book.resalePrice)}`).toBe(1);
        const hrefs = await card.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
        expect(hrefs, 'picture and title both link to the book').toEqual([`/books/${book.id}`, `/books/${book.id}`]);
        expect(await card.getByText(book.author).count()).toBeGreaterThan(0);
        expect(await card.getByText(new RegExp(`\\b${book.reviews} reviews?\\b`)).count(), 'the reviews count').toBe(1);
      }

      // Explore books: a block grouped by category with a View More Books link.
      const viewMore = page.getByRole('link', { name: 'View More Books' });
      await expectVisible(viewMore, 'the View More Books link');
      const viewMoreTargets = await viewMore.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(new Set(viewMoreTargets), 'View More Books leads to the shop').toEqual(new Set(['/shop']));

      // Services, contact and plans.
      for (const service of [/used book buying/i, /super easy to order/i, /free delivery/i]) {
        await expectVisible(page.getByRole('heading', { name: service }), `the service ${service}`);
      }
      await expectVisible(page.locator('main a[href^="mailto:"]'), 'the contact e-mail card');
      await expectVisible(page.locator('main a[href^="tel:"]'), 'the contact phone card');
      for (const plan of ['Standard Plan', 'Most Popular', 'Premium']) {
        await expectVisible(page.getByRole('heading', { name: plan, exact: true }), `the "${plan}" plan card`);
      }

      await shoot(t, 'landing-desktop');
      // What the README shows: the first screen a visitor sees.
      await t.page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(t.page, 'landing-first-screen', { fullPage: false });
      expect(await brokenImages(page.locator('main')), 'every picture on the landing page loads').toEqual([]);
    });
  });

  test('/home is the landing page too', async () => {
    await withPage(browser(), { viewport: DESKTOP }, async (t) => {
      await t.visit('/home');
      await expectPath(t.page, '/home');
      await expectVisible(t.page.locator('[data-active-slide]'), 'the hero carousel');
      await expectVisible(t.page.getByRole('heading', { name: 'Advertised Items' }), 'the Advertised Items heading');
      await expectVisible(t.page.getByRole('link', { name: 'View More Books' }), 'the View More Books link');
      await expectTitle(t.page, LANDING_TITLE);
      await shoot(t, 'home');
    });
  });

  test('the landing page on a phone', async () => {
    await withPage(browser(), { viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }, async (t) => {
      await t.visit('/');
      await expectVisible(t.page.getByRole('heading', { name: 'Advertised Items' }), 'the Advertised Items heading');
      await shoot(t, 'landing-mobile');
    });
  });

  test('the hero carousel advances every 5000 ms', async () => {
    await withPage(browser(), { viewport: DESKTOP, reducedMotion: 'no-preference' }, async ({ page, visit }) => {
      await visit('/');
      const slides = await page.locator('[data-slide-index]').count();
      expect(slides, 'the carousel has several slides').toBeGreaterThan(1);
      const start = await activeSlide(page);
      // The first change can come at any point of the interval that started on mount; time the second one.
      const first = await nextSlideChange(page, start, HERO_INTERVAL_MS + 2_000);
      expect(first.index).toBe((start + 1) % slides);
      const second = await nextSlideChange(page, first.index, HERO_INTERVAL_MS + 2_000);
      expect(second.index).toBe((first.index + 1) % slides);
      const interval = second.at - first.at;
      expect(interval, `the slide changed after ${interval} ms`).toBeGreaterThan(HERO_INTERVAL_MS - 400);
      expect(interval).toBeLessThan(HERO_INTERVAL_MS + 1_000);
      // Only the active slide is shown.
      const shown = page.locator(`[data-slide-index="${second.index}"]`);
      await expect.poll(() => shown.isVisible()).toBe(true);
      const hidden = page.locator(`[data-slide-index="${first.index}"]`);
      await expect.poll(() => hidden.isVisible()).toBe(false);
    });
  });

  test('the hero carousel stays put for visitors who prefer reduced motion, but still moves by hand', async () => {
    await withPage(browser(), { viewport: DESKTOP, reducedMotion: 'reduce' }, async ({ page, visit }) => {
      await visit('/');
      const start = await activeSlide(page);
      await page.waitForTimeout(HERO_INTERVAL_MS + 1_500);
      expect(await activeSlide(page), 'no automatic advance under prefers-reduced-motion').toBe(start);
      await page.getByRole('button', { name: 'Next slide' }).click();
      await expect.poll(() => activeSlide(page)).not.toBe(start);
    });
  });

  test('the advertised grid has 1 column on a phone, 2 from medium and 3 on a large screen', async () => {
    const advertised = await api.advertised();
    expect(advertised.length, 'enough advertised books to fill three columns').toBeGreaterThanOrEqual(4);
    for (const [viewport, expected] of [
      [{ width: 375, height: 812 }, 1],
      [{ width: 800, height: 900 }, 2],
      [{ width: 1280, height: 900 }, 3],
    ] as const) {
      await withPage(browser(), { viewport }, async ({ page, visit }) => {
        await visit('/');
        const cards = page.getByRole('region', { name: 'Advertised Items' }).getByRole('article');
        await expect.poll(() => cards.count()).toBe(advertised.length);
        const shape = await gridShape(cards);
        expect(shape, `advertised grid at ${viewport.width} px`).toEqual({ columns: expected, firstRow: expected, count: advertised.length });
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Layout: navigation bar and footer

describe('layout', () => {
  test('the navigation bar links navigate inside the app', async () => {
    await withPage(browser(), { viewport: DESKTOP }, async (t) => {
      const { page } = t;
      await t.visit('/blog');
      const nav = page.getByRole('banner');
      // [link name, where it goes, the h1 there, the document title there]
      const landing = /^Puronoboi\b/;
      const links: [string | RegExp, string, string | RegExp, string][] = [
        ['Home', '/home', landing, `Home · ${APP}`],
        ['Shop', '/shop', 'Shop', `Shop · ${APP}`],
        ['Advertise Items', '/advertise', 'Advertised Items', `Advertised Items · ${APP}`],
        ['Blog', '/blog', 'Some Important Questions You Should Know About !!', `Blog · ${APP}`],
        ['Login', '/login', /log\s?in/i, `Log in · ${APP}`],
        ['SignUp', '/signup', /sign\s?up|create an account/i, `Create an account · ${APP}`],
        [/^Puronoboi( home)?$/, '/', landing, `Home · ${APP}`],
      ];
      for (const [name, target, heading, title] of links) {
        await markDocument(page);
        await nav.getByRole('link', { name, exact: true }).click();
        await expectPath(page, target);
        expect(await sameDocument(page), `${String(name)} navigates without reloading the page`).toBe(true);
        await h1(page, heading);
        await expectTitle(page, title);
        if (target === '/login' || target === '/signup') await shoot(t, target.slice(1));
      }
      expect(await nav.getByRole('link', { name: 'Dashboard' }).count(), 'no Dashboard link when signed out').toBe(0);
    });
  });

  test('on a phone the navigation links sit behind a menu button', async () => {
    await withPage(browser(), { viewport: MOBILE, isMobile: true, hasTouch: true }, async ({ page, visit }) => {
      await visit('/');
      const banner = page.getByRole('banner');
      expect(await banner.getByRole('link', { name: 'Shop', exact: true }).count(), 'links are folded away').toBe(0);
      const menu = banner.getByRole('button', { name: /menu/i });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      await menu.tap();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      for (const name of ['Home', 'Shop', 'Advertise Items', 'Blog', 'Login', 'SignUp']) {
        await expectVisible(banner.getByRole('link', { name, exact: true }), `the menu link ${name}`);
      }
      await banner.getByRole('link', { name: 'Shop', exact: true }).tap();
      await expectPath(page, '/shop');
      await h1(page, 'Shop');
      await expect.poll(() => banner.getByRole('link', { name: 'Shop', exact: true }).count()).toBe(0); // the menu closes after navigating
    });
  });

  test('the footer links Home, Contacts, About Us and Privacy Policy', async () => {
    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      await visit('/shop');
      const footer = page.getByRole('contentinfo');
      for (const [name, href] of [
        ['Home', /^\/(home)?$/],
        ['Contacts', /^\/$/],
        ['About Us', /^\/$/],
        ['Privacy Policy', /^\/$/],
      ] as const) {
        const link = footer.getByRole('link', { name, exact: true });
        expect(await link.count(), `one footer link "${name}"`).toBe(1);
        expect(await link.getAttribute('href')).toMatch(href);
      }
      await expectVisible(footer.getByText(/©|copyright/i), 'the copyright line');
      await markDocument(page);
      await footer.getByRole('link', { name: 'About Us', exact: true }).click();
      await expectPath(page, '/');
      expect(await sameDocument(page)).toBe(true);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Advertised items

describe('advertised items', () => {
  test('the navbar shows Advertise Items and /advertise lists the advertised books', async () => {
    const advertised = await api.advertised();
    expect(advertised.length).toBeGreaterThan(0);
    await withPage(browser(), { viewport: DESKTOP }, async (t) => {
      const { page } = t;
      await t.visit('/');
      await page.getByRole('banner').getByRole('link', { name: 'Advertise Items', exact: true }).click();
      await expectPath(page, '/advertise');
      await h1(page, 'Advertised Items');
      await expectTitle(page, `Advertised Items · ${APP}`);
      const cards = page.getByRole('main').getByRole('article');
      await expect.poll(() => cards.count()).toBe(advertised.length);
      for (const book of advertised) {
        expect(await page.getByRole('main').getByRole('heading', { name: book.title, exact: true }).count(), book.title).toBe(1);
      }
      await shoot(t, 'advertise');
    });
  });

  test("an advertised card's title opens the book page", async () => {
    const [book] = await api.advertised();
    if (!book) throw new Error('no advertised book');
    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      await visit('/');
      const card = page.getByRole('region', { name: 'Advertised Items' }).getByRole('article').filter({ has: page.getByRole('heading', { name: book.title, exact: true }) });
      await card.getByRole('heading', { name: book.title }).getByRole('link').click();
      await expectPath(page, `/books/${book.id}`);
      await h1(page, book.title);
      await expectTitle(page, `${book.title} · ${APP}`);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Shop and categories

describe('shop and categories', () => {
  test('/shop lists every category with books, each heading linking to its category page', async () => {
    const categories = (await api.categories()).filter((c) => c.bookCount > 0);
    expect(categories.length).toBeGreaterThan(1);
    await withPage(browser(), { viewport: DESKTOP }, async (t) => {
      const { page } = t;
      await logIn(page, DEMO.farhana); // the category page the heading opens needs a signed-in user
      await t.visit('/shop');
      await h1(page, 'Shop');
      await expectTitle(page, `Shop · ${APP}`);
      const main = page.getByRole('main');
      for (const category of categories) {
        const heading = main.getByRole('heading', { level: 2, name: category.name, exact: true });
        expect(await heading.count(), `one heading for ${category.name}`).toBe(1);
        expect(await heading.getByRole('link').getAttribute('href')).toBe(`/category/${category.id}`);
      }
      const grouped = await api.grouped(4);
      const someGroup = grouped.find((g) => g.books.length > 0);
      if (!someGroup) throw new Error('no grouped books');
      for (const book of someGroup.books) {
        expect(await main.locator(`a[href="/books/${book.id}"]`).count(), `${book.title} is listed under ${someGroup.category.name}`).toBeGreaterThan(0);
      }
      await shoot(t, 'shop');

      const target = categories[0];
      if (!target) throw new Error('no category');
      await markDocument(page);
      await main.getByRole('heading', { level: 2, name: target.name, exact: true }).getByRole('link').click();
      await expectPath(page, `/category/${target.id}`);
      expect(await sameDocument(page)).toBe(true);
      await h1(page, target.name);
    });
  });

  test('a category page shows its name and pages through all its books', async () => {
    const { pagingCategoryId } = fixtures();
    const categories = await api.categories();
    const category = pagingCategoryId ? categories.find((c) => c.id === pagingCategoryId) : [...categories].sort((a, b) => b.bookCount - a.bookCount)[0];
    if (!category) throw new Error('no category to page through');
    const total = (await api.categoryPage(category.id)).total;
    expect(total).toBe(category.bookCount);

    await withPage(browser(), { viewport: DESKTOP }, async (t) => {
      const { page } = t;
      await logIn(page, DEMO.farhana);
      await t.visit(`/category/${category.id}`);
      await h1(page, category.name);
      await expectTitle(page, `${category.name} · ${APP}`);
      const pagination = page.getByRole('navigation', { name: 'Pagination' });
      const previous = pagination.getByRole('button', { name: 'Previous' });
      const next = pagination.getByRole('button', { name: 'Next' });
      const status = pagination.getByText(/^Page \d+ of \d+$/);
      const main = page.getByRole('main');
      const bookLinks = async (): Promise<string[]> => {
        return main.getByRole('article').getByRole('heading').getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      };

      await expectVisible(status, 'the page status');
      const [, , pagesText] = /^Page (\d+) of (\d+)$/.exec((await status.innerText()).trim()) ?? [];
      const pages = Number(pagesText);
      const perPage = (await bookLinks()).length;
      expect(perPage).toBeGreaterThan(0);
      expect(pages, `"Page 1 of ${pages}" for ${total} books, ${perPage} on the first page`).toBe(Math.max(1, Math.ceil(total / perPage)));
      if (pagingCategoryId) expect(pages, 'global setup gave this category several pages').toBeGreaterThan(1);
      expect(await previous.isDisabled(), 'Previous is disabled on the first page').toBe(true);
      await shoot(t, 'category');

      const seen: string[][] = [await bookLinks()];
      for (let n = 2; n <= pages; n++) {
        expect(await next.isDisabled(), `Next is enabled on page ${n - 1}`).toBe(false);
        const before = seen.at(-1) ?? [];
        await next.click();
        await expectPath(page, `/category/${category.id}?page=${n}`);
        await expect.poll(() => status.innerText()).toBe(`Page ${n} of ${pages}`);
        await expect.poll(async () => (await bookLinks()).join() !== before.join() && (await main.locator('[aria-busy="true"]').count()) === 0).toBe(true);
        await page.waitForLoadState('networkidle');
        seen.push(await bookLinks());
      }
      expect(await next.isDisabled(), 'Next is disabled on the last page').toBe(true);
      const all = seen.flat();
      expect(new Set(all).size, 'no book shows on two pages').toBe(all.length);
      expect(all.length, 'the pages together show every book of the category').toBe(total);

      if (pages > 1) {
        await previous.click();
        await expect.poll(() => status.innerText()).toBe(`Page ${pages - 1} of ${pages}`);
        await expectPath(page, pages - 1 === 1 ? `/category/${category.id}` : `/category/${category.id}?page=${pages - 1}`);
        // A page number in the address opens that page directly.
        await t.visit(`/category/${category.id}?page=2`);
        await expect.poll(() => status.innerText()).toBe(`Page 2 of ${pages}`);
        expect((await bookLinks()).sort()).toEqual([...(seen[1] ?? [])].sort());
      }
    });
  });

  test('a category that fits on one page says "Page 1 of 1" and cannot page', async () => {
    const category = (await api.categories()).filter((c) => c.bookCount > 0 && c.bookCount <= 12).sort((a, b) => a.bookCount - b.bookCount)[0];
    if (!category) throw new Error('no small category in the demo catalogue');
    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      await logIn(page, DEMO.farhana);
      await visit(`/category/${category.id}`);
      await h1(page, category.name);
      const pagination = page.getByRole('navigation', { name: 'Pagination' });
      await expectVisible(pagination.getByText('Page 1 of 1', { exact: true }), '"Page 1 of 1"');
      expect(await pagination.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      expect(await pagination.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      expect(await page.getByRole('main').getByRole('article').count()).toBe(category.bookCount);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Book pages

describe('book page', () => {
  test('an available book shows prices in taka, the original struck through, details and the seller', async () => {
    const [card] = await api.advertised();
    if (!card) throw new Error('no advertised book');
    const book = await api.book(card.id);
    expect(book.seller.verified, 'the advertised book picked is from a verified seller').toBe(true);
    expect(book.seller, 'a visitor is not told the seller\'s phone and e-mail').toMatchObject({ phone: null, email: null });

    await withPage(browser(), { viewport: DESKTOP }, async (t) => {
      const { page } = t;
      await t.visit(`/books/${book.id}`);
      await h1(page, book.title);
      await expectTitle(page, `${book.title} · ${APP}`);
      const main = page.getByRole('main');

      const original = main.getByRole('deletion');
      expect(await original.count(), 'one struck-through original price').toBe(1);
      expect((await original.innerText()).trim()).toContain(taka(book.originalPrice));
      const decoration = await original.evaluate((el) => getComputedStyle(el).textDecorationLine);
      expect(decoration, 'the original price is drawn struck through').toContain('line-through');
      await expectVisible(main.getByText(taka(book.resalePrice), { exact: true }), `the resale price ${taka(book.resalePrice)}`);

      await expectVisible(main.getByText(book.author, { exact: false }), 'the author');
      if (book.publishYear !== null) await expectVisible(main.getByText(String(book.publishYear), { exact: false }), 'the publish year');
      await expectVisible(main.getByText(book.category.name, { exact: true }), 'the category');
      await expectVisible(main.getByText(book.description.slice(0, 40), { exact: false }), 'the description');
      expect(await brokenImages(main), 'the cover loads').toEqual([]);
      await expectVisible(main.getByRole('img', { name: book.title }), 'the cover picture');

      const seller = main.getByRole('region', { name: 'Seller' });
      for (const text of [book.seller.name, book.seller.location]) {
        await expectVisible(seller.getByText(text, { exact: true }), `seller detail "${text}"`);
      }
      await expectVisible(seller.getByRole('img', { name: 'Verified seller' }), 'the Verified seller badge');
      await expectVisible(seller.getByText(CONTACT_SIGN_IN, { exact: true }), `"${CONTACT_SIGN_IN}"`);
      expect(await seller.locator('a[href^="tel:"], a[href^="mailto:"]').count(), 'no phone or e-mail for a visitor').toBe(0);

      const buy = main.getByRole('button', { name: 'Buy Now' });
      expect(await buy.isEnabled(), 'Buy Now is enabled for an available book').toBe(true);
      await expectVisible(main.getByRole('button', { name: 'Add to wish list' }), 'the wish-list heart');
      expect(await main.getByRole('status').filter({ hasText: /reserved|sold/i }).count()).toBe(0);
      await shoot(t, 'book');

      // "Sign in" leads to /login and back here, where the seller's phone and e-mail now show.
      await seller.getByRole('link', { name: 'Sign in', exact: true }).click();
      await expectPath(page, '/login');
      await logIn(page, DEMO.farhana);
      await expectPath(page, `/books/${book.id}`);
      await h1(page, book.title);
      const token = await page.evaluate(() => localStorage.getItem('AccessToken'));
      if (!token) throw new Error('no AccessToken after logging in');
      const { phone, email } = (await api.book(book.id, token)).seller;
      expect(phone, 'the phone, formatted 01XXX-XXXXXX, for a signed-in user').toMatch(/^01\d{3}-\d{6}$/);
      expect(email, 'the e-mail for a signed-in user').toMatch(/@/);
      for (const text of [phone ?? '', email ?? '']) {
        await expectVisible(seller.getByRole('link', { name: text, exact: true }), `seller contact "${text}"`);
      }
      expect(await seller.getByRole('link', { name: phone ?? '', exact: true }).getAttribute('href')).toBe(`tel:${(phone ?? '').replace(/\D/g, '')}`);
      expect(await seller.getByText(CONTACT_SIGN_IN).count(), 'no sign-in hint once signed in').toBe(0);
      await shoot(t, 'book-signed-in');
    });
  });

  test("an unverified seller's book has no verified badge", async (ctx) => {
    const { unverifiedSellerBookId } = fixtures();
    if (!unverifiedSellerBookId) ctx.skip();
    const book = await api.book(unverifiedSellerBookId);
    expect(book.seller.verified).toBe(false);
    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      await visit(`/books/${book.id}`);
      await h1(page, book.title);
      const seller = page.getByRole('region', { name: 'Seller' });
      await expectVisible(seller.getByText(book.seller.name, { exact: true }), 'the seller name');
      expect(await seller.getByRole('img', { name: 'Verified seller' }).count()).toBe(0);
      expect(await seller.getByText(/verified/i).count(), 'nothing in the seller block claims the seller is verified').toBe(0);
    });
  });

  for (const [kind, notice] of [
    ['pending', 'This book is reserved for a buyer (payment pending)'],
    ['sold', 'This book has been sold'],
  ] as const) {
    test(`a ${kind} book says so and cannot be bought`, async (ctx) => {
      const id = kind === 'pending' ? fixtures().pendingBookId : fixtures().soldBookId;
      if (!id) ctx.skip();
      const book = await api.book(id);
      expect(book.status).toBe(kind);
      await withPage(browser(), { viewport: DESKTOP }, async (t) => {
        const { page } = t;
        await t.visit(`/books/${id}`);
        await h1(page, book.title);
        await expectVisible(page.getByRole('main').getByText(notice, { exact: true }), `the notice "${notice}"`);
        expect(await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).count(), 'no Buy Now: the notice says why').toBe(0);
        const other = kind === 'pending' ? 'This book has been sold' : 'This book is reserved for a buyer (payment pending)';
        expect(await page.getByText(other).count()).toBe(0);
        await shoot(t, `book-${kind}`);
      });
    });
  }

  for (const [label, id] of [
    ['a malformed id', 'not-a-book-id'],
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
  ] as const) {
    test(`/books/ with ${label} shows a not-found state`, async () => {
      await withPage(browser(), { viewport: DESKTOP }, async (t) => {
        const { page } = t;
        await t.visit(`/books/${id}`);
        await h1(page, /not found/i);
        await expectTitle(page, `Book not found · ${APP}`);
        expect(await page.getByRole('button', { name: 'Buy Now' }).count()).toBe(0);
        await expectVisible(page.getByRole('main').getByRole('link', { name: /shop/i }), 'a way back to the shop');
        if (label === 'a malformed id') await shoot(t, 'book-not-found');
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Blog and not-found

describe('security headers', () => {
  /** A Content-Security-Policy header as directive name -> its values. */
  function directives(policy: string): Map<string, string[]> {
    return new Map(
      policy
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name = '', ...values]) => [name.toLowerCase(), values]),
    );
  }

  for (const route of ['/', '/blog'] as const) {
    test(`the HTML for ${route} forbids inline scripts and framing, and the app runs under that policy`, async () => {
      await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
        const response = await page.goto(route, { waitUntil: 'networkidle' });
        if (!response) throw new Error(`no response for ${route}`);
        const headers = response.headers();
        const policy = headers['content-security-policy'] ?? '';
        expect(policy, `a content-security-policy header on ${route}`).not.toBe('');
        const csp = directives(policy);
        expect(csp.get('frame-ancestors'), `frame-ancestors in "${policy}"`).toEqual(["'none'"]);
        const scripts = csp.get('script-src');
        expect(scripts, `a script-src directive in "${policy}"`).toBeDefined();
        expect(scripts, 'script-src allows no inline scripts').not.toContain("'unsafe-inline'");
        expect(headers['x-content-type-options']).toBe('nosniff');
        expect(headers['referrer-policy'] ?? '', 'a referrer-policy header').not.toBe('');
        // The page still works under the policy (withPage fails on any violation it reports).
        await h1(page);
      });
    });
  }
});

describe('the app shell', () => {
  /** Where the bar is drawn and what it names. */
  async function bar(page: Page) {
    const header = page.locator('header').filter({ has: page.getByRole('navigation', { name: 'Main' }) });
    await header.waitFor({ state: 'visible' });
    return { count: await header.count(), box: await header.boundingBox(), brand: await header.getByRole('link', { name: 'Puronoboi home' }).isVisible() };
  }

  test('before its JavaScript arrives a phone already shows the bar with the brand, where the app then draws it', async () => {
    const context = await browser().newContext({ viewport: MOBILE, baseURL: fixtures().baseURL });
    let before;
    try {
      const page = await context.newPage();
      // JavaScript that has not arrived yet (a slow link): the HTML and its stylesheet alone.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/shop', { waitUntil: 'load' });
      before = await bar(page);
      await screenshot(page, 'shell-before-javascript', { fullPage: false });
    } finally {
      await context.close();
    }
    expect(before.brand, 'the brand shows without JavaScript').toBe(true);
    expect(before.box?.height, 'the bar has its height without JavaScript').toBeGreaterThan(40);

    await withPage(browser(), { viewport: MOBILE }, async ({ page }) => {
      await page.goto('/shop');
      await h1(page, 'Shop');
      const after = await bar(page);
      expect(after.count, 'the app replaced the shell: one bar').toBe(1);
      expect(after.box, 'the same place and size, so nothing moved').toEqual(before.box);
    });
  });

  test("before its JavaScript arrives the home page, the shop and a book page show their first screen in the reader's language, where the app then draws it", async () => {
    const [book] = await api.advertised();
    if (!book) throw new Error('the demo advertises books');
    // Each page's largest thing on a phone: the welcome's headline, the first shelf's first cover, the book's cover.
    const pages = [
      { name: 'home', path: '/', largest: 'main h2', words: { en: 'Give every book a second life', bn: 'প্রতিটি বইকে দিন নতুন জীবন' } },
      { name: 'shop', path: '/shop', largest: 'main section img', words: { en: 'Shop', bn: 'দোকান' } },
      { name: 'book', path: `/books/${book.id}`, largest: 'main img', words: { en: book.title, bn: book.title } },
    ];
    for (const language of ['en', 'bn'] as const) {
      for (const { name, path, largest, words } of pages) {
        const options = { viewport: MOBILE, baseURL: fixtures().baseURL, locale: language === 'bn' ? 'bn-BD' : 'en-US' };
        const context = await browser().newContext(options);
        let before;
        try {
          const page = await context.newPage();
          await page.route('**/assets/*.js', (route) => route.abort());
          await page.goto(path, { waitUntil: 'load' });
          const first = page.locator(largest).first();
          await first.waitFor();
          before = {
            lang: await page.locator('html').getAttribute('lang'),
            box: await first.boundingBox(),
            words: await page.locator('main').first().innerText(),
            loaded: await first.evaluate((element) => !(element instanceof HTMLImageElement) || element.naturalWidth > 0),
          };
          await screenshot(page, `first-screen-${name}-${language}`, { fullPage: false });
        } finally {
          await context.close();
        }
        expect(before.lang, `${path} in ${language}`).toBe(language);
        expect(before.words, `${path} in ${language}: its words before the code`).toContain(words[language]);
        expect(before.loaded, `${path}: its picture is there before the code`).toBe(true);
        expect(before.box?.height, `${path}: drawn before the code`).toBeGreaterThan(20);

        await withPage(browser(), options, async ({ page }) => {
          await page.goto(path);
          // The app has taken over: its own bar (with the search) and none of the server's first screen.
          await page.getByRole('banner').getByRole('button').first().waitFor();
          await expect.poll(() => appStarted(page), { message: `${path}: the app replaced it` }).toBe(true);
          expect(await page.locator(largest).first().boundingBox(), `${path} in ${language}: the same place and size`).toEqual(before.box);
        });
      }
    }
  });
});

describe('what a page arrives with', () => {
  /** Every API request the page makes from now on, as path and query. */
  function apiRequests(page: Page): string[] {
    const asked: string[] = [];
    page.on('request', (request) => {
      const address = new URL(request.url());
      if (address.pathname.startsWith('/api/')) asked.push(`${address.pathname}${address.search}`);
    });
    return asked;
  }

  test('the shop draws every shelf from the answers sent with the page, without asking the API for them', async () => {
    const shelves = (await api.grouped(24)).filter((group) => group.books.length > 0);
    expect(shelves.length, 'the demo has several shelves').toBeGreaterThan(2);
    await withPage(browser(), { viewport: MOBILE }, async ({ page }) => {
      const asked = apiRequests(page);
      await page.goto('/shop');
      await h1(page, 'Shop');
      // The first shelves come with the page's first drawing, the others in the background right after.
      await expect
        .poll(() => page.locator('main section[id^="category-"]').count(), { timeout: 10_000 })
        .toBe(shelves.length);
      const [first] = shelves;
      const [firstBook] = first?.books ?? [];
      if (!first || !firstBook) throw new Error('the demo has a first shelf');
      const firstShelf = page.locator(`#category-${first.category.id}`);
      await expectVisible(firstShelf.getByRole('heading', { name: firstBook.title }), 'the first book of the first shelf');
      const opening = ['/api/config', '/api/advertised', '/api/books/grouped?perCategory=24'];
      expect(asked.filter((request) => opening.includes(request)), 'answered by the page itself').toEqual([]);
    });
  });

  test("a visitor's book page comes with the book, without asking the API for it", async () => {
    const [book] = await api.advertised();
    if (!book) throw new Error('the demo advertises books');
    await withPage(browser(), { viewport: MOBILE }, async ({ page }) => {
      const asked = apiRequests(page);
      await page.goto(`/books/${book.id}`);
      await h1(page, book.title);
      await expectVisible(page.getByText(CONTACT_SIGN_IN), 'the sign-in note in place of the contact details');
      expect(asked, 'answered by the page itself').not.toContain(`/api/books/${book.id}`);
    });
  });

  test('the landing page draws its shelves and navigation from the answers sent with it', async () => {
    const shelves = (await api.grouped(4)).filter((group) => group.books.length > 0);
    const [firstBook] = shelves[0]?.books ?? [];
    if (!firstBook) throw new Error('the demo has a first shelf');
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      const asked = apiRequests(page);
      await page.goto('/');
      await expectVisible(page.getByRole('heading', { name: firstBook.title }).first(), 'a book of the first shelf');
      // "Advertise Items" is in the navigation only when something is advertised: known from the page's answers.
      await expectVisible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Advertise Items' }), 'Advertise Items');
      const opening = ['/api/config', '/api/advertised', '/api/books/grouped?perCategory=4'];
      expect(asked.filter((request) => opening.includes(request)), 'answered by the page itself').toEqual([]);
    });
  });
});

describe('blog and not-found', () => {
  test('/blog has its title and the four articles', async () => {
    await withPage(browser(), { viewport: DESKTOP }, async (t) => {
      const { page } = t;
      await t.visit('/blog');
      await h1(page, 'Some Important Questions You Should Know About !!');
      await expectTitle(page, `Blog · ${APP}`);
      const articles = page.getByRole('main').getByRole('article');
      expect(await articles.count()).toBe(4);
      const topics = [/state/i, /prototyp/i, /unit test/i, /angular/i];
      for (const [index, topic] of topics.entries()) {
        const article = articles.nth(index);
        await expectVisible(article.getByRole('heading'), `article ${index + 1}'s heading`);
        expect(await article.getByRole('heading').first().innerText()).toMatch(topic);
        expect((await article.innerText()).length, `article ${index + 1} has a body`).toBeGreaterThan(200);
      }
      const first = await articles.nth(0).innerText();
      for (const kind of [/local/i, /global/i, /server/i, /url/i]) expect(first).toMatch(kind);
      await expectVisible(articles.nth(3).getByText(/vue/i), 'Vue in the last article');
      await shoot(t, 'blog');
    });
  });

  test('an unknown path shows the 404 page; Report Problem thanks the visitor and Return Home goes to /home', async () => {
    await withPage(browser(), { viewport: DESKTOP }, async (t) => {
      const { page } = t;
      await t.visit('/no/such/page');
      await h1(page, 'Oops, page not found');
      await expectTitle(page, `Page not found · ${APP}`);
      await shoot(t, 'not-found');
      const toast = page.getByText('Thanks for your feedback. We will solve it as soon as possible.', { exact: true });
      expect(await toast.count()).toBe(0);
      await page.getByRole('button', { name: 'Report Problem' }).click();
      await expectVisible(toast, 'the thank-you toast');
      await markDocument(page);
      await page.getByRole('link', { name: 'Return Home' }).click();
      await expectPath(page, '/home');
      expect(await sameDocument(page)).toBe(true);
      await expectVisible(page.getByRole('heading', { name: 'Advertised Items' }), 'the landing page');
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Rendering: the taka sign, narrow screens

describe('rendering', () => {
  test('the taka sign is drawn with a real glyph from the web font the app ships', async () => {
    const [card] = await api.advertised();
    if (!card) throw new Error('no advertised book');
    await withPage(browser(), { viewport: DESKTOP }, async ({ page, context, visit }) => {
      await visit(`/books/${card.id}`);
      const priceText = page.getByRole('main').getByText(taka(card.resalePrice), { exact: true }).first();
      await expectVisible(priceText, 'the resale price');
      const price = await priceText.elementHandle();
      if (!price) throw new Error('price element vanished');
      await page.evaluate(() => document.fonts.ready.then(() => undefined));

      // 1. Drawn with the element's own font, ৳ must not look like a character no font has (the tofu box).
      const drawn = await price.evaluate((el) => {
        const font = getComputedStyle(el).font;
        const draw = (text: string): string => {
          const canvas = document.createElement('canvas');
          canvas.width = 96;
          canvas.height = 96;
          const g = canvas.getContext('2d');
          if (!g) throw new Error('no 2d context');
          g.font = font.replace(/\d+(\.\d+)?px/, '64px');
          g.fillStyle = '#000';
          g.fillText(text, 8, 72);
          return Array.from(g.getImageData(0, 0, 96, 96).data).join(',');
        };
        const taka = draw('\u09F3');
        return { font, ink: taka.split(',').some((v, i) => i % 4 === 3 && v !== '0'), sameAsTofu: taka === draw('\u{10FFFD}') };
      });
      expect(drawn.ink, `৳ leaves ink in ${drawn.font}`).toBe(true);
      expect(drawn.sameAsTofu, `৳ is drawn as the missing-glyph box in ${drawn.font}`).toBe(false);

      // 2. The font Chromium actually used for ৳ on the page is a web font the page declares.
      await price.evaluate((el) => {
        const probe = document.createElement('span');
        probe.id = 'e2e-taka-probe';
        probe.textContent = '\u09F3';
        el.appendChild(probe);
        probe.getBoundingClientRect(); // lay it out now, so Chromium has picked its font
        return new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#e2e-taka-probe' });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      const families = await price.evaluate((el) => getComputedStyle(el).fontFamily);
      const used = fonts.map((f) => `${f.familyName}${f.isCustomFont ? ' (web font)' : ''}`).join(', ');
      expect(fonts.length, 'Chromium reports the font used for ৳').toBe(1);
      const [font] = fonts;
      expect(font?.isCustomFont, `৳ is rendered with ${used}, not a web font of the app (font-family: ${families})`).toBe(true);
      // The name comes from the font file, which names a weight other than regular and bold in its family
      // ("Hind Siliguri SemiBold").
      const declared = families.split(',').map((family) => family.trim().replace(/^["']|["']$/g, '').toLowerCase());
      const fileFamily = (font?.familyName ?? '?').toLowerCase();
      expect(
        declared.some((family) => fileFamily === family || fileFamily.startsWith(`${family} `)),
        `৳ is rendered with ${used}, which is none of the families the price asks for (${families})`,
      ).toBe(true);
    });
  });

  test('a book page downloads only the font files its HTML preloads: no Bengali face for ৳, no whole Latin face', async () => {
    // A book listed in Latin letters: one typed in Bengali script rightly needs the Bengali face for its title.
    const bengali = /[\u0980-\u09ff]/;
    const card = (await api.advertised()).find((book) => !bengali.test(book.title) && !bengali.test(book.author));
    if (!card) throw new Error('no advertised book listed in Latin letters');
    await withPage(browser(), { viewport: NARROW, isMobile: true, hasTouch: true }, async ({ page, visit }) => {
      const fonts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'font' && !request.url().startsWith('data:')) fonts.push(new URL(request.url()).pathname);
      });
      await visit(`/books/${card.id}`);
      await expectVisible(page.getByRole('main').getByText(taka(card.resalePrice), { exact: true }).first(), 'the resale price');
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const preloaded = await page.$$eval('link[rel="preload"][as="font"]', (links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
      );
      expect(preloaded.length, 'index.html preloads the faces of the first screen').toBe(3);
      expect(fonts.filter((path) => path.includes('bengali')), `fonts downloaded: ${fonts.join(', ')}`).toEqual([]);
      expect([...new Set(fonts)].sort(), 'the fonts downloaded are the preloaded ones').toEqual([...preloaded].sort());
    });
  });

  for (const route of ['/', '/shop', 'book', '/blog', 'category', '/no/such/page'] as const) {
    test(`no horizontal scrolling at 360 px on ${route}`, async () => {
      let target: string = route;
      if (route === 'book') {
        const [card] = await api.advertised();
        target = `/books/${card?.id ?? ''}`;
      } else if (route === 'category') {
        target = `/category/${fixtures().pagingCategoryId || (await api.categories())[0]?.id}`;
      }
      await withPage(browser(), { viewport: NARROW, isMobile: true, hasTouch: true }, async ({ page, visit }) => {
        if (route === 'category') await logIn(page, DEMO.farhana);
        await visit(target);
        await h1(page);
        await loadLazyImages(page);
        const { scrollWidth, culprits } = await horizontalOverflow(page);
        expect(scrollWidth, `page is ${scrollWidth} px wide at 360 px; widest elements: ${culprits.join('; ')}`).toBeLessThanOrEqual(NARROW.width);
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// With nothing advertised (changes data, so it runs last and puts everything back)

describe('with nothing advertised', () => {
  let unadvertised: string[] = [];
  beforeAll(() => {
    const { databaseURL } = fixtures();
    if (!databaseURL) return;
    unadvertised = psql(databaseURL, 'UPDATE books SET advertised = false WHERE advertised RETURNING id');
  });
  afterAll(() => {
    const { databaseURL } = fixtures();
    if (!databaseURL || unadvertised.length === 0) return;
    psql(databaseURL, `UPDATE books SET advertised = true WHERE id IN (${unadvertised.map((id) => `'${id}'`).join(',')})`);
  });

  test('there is no Advertise Items link or section, and /advertise redirects to /shop', async (ctx) => {
    if (!fixtures().databaseURL) ctx.skip();
    expect(unadvertised.length).toBeGreaterThan(0);
    // Written straight into the database, as another server instance would: public reads follow within a second.
    await expect.poll(() => api.advertised(), { timeout: FRESH_WITHIN_MS, interval: 50 }).toEqual([]);
    await withPage(browser(), { viewport: DESKTOP }, async ({ page, visit }) => {
      await visit('/');
      await expectVisible(page.getByRole('link', { name: 'View More Books' }), 'the landing page');
      expect(await page.getByRole('banner').getByRole('link', { name: 'Shop', exact: true }).count()).toBe(1);
      expect(await page.getByRole('banner').getByRole('link', { name: 'Advertise Items' }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Advertised Items' }).count()).toBe(0);
      await visit('/advertise');
      await expectPath(page, '/shop');
      await h1(page, 'Shop');
    });
  });
});
