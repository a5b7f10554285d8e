// Accessibility audit: axe-core on every route of the app (and on the dialogs they open), signed out and signed in as
// a buyer, a seller and the admin, in Chromium against the real server. A page passes with no critical and no serious
// violation; a failure lists each one (rule, impact, the elements and a snippet of their HTML). Moderate and minor
// findings are printed, not failed on. The buyer's pages need sign-in through the Auth emulator and books of this
// run's own (added through the database) for an order and a wish-list entry; those parts are skipped without them.
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AxeResults, NodeResult, Result } from 'axe-core';
import type { OrderDto } from '../../../bindings/OrderDto';
import { DEMO, logIn, signUp, uniqueEmail } from './accounts';
import { DESKTOP, MOBILE, useBrowser, withPage } from './browser';
import { api, fixtures, url } from './env';
import { h1, main, visible } from './page-checks';
import { addBookFor, stamp } from './shop-data';

const browser = useBrowser();

/** axe-core's browser build, evaluated in the page (a script tag would break the server's no-inline-script policy). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The rule sets audited: WCAG 2.0/2.1/2.2 A and AA, and axe's best practices (landmarks, one h1, ...). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAILING: ReadonlySet<string> = new Set(['critical', 'serious']);
/** axe takes 1-3 s on a full page, more while other work shares the CPU: each journey gets two minutes. */
const AUDIT_TIMEOUT_MS = 120_000;
/**
 * Findings that are known and not failed on, each with its reason; they are still printed with every run. Keep this
 * list short: an entry is a bug with an owner, not a waiver.
 */
const KNOWN: { rule: string; selector: string; why: string }[] = [];

/** Every finding of a journey, in full, lands in apps/web/test-results/a11y-<journey>.json. */
const REPORT_DIR = new URL('../test-results/', import.meta.url);

let authMode = 'unknown';
beforeAll(async () => {
  authMode = ((await (await fetch(url('/api/config'))).json()) as { auth: { mode: string } }).auth.mode;
});

function skipUnlessEmulator(ctx: { skip: () => void }): void {
  if (authMode !== 'emulator') ctx.skip();
}

// ---------------------------------------------------------------------------------------------------------------
// The audit

interface Finding {
  /** The KNOWN entry's reason when every node of it is known. */
  known?: string;
  where: string;
  rule: string;
  impact: string;
  help: string;
  nodes: KnownNode[];
}

type KnownNode = Pick<NodeResult, 'target' | 'html' | 'failureSummary'> & { known?: string };
type KnownResult = Omit<Result, 'nodes'> & { nodes: KnownNode[] };

/** What one journey found, page by page: the failing findings and every finding's count by impact. */
class Audit {
  readonly findings: Finding[] = [];
  readonly counts = new Map<string, Record<string, number>>();

  record(where: string, results: { violations: KnownResult[] }): void {
    const byImpact: Record<string, number> = {};
    for (const violation of results.violations) {
      const impact = violation.impact ?? 'unknown';
      byImpact[impact] = (byImpact[impact] ?? 0) + violation.nodes.length;
      const base = { where, rule: violation.id, impact, help: violation.help };
      const known = violation.nodes.filter((node) => node.known);
      const unknown = violation.nodes.filter((node) => !node.known);
      if (known.length) this.findings.push({ ...base, nodes: known, known: known[0]?.known });
      if (unknown.length) this.findings.push({ ...base, nodes: unknown });
    }
    this.counts.set(where, byImpact);
  }

  /** Prints every page's counts (moderate and minor too), then fails with the critical and serious findings. */
  verdict(journey: string): void {
    const lines = [...this.counts].map(([where, byImpact]) => {
      const parts = Object.entries(byImpact).map(([impact, n]) => `${impact} ${n}`);
      return `  ${where}: ${parts.length ? parts.join(', ') : 'no violations'}`;
    });
    console.log(`[a11y] ${journey}\n${lines.join('\n')}`);
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(new URL(`a11y-${journey.replace(/\W+/g, '-')}.json`, REPORT_DIR), JSON.stringify(this.findings, null, 1));
    const minor = this.findings.filter((f) => !FAILING.has(f.impact) && !f.known);
    if (minor.length) console.log(`[a11y] ${journey}: not failing on\n${minor.map(describeFinding).join('\n')}`);
    const known = new Map<string, string[]>();
    for (const f of this.findings.filter((finding) => finding.known)) {
      const key = `[${f.impact}] ${f.rule}: ${f.known}`;
      known.set(key, [...(known.get(key) ?? []), f.where]);
    }
    for (const [key, pages] of known) console.log(`[a11y] ${journey}: known, not failing on ${key}\n  on ${pages.join(', ')}`);
    const failing = this.findings.filter((f) => FAILING.has(f.impact) && !f.known);
    const total = failing.reduce((sum, f) => sum + f.nodes.length, 0);
    expect(failing.length, `${total} critical or serious accessibility violations (${journey}):\n${failing.map(describeFinding).join('\n')}`).toBe(0);
  }
}

