import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HERO_SLIDES } from '@/features/home/data/hero-slides';
import type { Language } from '@/lib/i18n/language';
import { LANGUAGE_COOKIE, showLanguage } from '@/lib/i18n/shell-words';
import { switchLanguage } from '@/lib/i18n/translations';
import { bookDetail, groups, POETRY, THRILLERS } from '@/test/fixtures';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { CLASSES, escapeHtml, firstScreens, SHOP_CARDS_DRAWN } from './first-screens';

// The first screens the server draws must be what the app then draws in their place: the same classes (so the same
// sizes in the same places: nothing moves, and no picture of the app's is larger than the one already shown) and the
// same words in the same language.

/** `template` with its {{name}}s filled in as the server fills them (escaped). */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => (name in values ? escapeHtml(values[name] ?? '') : ''));
}

function parse(html: string): HTMLElement {
  const main = new DOMParser().parseFromString(html, 'text/html').querySelector('main');
  if (!main) throw new Error('a first screen is a <main>');
  return main;
}

function pick(root: ParentNode, selector: string): Element {
  const element = root.querySelector(selector);
  if (!element) throw new Error(`nothing matches ${selector}`);
  return element;
}

/** What two drawings of one element must share. */
function look(element: Element) {
  return { tag: element.tagName, classes: element.getAttribute('class'), text: element.textContent?.trim() };
}

function ancestors(element: Element, count: number): (string | null)[] {
  const classes: (string | null)[] = [];
  let current: Element | null = element;
  for (let step = 0; step < count && current; step += 1) {
    current = current.parentElement;
    classes.push(current?.getAttribute('class') ?? null);
  }
  return classes;
}

const LANGUAGES: Language[] = ['en', 'bn'];

