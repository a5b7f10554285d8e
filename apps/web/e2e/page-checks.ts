// What the journeys check on a page, shared by every journey file: headings, visibility, toasts, pictures loaded
// before a screenshot, and no sideways scrolling on a phone.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Whether the app has started: the first screen the server draws on the home page, the shop and a book page (the
 * same heading, cover and links) is gone, replaced by the app's page. Until then that page's controls do not exist.
 */
export async function appStarted(page: Page): Promise<boolean> {
  return (await page.locator('[data-first-screen]').count()) === 0;
}

/** Waits until the app shows the page's only h1, reading `expected`. */
export async function h1(page: Page, expected: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 });
  await expect
    .poll(async () => ((await appStarted(page)) ? (await heading.allInnerTexts()).map((t) => t.trim()) : []), { timeout: 10_000 })
    .toEqual([expected]);
}

export async function visible(locator: Locator, what: string, timeout = 10_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`expected ${what} to be visible (${locator.toString()})`);
  }
}

export async function gone(locator: Locator, what: string): Promise<void> {
  await expect.poll(() => locator.count(), { timeout: 10_000, message: `${what} should be gone` }).toBe(0);
}

export function toast(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true });
}

export function main(page: Page): Locator {
  return page.getByRole('main');
}

/**
 * Waits until every picture in the viewport has loaded, so screenshots show them. Lazy pictures below the fold,
 * or in the layout the CSS hides (the table on a phone, the cards on a desktop), load only when needed.
 */
export async function picturesLoaded(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      [...document.images]
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
        })
        .every((img) => img.complete),
    undefined,
    { timeout: 15_000 },
  );
}

/** The page is no wider than the viewport; names the widest elements when it is. */
export async function expectNoSideScrolling(page: Page, where: string): Promise<void> {
  const { scrollWidth, width, culprits } = await page.evaluate(() => {
    const clientWidth = document.documentElement.clientWidth;
    return {
      width: clientWidth,
      scrollWidth: document.documentElement.scrollWidth,
      culprits: [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > clientWidth + 1)
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
    };
  });
  expect(scrollWidth, `${where} is ${scrollWidth} px wide at ${width} px; widest: ${culprits.join('; ')}`).toBeLessThanOrEqual(width);
}