/** "3.85 #7d827d on #fffdf8" for a colour-contrast node: the pair to fix in the palette. */
function contrastPair(node: KnownNode): string | undefined {
  const match = /contrast of ([0-9.]+) \(foreground color: (#[0-9a-f]+), background color: (#[0-9a-f]+), font size: ([0-9.]+pt)/.exec(node.failureSummary ?? '');
  return match ? `${match[1]}:1 ${match[2]} on ${match[3]} at ${match[4]}` : undefined;
}

function describeFinding(finding: Finding): string {
  const pairs = new Map<string, number>();
  for (const node of finding.nodes) {
    const pair = contrastPair(node);
    if (pair) pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  const pairLines = [...pairs].map(([pair, n]) => `      ${n} x ${pair}`).join('\n');
  const nodes = finding.nodes.slice(0, 8).map((node) => {
    const target = node.target.map(String).join(' ');
    const html = node.html.replace(/\s+/g, ' ').slice(0, 160);
    const why = node.failureSummary?.split('\n').slice(1).join(' ').trim().slice(0, 200) ?? '';
    return `      ${target}\n        ${html}${why ? `\n        ${why}` : ''}`;
  });
  const more = finding.nodes.length > 8 ? `\n      ... and ${finding.nodes.length - 8} more` : '';
  const head = `  [${finding.impact}${finding.known ? `, known: ${finding.known}` : ''}] ${finding.rule} on ${finding.where} (${finding.nodes.length}): ${finding.help}`;
  return [head, pairLines, nodes.join('\n') + more].filter(Boolean).join('\n');
}

/**
 * Waits until the page has settled (no request in flight, no spinner, the toasts gone, animations finished), then
 * runs axe-core on the whole document and records what it found under `where`.
 */
async function audit(page: Page, results: Audit, where: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.getByRole('status', { name: /^Loading/ }).first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  // Finite animations only (a spinner's never ends), and not for ever: a dialog's entry transition can stay pending.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]),
  );
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(
    async ({ tags, known }) => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
      const outcome = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      const knownReason = (rule: string, target: unknown[]): string | undefined => {
        const element = target.length === 1 && typeof target[0] === 'string' ? document.querySelector(target[0]) : null;
        return known.find((entry) => entry.rule === rule && element?.matches(entry.selector))?.why;
      };
      // Only what the report reads: the full result holds every passing check too.
      return {
        violations: outcome.violations.map((v: Result) => ({
          ...v,
          nodes: v.nodes.map(({ target, html, failureSummary, impact }) => ({ target, html, failureSummary, impact, known: knownReason(v.id, target) })),
        })),
      };
    },
    { tags: TAGS, known: KNOWN },
  );
  results.record(where, found);
}

/** Visits `path`, waits for its h1 (when given) and audits it. */
async function auditRoute(page: Page, results: Audit, path: string, heading?: string | RegExp): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
  if (typeof heading === 'string') await h1(page, heading);
  else if (heading) await visible(page.getByRole('heading', { level: 1, name: heading }), `the h1 ${String(heading)} on ${path}`);
  await audit(page, results, path);
}

// ---------------------------------------------------------------------------------------------------------------