describe.each(LANGUAGES)('the first screens in %s', (language) => {
  const screens = firstScreens(language);

  it("are the home page's welcome as the app draws it", async () => {
    await switchLanguage(language);
    stubFetch({ '/api/advertised': { body: [] }, '/api/books/grouped': { body: groups() } });
    renderApp('/');
    const appSlide = await waitFor(() => pick(document, '[data-slide-index="0"]'));
    const drawn = parse(screens.home);

    expect(drawn.getAttribute('data-first-screen')).toBe(language);
    expect(drawn.getAttribute('class')).toBe(pick(document, 'main#main-content').getAttribute('class'));
    expect(look(pick(drawn, 'h1'))).toEqual(look(pick(document, 'main h1')));
    expect(pick(drawn, 'section').getAttribute('class')).toBe(pick(document, 'section[aria-roledescription]').getAttribute('class'));
    expect(pick(drawn, 'section').getAttribute('aria-label')).toBe(pick(document, 'section[aria-roledescription]').getAttribute('aria-label'));
    // The app's slide adds the classes that fade slides in and out.
    const slideClasses = pick(drawn, 'section > div > div').getAttribute('class')?.split(' ') ?? [];
    expect(appSlide.getAttribute('class')?.split(' ')).toEqual(expect.arrayContaining(slideClasses));
    expect(CLASSES.heroBackground).toBe(HERO_SLIDES[0]?.background);
    for (const selector of [':scope > div', ':scope > div > div', ':scope > div > div > p', ':scope > div > div > h2', ':scope > div > div > p:nth-of-type(2)', ':scope > div > div > a']) {
      expect(look(pick(pick(drawn, 'section > div > div'), selector))).toEqual(look(pick(appSlide, selector)));
    }
    expect(pick(drawn, 'section a').getAttribute('href')).toBe('/shop');
  });

  it("are a book page's cover, title and author as the app draws them", async () => {
    await switchLanguage(language);
    const book = bookDetail({ title: 'পথের পাঁচালী & <Pather Panchali>', author: 'বিভূতিভূষণ' });
    stubFetch({ '/api/advertised': { body: [] }, [`/api/books/${book.id}`]: { body: book } });
    renderApp(`/books/${book.id}`);
    await screen.findByRole('heading', { level: 1, name: book.title });
    const drawn = parse(
      fill(screens.book, {
        title: book.title,
        author: book.author,
        picture: book.pictures[0] ?? book.picture,
        categoryId: book.category.id,
        categoryName: book.category.name,
      }),
    );
    const cover = pick(drawn, 'img');
    const appCover = pick(document, 'main img');
    for (const attribute of ['src', 'alt', 'class', 'width', 'height', 'fetchpriority']) {
      expect(cover.getAttribute(attribute), attribute).toBe(appCover.getAttribute(attribute));
    }
    expect(ancestors(cover, 5)).toEqual(ancestors(appCover, 5));
    expect(look(pick(drawn, 'nav'))).toEqual(look(pick(document, 'main nav')));
    expect(pick(drawn, 'nav').getAttribute('aria-label')).toBe(pick(document, 'main nav').getAttribute('aria-label'));
    expect(look(pick(drawn, 'h1'))).toEqual(look(pick(document, 'main h1')));
    const appHeading = pick(document, 'main h1');
    expect(look(pick(drawn, 'h1').previousElementSibling as Element)).toEqual(look(appHeading.previousElementSibling as Element));
    expect(look(pick(drawn, 'h1').nextElementSibling as Element)).toEqual(look(appHeading.nextElementSibling as Element));
    expect(ancestors(pick(drawn, 'h1'), 3)).toEqual(ancestors(appHeading, 3));
  });

  it("are the shop's categories and its first shelf's covers as the app draws them", async () => {
    await switchLanguage(language);
    const shelves = groups();
    stubFetch({ '/api/advertised': { body: [] }, '/api/books/grouped': { body: shelves } });
    renderApp('/shop');
    await screen.findByRole('heading', { level: 2, name: POETRY.name });
    const first = shelves[0];
    if (!first) throw new Error('the fixture has shelves');
    const chips = shelves.map((shelf) => fill(screens.shopChip, { categoryId: shelf.category.id, categoryName: shelf.category.name })).join('');
    const cards = first.books
      .slice(0, SHOP_CARDS_DRAWN)
      .map((card, index) =>
        fill(screens.shopCard, { bookId: card.id, title: card.title, author: card.author, picture: card.picture, fetchPriority: index < 2 ? 'high' : 'auto' }),
      )
      .join('');
    const drawn = parse(
      screens.shop
        .replace('{{chips}}', chips)
        .replace('{{cards}}', cards)
        .replace(/\{\{categoryId\}\}/g, first.category.id)
        .replace(/\{\{categoryName\}\}/g, escapeHtml(first.category.name)),
    );

    for (const selector of ['header', 'header > div', 'header p', 'header h1', 'header h1 + div']) {
      expect(look(pick(drawn, selector)), selector).toEqual(look(pick(document, `main ${selector}`)));
    }
    expect(look(pick(drawn, 'nav'))).toEqual(look(pick(document, 'main nav')));
    expect(pick(drawn, 'nav').getAttribute('aria-label')).toBe(pick(document, 'main nav').getAttribute('aria-label'));
    expect(look(pick(drawn, 'nav a'))).toEqual(look(pick(document, 'main nav a')));
    expect(drawn.querySelectorAll('nav a')).toHaveLength(document.querySelectorAll('main nav a').length);
    expect(pick(drawn, `nav a[href="#category-${THRILLERS.id}"]`).textContent).toBe(THRILLERS.name);

    const appShelf = pick(document, `main section#category-${first.category.id}`);
    const shelf = pick(drawn, 'section');
    expect(look(pick(shelf, 'h2'))).toEqual(look(pick(appShelf, 'h2')));
    expect(look(pick(shelf, 'h2 a'))).toEqual(look(pick(appShelf, 'h2 a')));
    expect(pick(shelf, 'h2').parentElement?.getAttribute('class')).toBe(pick(appShelf, 'h2').parentElement?.getAttribute('class'));
    const cover = pick(shelf, 'img');
    const appCover = pick(appShelf, 'img');
    for (const attribute of ['src', 'alt', 'class', 'width', 'height', 'fetchpriority', 'loading']) {
      expect(cover.getAttribute(attribute), attribute).toBe(appCover.getAttribute(attribute));
    }
    // The cover's link, its box, the card, the shelf's item and the shelf itself.
    expect(ancestors(cover, 5)).toEqual(ancestors(appCover, 5));
    for (const selector of ['h3', 'h3 a', 'h3 + p']) {
      expect(look(pick(shelf, selector)), selector).toEqual(look(pick(appShelf, selector)));
    }
    expect(pick(shelf, 'h3').parentElement?.getAttribute('class')).toBe(pick(appShelf, 'h3').parentElement?.getAttribute('class'));
  });
});

describe('the language the server draws first screens in', () => {
  it('is kept in a cookie whenever the page shows one', () => {
    showLanguage(document, 'bn');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=bn`);
    showLanguage(document, 'en');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=en`);
  });

  it('takes away a first screen drawn in another language, and keeps one in this language', () => {
    const page = new DOMParser().parseFromString(
      `<html><body><div id="root"><header></header>${firstScreens('en').home}</div></body></html>`,
      'text/html',
    );
    showLanguage(page, 'en');
    expect(page.querySelector('[data-first-screen]')).not.toBeNull();
    showLanguage(page, 'bn');
    expect(page.querySelector('[data-first-screen]')).toBeNull();
    expect(page.querySelector('header')).not.toBeNull();
  });
});
