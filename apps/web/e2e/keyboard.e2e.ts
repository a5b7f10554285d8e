// Keyboard-only journey: from the landing page, log in with e-mail and password, find a book in the shop, order it
// through the buy form choosing a card, and pay for it on the order's page, with Tab, Shift+Tab, Enter, Space, the
// arrow keys of a radio group and typing only (no mouse, no click). Along the way it checks that the focused control shows a visible focus ring, that the
// buy form keeps focus inside it and hands it back when it closes. It needs sign-in through the Auth emulator, card
// payments (localstripe) and a book of this run's own (added through the database), and is skipped without them.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { PublicConfigDto } from '../../../bindings/PublicConfigDto';
import { DEMO, expectPathSoon, signUp, uniqueEmail } from './accounts';
import { DESKTOP, useBrowser, withPage } from './browser';
import { fixtures, taka, url, api } from './env';
import { psql } from './global-setup';
import { h1, visible } from './page-checks';
import { addBookFor, stamp } from './shop-data';

const browser = useBrowser();

/** The journey takes about 15 s alone, several times that while other work shares the CPU. */
const JOURNEY_TIMEOUT_MS = 120_000;

let config: PublicConfigDto | undefined;
beforeAll(async () => {
  config = (await (await fetch(url('/api/config'))).json()) as PublicConfigDto;
});

// ---------------------------------------------------------------------------------------------------------------
// Reading and moving the focus

interface Focused {
  /** Lower-case tag name, "body" when nothing has focus. */
  tag: string;
  /** What a user would call it: aria-label, its label, its text, its placeholder. */
  name: string;
  href: string;
  inDialog: boolean;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', name: '', href: '', inDialog: false };
    const labelled = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.innerText : undefined) ??
      (el instanceof HTMLInputElement ? [...(el.labels ?? [])].map((l) => l.innerText).join(' ') || el.placeholder : undefined) ??
      el.innerText;
    return {
      tag: el.tagName.toLowerCase(),
      name: (name ?? '').replace(/\s+/g, ' ').trim(),
      href: el.getAttribute('href') ?? '',
      inDialog: el.closest('dialog[open]') !== null,
    };
  });
}

function describeFocus(f: Focused): string {
  return `<${f.tag}${f.href ? ` href="${f.href}"` : ''}> "${f.name}"`;
}

/**
 * Presses Tab (Shift+Tab when `backwards`) until the focused element is `what`; fails naming every stop on the way
 * when it is not reached within `max` presses.
 */