describe('accessibility (axe-core: no critical or serious violation)', () => {
  test('signed out: the landing page, shop, adverts and blog; the landing page on a phone with its menu open', async () => {
    const results = new Audit();
    await withPage(browser(), { viewport: DESKTOP, reducedMotion: 'reduce' }, async ({ page }) => {
      await auditRoute(page, results, '/');
      await auditRoute(page, results, '/shop');
      await auditRoute(page, results, '/advertise');
      await auditRoute(page, results, '/blog');
    });
    await withPage(browser(), { viewport: MOBILE, reducedMotion: 'reduce' }, async ({ page }) => {
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
      await visible(page.getByRole('banner').getByRole('link', { name: 'Shop' }), 'the menu');
      await audit(page, results, '/ (phone, menu open)');
    });
    results.verdict('signed out, storefront');
  }, AUDIT_TIMEOUT_MS);

  test('signed out: log in (and its errors), sign up, available, pending, sold and missing books, the 404 page', async () => {
    const results = new Audit();
    const [book] = (await api.grouped(1)).flatMap((group) => group.books);
    if (!book) throw new Error('the demo catalogue has no book');
    await withPage(browser(), { viewport: DESKTOP, reducedMotion: 'reduce' }, async ({ page }) => {
      await auditRoute(page, results, '/login');
      // The login form after a failed attempt: its error messages are text too.
      await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Login', exact: true }).click();
      await visible(page.getByRole('form', { name: 'Log in' }).getByText('Email is required', { exact: true }), 'the form errors');
      await audit(page, results, '/login (errors shown)');
      await auditRoute(page, results, '/signup');
      await auditRoute(page, results, `/books/${book.id}`, book.title);
      const { pendingBookId, soldBookId } = fixtures();
      if (pendingBookId) await auditRoute(page, results, `/books/${pendingBookId}`);
      if (soldBookId) await auditRoute(page, results, `/books/${soldBookId}`);
      await auditRoute(page, results, '/books/00000000-0000-0000-0000-000000000000');
      await auditRoute(page, results, '/no-such-page');
    });
    results.verdict('signed out, forms and books');
  }, AUDIT_TIMEOUT_MS);

  test('a buyer: dashboard, a category, a book and its buy form, My Orders, Wish List and both payment pages', async (ctx) => {
    skipUnlessEmulator(ctx);
    const results = new Audit();
    const withData = Boolean(fixtures().databaseURL);
    const orderedId = withData ? addBookFor(DEMO.rahim, `E2E A11y Debi ${stamp()}`) : '';
    const wishedId = withData ? addBookFor(DEMO.nusrat, `E2E A11y Aparajito ${stamp()}`) : '';
    const [category] = await api.categories();
    const [book] = (await api.grouped(1)).flatMap((group) => group.books);
    if (!category || !book) throw new Error('the demo catalogue has no category or book');

    await withPage(browser(), { viewport: DESKTOP, reducedMotion: 'reduce' }, async ({ page }) => {
      // A buyer of this run's own: the demo buyers' pending-order limits stay as they were.
      await signUp(page, { name: 'Audit Buyer', email: uniqueEmail('a11y-buyer'), password: 'audit-password-1', seller: false });
      await auditRoute(page, results, '/dashboard', /^Welcome, /);
      await auditRoute(page, results, `/category/${category.id}`);
      await auditRoute(page, results, '/dashboard/myOrders', 'My Orders');
      await auditRoute(page, results, '/dashboard/myWishList', 'Wish List');

      const bookId = withData ? orderedId : book.id;
      await page.goto(`/books/${bookId}`, { waitUntil: 'networkidle' });
      await audit(page, results, '/books/:id (signed in)');
      const buyNow = main(page).getByRole('button', { name: 'Buy Now', exact: true });
      await expect.poll(() => buyNow.isEnabled()).toBe(true);
      await buyNow.click();
      const dialog = page.getByRole('dialog', { name: 'Buy this book' });
      await visible(dialog, 'the buy form');
      await dialog.getByRole('button', { name: /^Place order/ }).click();
      await visible(dialog.getByText('Phone no is required', { exact: true }), 'the buy form errors');
      await audit(page, results, '/books/:id (buy form, errors shown)');
      if (!withData) return;

      await dialog.getByLabel('Phone', { exact: true }).fill('01712-345678');
      await dialog.getByLabel('Location', { exact: true }).fill('Dhanmondi 27, Dhaka');
      const placed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: /^Place order/ }).click();
      const order = (await (await placed).json()) as OrderDto;
      await page.goto('/dashboard/myOrders', { waitUntil: 'networkidle' });
      await h1(page, 'My Orders');
      await audit(page, results, '/dashboard/myOrders (an order)');
      await page.goto(`/dashboard/payment/${order.id}`, { waitUntil: 'networkidle' });
      await h1(page, 'Payment');
      await audit(page, results, '/dashboard/payment/:id');

      await page.goto(`/books/${wishedId}`, { waitUntil: 'networkidle' });
      await main(page).getByRole('button', { name: 'Add to wish list', exact: true }).click();
      await visible(page.getByText('Items added to wish list', { exact: true }), 'the wish-list toast');
      await page.goto('/dashboard/myWishList', { waitUntil: 'networkidle' });
      await h1(page, 'Wish List');
      await audit(page, results, '/dashboard/myWishList (a book)');
      await page.goto(`/dashboard/payment2/${wishedId}`, { waitUntil: 'networkidle' });
      const contact = page.getByRole('form', { name: 'Your contact details' });
      await visible(contact, 'the contact form');
      // The phone and location come from the order just placed.
      expect(await contact.getByLabel('Phone', { exact: true }).inputValue()).toBe('01712-345678');
      await audit(page, results, '/dashboard/payment2/:id (contact form)');
      // Reserve the book, so no copy of this run stays listed.
      await contact.getByRole('button', { name: 'Continue to payment', exact: true }).click();
      await visible(page.getByRole('form', { name: 'Pay by card' }), 'the card form');
      await audit(page, results, '/dashboard/payment2/:id (card form)');
    });
    results.verdict('a buyer');
  }, AUDIT_TIMEOUT_MS);

  test('a seller: dashboard, Add A Product (empty and with its errors), My Products and the edit form', async (ctx) => {
    skipUnlessEmulator(ctx);
    const results = new Audit();
    await withPage(browser(), { viewport: DESKTOP, reducedMotion: 'reduce' }, async ({ page }) => {
      await logIn(page, DEMO.rahim);
      await auditRoute(page, results, '/dashboard', /^Welcome, /);
      await auditRoute(page, results, '/dashboard/addAProduct', 'Add A Product');
      await main(page).getByRole('button', { name: /^Add (a )?product$/i }).first().click();
      await visible(main(page).getByText('This field is required').first(), 'the form errors');
      await audit(page, results, '/dashboard/addAProduct (errors shown)');
      await auditRoute(page, results, '/dashboard/myProducts', 'My Products');
      await main(page).getByRole('button', { name: /^Edit / }).first().click();
      await visible(page.getByRole('dialog'), 'the edit form');
      await audit(page, results, '/dashboard/myProducts (edit form)');
    });
    results.verdict('a seller');
  }, AUDIT_TIMEOUT_MS);

  test('the admin: dashboard, All Seller, All Buyer, Categories and their dialogs', async (ctx) => {
    skipUnlessEmulator(ctx);
    const results = new Audit();
    await withPage(browser(), { viewport: DESKTOP, reducedMotion: 'reduce' }, async ({ page }) => {
      await logIn(page, DEMO.admin);
      await auditRoute(page, results, '/dashboard', /^Welcome, /);
      await auditRoute(page, results, '/dashboard/allSeller', 'All Seller');
      await auditRoute(page, results, '/dashboard/allBuyer', 'All Buyer');
      await main(page).getByRole('button', { name: /^Delete / }).first().click();
      await visible(page.getByRole('alertdialog'), 'the delete confirmation');
      await audit(page, results, '/dashboard/allBuyer (delete confirmation)');
      await page.keyboard.press('Escape');
      await auditRoute(page, results, '/dashboard/categories', 'Categories');
      for (const [button, dialog, what] of [
        [/^Rename /, 'dialog', 'rename form'],
        [/^Merge /, 'alertdialog', 'merge confirmation'],
        [/^Delete /, 'alertdialog', 'delete confirmation'],
      ] as const) {
        await main(page).getByRole('button', { name: button }).first().click();
        await visible(page.getByRole(dialog), `the ${what}`);
        await audit(page, results, `/dashboard/categories (${what})`);
        await page.keyboard.press('Escape');
        await page.getByRole(dialog).waitFor({ state: 'hidden' });
      }
    });
    await withPage(browser(), { viewport: MOBILE, reducedMotion: 'reduce' }, async ({ page }) => {
      await logIn(page, DEMO.admin);
      await page.goto('/dashboard/allSeller', { waitUntil: 'networkidle' });
      await h1(page, 'All Seller');
      await audit(page, results, '/dashboard/allSeller (phone)');
      await page.getByRole('button', { name: 'Open dashboard menu' }).click();
      await audit(page, results, '/dashboard/allSeller (phone, menu open)');
      await page.goto('/dashboard/categories', { waitUntil: 'networkidle' });
      await h1(page, 'Categories');
      await audit(page, results, '/dashboard/categories (phone)');
    });
    results.verdict('the admin');
  }, AUDIT_TIMEOUT_MS);
});
