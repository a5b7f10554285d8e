import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { signedOut } from '@/test/auth';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import indexHtml from '../../../index.html?raw';

/** index.html's #root as written: what a phone draws before the JavaScript arrives. */
function shell(): HTMLElement {
  const root = new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('root');
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
});
