import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { signedOut } from '@/test/auth';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import type { Language } from '@/lib/i18n/language';
import { showLanguage } from '@/lib/i18n/shell-words';
import { switchLanguage } from '@/lib/i18n/translations';
import indexHtml from '../../../index.html?raw';

/** index.html as written, with `language` put in place as boot.ts does. */
function indexPage(language: Language = 'en'): Document {
  const page = new DOMParser().parseFromString(indexHtml, 'text/html');
  showLanguage(page, language);
  return page;
}

/** index.html's #root: what a phone draws before the JavaScript arrives. */
function shell(language: Language = 'en'): HTMLElement {
  const root = indexPage(language).getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  dropIndentation(root);
  return root;
}

function dropIndentation(node: Node) {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.COMMENT_NODE || (child.nodeType === Node.TEXT_NODE && !child.textContent?.trim())) {
      child.remove();
    } else {
      dropIndentation(child);
    }
  }
}

function classesOf(element: Element | null | undefined): string | null {
  return element?.getAttribute('class') ?? null;
}

describe('the app shell in index.html', () => {
  it('is the bar the app draws, with the same classes in the same place, so nothing moves when the app takes over', async () => {
    stubFetch(signedOut());
    renderApp('/blog');
    await screen.findByRole('heading', { level: 1, name: /Some Important Questions/ });
    const bar = screen.getByRole('navigation', { name: 'Main' }).closest('header');
    if (!bar) throw new Error('the main navigation is not in a header');
    const drawn = {
      page: classesOf(bar.parentElement),
      bar: classesOf(bar),
      nav: classesOf(bar.querySelector('nav')),
      navName: bar.querySelector('nav')?.getAttribute('aria-label'),
      brand: classesOf(bar.querySelector('nav > a')),
      brandName: bar.querySelector('nav > a')?.getAttribute('aria-label'),
      brandTarget: bar.querySelector('nav > a')?.getAttribute('href'),
      wordmark: classesOf(bar.querySelector('nav > a > span')),
    };

    const root = shell();
    const page = root.firstElementChild;
    const shellBar = page?.firstElementChild;
    expect(page?.childElementCount, 'the shell holds the bar alone').toBe(1);
    expect({
      page: classesOf(page),
      bar: classesOf(shellBar),
      nav: classesOf(shellBar?.querySelector('nav')),
      navName: shellBar?.querySelector('nav')?.getAttribute('aria-label'),
      brand: classesOf(shellBar?.querySelector('nav > a')),
      brandName: shellBar?.querySelector('nav > a')?.getAttribute('aria-label'),
      brandTarget: shellBar?.querySelector('nav > a')?.getAttribute('href'),
      wordmark: classesOf(shellBar?.querySelector('nav > a > span')),
    }).toEqual(drawn);
    expect(shellBar?.querySelector('nav > a > span')?.textContent).toBe('Puronoboi');

    // The logo mark, element for element and attribute for attribute.
    const mark = shellBar?.querySelector('nav > a > svg');
    const drawnMark = bar.querySelector('nav > a > svg');
    expect(mark && drawnMark && mark.isEqualNode(drawnMark), `${mark?.outerHTML}\n  vs\n${drawnMark?.outerHTML}`).toBe(true);
  });

  it('is named in Bangla for a reader of Bangla before the app starts, as the app names its bar', async () => {
    await switchLanguage('bn');
    stubFetch(signedOut());
    renderApp('/blog');
    const nav = await screen.findByRole('navigation', { name: 'প্রধান' });
    const brand = nav.querySelector(':scope > a');

    const page = indexPage('bn');
    const shellNav = shell('bn').querySelector('nav');
    expect(page.documentElement.lang).toBe('bn');
    expect(shellNav?.getAttribute('aria-label')).toBe(nav.getAttribute('aria-label'));
    expect(shellNav?.querySelector(':scope > a')?.getAttribute('aria-label')).toBe(brand?.getAttribute('aria-label'));
    expect(brand?.getAttribute('aria-label')).toBe('Puronoboi: প্রথম পাতা');
    const description = page.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    expect(description).toMatch(/^পুরনো বই: সারা বাংলাদেশে পুরোনো বই/);
    expect(description, 'no English in the Bangla description').not.toMatch(/[A-Za-z]/);

  });

  it("words the page's description in the language the visitor switches to", async () => {
    const meta = document.head.appendChild(Object.assign(document.createElement('meta'), { name: 'description', content: 'as served' }));
    try {
      await switchLanguage('bn');
      expect(meta.content).toMatch(/^পুরনো বই: /);
      await switchLanguage('en');
      expect(meta.content).toMatch(/^Puronoboi: buy and sell used books/);
    } finally {
      meta.remove();
    }
  });
});