async function tabTo(page: Page, what: string, matches: (f: Focused) => boolean, { max = 80, backwards = false } = {}): Promise<void> {
  const stops: string[] = [];
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (matches(now)) return;
    stops.push(describeFocus(now));
  }
  throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} never reached ${what} on ${page.url()}; focus went:\n  ${stops.join('\n  ')}`);
}

const named = (name: string | RegExp) => (f: Focused) => (typeof name === 'string' ? f.name === name : name.test(f.name));

/**
 * The focused control shows where the keyboard is: it matches :focus-visible and has an outline of at least 2 px (on
 * it, or on the field box around an input) whose colour stands out at 3:1 or more from the surface it is drawn on
 * (WCAG 1.4.11, non-text contrast).
 */
async function expectVisibleFocus(page: Page, what: string): Promise<void> {
  const ring = await page.evaluate(() => {
    // Any CSS colour (rgb(), oklab(), color-mix() results...) as sRGB bytes and alpha, read back from a canvas.
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const paint = canvas.getContext('2d', { willReadFrequently: true });
    const rgba = (color: string): [number, number, number, number] => {
      if (!paint) return [0, 0, 0, 0];
      paint.clearRect(0, 0, 1, 1);
      paint.fillStyle = color;
      paint.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = paint.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const luminance = ([r, g, b]: number[]) =>
      [r ?? 0, g ?? 0, b ?? 0]
        .map((c) => c / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    /** The colour behind `node`: its ancestors' backgrounds laid over each other on a white page. */
    const surfaceBehind = (node: Element): number[] => {
      const layers: [number, number, number, number][] = [];
      for (let at: Element | null = node.parentElement; at; at = at.parentElement) layers.push(rgba(getComputedStyle(at).backgroundColor));
      return layers.reverse().reduce<number[]>((below, [r, g, b, a]) => [r, g, b].map((c, i) => c * a + (below[i] ?? 255) * (1 - a)), [255, 255, 255]);
    };
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, detail: 'nothing has focus' };
    const candidates: Element[] = [el];
    // A text field's ring may be drawn on the box around it (daisyUI's label.input), which holds the focus within.
    const box = el.parentElement?.closest('label, .input, .select, .textarea');
    if (box && box.matches(':focus-within')) candidates.push(box);
    const seen: string[] = [];
    for (const node of candidates) {
      const style = getComputedStyle(node);
      const [r, g, b, a] = rgba(style.outlineColor);
      seen.push(`${node.tagName.toLowerCase()}: outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`);
      if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2 || a === 0) continue;
      const surface = surfaceBehind(node);
      const drawn = [r, g, b].map((c, i) => c * a + (surface[i] ?? 255) * (1 - a));
      const [light, dark] = [luminance(drawn), luminance(surface)].sort((x, y) => y - x);
      const contrast = ((light ?? 1) + 0.05) / ((dark ?? 0) + 0.05);
      const detail = `${seen.join('; ')}; ${contrast.toFixed(2)}:1 on rgb(${surface.map(Math.round).join(', ')}); :focus-visible ${el.matches(':focus-visible')}`;
      return { ok: el.matches(':focus-visible') && contrast >= 3, detail };
    }
    return { ok: false, detail: seen.join('; ') };
  });
  expect(ring.ok, `${what} shows a visible focus ring (${ring.detail})`).toBe(true);
}

async function typeInto(page: Page, what: string, text: string): Promise<void> {
  const now = await focused(page);
  expect(now.tag, `${what} has focus to type into (focus is on ${describeFocus(now)})`).toBe('input');
  await page.keyboard.type(text);
}

// ---------------------------------------------------------------------------------------------------------------

describe('keyboard only', () => {
  test('home, log in, the shop, a book, the buy form choosing a card, and paying on the order page: Tab, arrows, Enter and typing', async (ctx) => {
    if (config?.auth.mode !== 'emulator' || config.payments.provider !== 'stripe' || !fixtures().databaseURL) ctx.skip();
    // This run's own book, the seller's newest so the shop shows it first in its category; it ends held by the card.
    const title = `E2E Keyboard Pather Panchali ${stamp()}`;
    const bookId = addBookFor(DEMO.rahim, title, { newest: true });
    const book = await api.book(bookId);
    // A buyer of this journey's own, signed up beforehand (that part is not the journey).
    const email = uniqueEmail('keyboard');
    const password = 'keyboard-password-1';
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await signUp(page, { name: 'Keyboard Buyer', email, password, seller: false });
    });

    await withPage(browser(), { viewport: DESKTOP, reducedMotion: 'reduce' }, async ({ page, visit }) => {
      await visit('/');
      await visible(page.getByRole('heading', { level: 1 }), 'the h1');

      // The first Tab reaches the skip link, which is shown while focused.
      await page.keyboard.press('Tab');
      expect(describeFocus(await focused(page))).toBe('<a href="#main-content"> "Skip to content"');
      expect(await page.getByRole('link', { name: 'Skip to content' }).isVisible(), 'the skip link shows when focused').toBe(true);
      await expectVisibleFocus(page, 'the skip link');

      // Log in: the navigation's Login link, then the form.
      await tabTo(page, 'the Login link', (f) => f.tag === 'a' && f.href === '/login');
      await expectVisibleFocus(page, 'the Login link');
      await page.keyboard.press('Enter');
      await expectPathSoon(page, '/login');
      await tabTo(page, 'the Email field', named('Email'));
      await expectVisibleFocus(page, 'the Email field');
      await typeInto(page, 'Email', email);
      await tabTo(page, 'the Password field', named('Password'), { max: 3 });
      await typeInto(page, 'Password', password);
      await page.keyboard.press('Enter');
      await visible(page.getByText('User login successfully', { exact: true }), 'the login toast');
      await visible(page.getByRole('banner').getByRole('button', { name: 'Account menu' }), 'the account menu');

      // Find the book: Shop in the navigation, then its card's link.
      await tabTo(page, 'the Shop link', (f) => f.tag === 'a' && f.href === '/shop');
      await page.keyboard.press('Enter');
      await expectPathSoon(page, '/shop');
      await visible(page.getByRole('heading', { level: 1 }), 'the h1');
      await tabTo(page, `a link to ${title}`, (f) => f.tag === 'a' && f.href === `/books/${bookId}`, { max: 200 });
      await expectVisibleFocus(page, "the book card's link");
      await page.keyboard.press('Enter');
      await expectPathSoon(page, `/books/${bookId}`);
      await h1(page, title);

      // Order it: Buy Now opens the buy form with the focus on the phone.
      await tabTo(page, 'Buy Now', named('Buy Now'));
      await expectVisibleFocus(page, 'Buy Now');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Buy this book' });
      await visible(dialog, 'the buy form');
      expect(await focused(page)).toMatchObject({ tag: 'input', name: 'Phone', inDialog: true });
      await expectVisibleFocus(page, 'the Phone field');
      await page.keyboard.type('01712-345678');
      await tabTo(page, 'the Location field', named('Location'), { max: 3 });
      await page.keyboard.type('Dhanmondi 27, Dhaka');

      // The form keeps the focus: Tab and Shift+Tab go round its own controls (or out to the browser), never to the
      // page behind it.
      const stops: Focused[] = [];
      for (let presses = 0; presses < 12; presses++) {
        await page.keyboard.press('Tab');
        stops.push(await focused(page));
      }
      for (let presses = 0; presses < 12; presses++) {
        await page.keyboard.press('Shift+Tab');
        stops.push(await focused(page));
      }
      const escaped = stops.filter((f) => !f.inDialog && f.tag !== 'body');
      expect(escaped.map(describeFocus), 'Tab never leaves the open buy form for the page behind it').toEqual([]);

      // Escape closes it and the focus returns to Buy Now; Enter opens it again, the typed values are gone.
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await focused(page)).toMatchObject({ name: 'Buy Now', inDialog: false });
      await page.keyboard.press('Enter');
      await visible(dialog, 'the buy form, again');
      expect(await focused(page)).toMatchObject({ tag: 'input', name: 'Phone', inDialog: true });
      expect(await dialog.getByLabel('Phone', { exact: true }).inputValue(), 'a closed form forgets what was typed').toBe('');
      await page.keyboard.type('01712-345678');
      await tabTo(page, 'the Location field', named('Location'), { max: 3 });
      await page.keyboard.type('Dhanmondi 27, Dhaka');
      // How to pay: one Tab stop for the group, on the chosen way (cash); an arrow key moves to the card.
      await tabTo(page, 'the choice of payment', named('Cash at the meet-up'), { max: 3 });
      await expectVisibleFocus(page, 'the cash radio');
      await page.keyboard.press('ArrowDown');
      expect(await focused(page)).toMatchObject({ tag: 'input', name: 'Card, held until you have the book', inDialog: true });
      expect(await dialog.getByRole('radio', { name: 'Card, held until you have the book', exact: true }).isChecked(), 'the card chosen').toBe(true);
      await expectVisibleFocus(page, 'the card radio');
      await tabTo(page, 'Place order', named(/^Place order/), { max: 4 });
      await expectVisibleFocus(page, 'Place order');
      expect(await dialog.getByLabel('Phone', { exact: true }).inputValue()).toBe('01712-345678');
      expect(await dialog.getByLabel('Location', { exact: true }).inputValue()).toBe('Dhanmondi 27, Dhaka');
      const placed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST');
      // Space presses a button as Enter does.
      await page.keyboard.press('Space');
      const answer = await placed;
      expect(answer.status(), 'the order is placed').toBe(201);
      expect(answer.request().postDataJSON(), 'by card').toMatchObject({ paymentMethod: 'card' });
      await visible(page.getByText('Order Confirmed', { exact: true }), 'the "Order Confirmed" toast');
      await expect.poll(() => dialog.count()).toBe(0);

      // The order's page follows, the focus on where the order stands (Buy Now is gone with the book's page).
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/payment\/[0-9a-f-]{36}$/);
      const orderId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      await h1(page, 'Payment');
      await expect.poll(async () => describeFocus(await focused(page))).toBe('<h2> "Reserved for you"');

      // The card: localstripe's stand-in draws five plain fields (named by the app's shim), typed into one after another.
      const form = page.getByRole('form', { name: 'Pay by card' });
      await visible(form.getByPlaceholder('number', { exact: true }), "the stand-in's card number field");
      await tabTo(page, 'the card number field', named('Card number'));
      await expectVisibleFocus(page, 'the card number field');
      await page.keyboard.type('4242424242424242');
      for (const [field, value] of [
        ['Expiry month (MM)', '12'],
        ['Expiry year (YY)', '34'],
        ['CVC', '123'],
        ['Postal code', '1205'],
      ] as const) {
        // The stand-in moves on by itself once a field is complete; otherwise one Tab does.
        if ((await focused(page)).name !== field) await tabTo(page, `the ${field} field`, named(field), { max: 1 });
        await page.keyboard.type(value);
      }
      await tabTo(page, 'the Pay button', named(`Pay ${taka(book.resalePrice)}`), { max: 4 });
      await expectVisibleFocus(page, 'the Pay button');
      await page.keyboard.press('Enter');

      // Paid: the toast, the disabled Paid button, the transaction id; the order and the book say so too.
      await visible(page.getByText('Congratulations !! payment successful', { exact: true }), 'the payment toast', 20_000);
      await visible(form.getByRole('button', { name: 'Paid', exact: true }), 'the Paid button');
      await visible(page.getByTestId('transaction-id'), 'the transaction id');
      // The card holds the price until the handover; the book stays reserved for this buyer.
      const [status] = psql(fixtures().databaseURL, `SELECT status FROM orders WHERE id = '${orderId}'`);
      expect(status).toBe('held');
      expect((await api.book(bookId)).status).toBe('pending');
    });
  }, JOURNEY_TIMEOUT_MS);
});
