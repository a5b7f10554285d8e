// Debian's Chromium driven through playwright-core (never a downloaded browser), one fresh context per test,
// page problems collected per page, and full-page screenshots under apps/web/screenshots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { fixtures } from './env';

export const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

export const DESKTOP = { width: 1280, height: 900 } as const;
export const MOBILE = { width: 375, height: 812 } as const;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Starts one browser for the calling test file; `browser()` hands it out inside tests. */
export function useBrowser(): () => Browser {
  let instance: Browser | undefined;
  beforeAll(async () => {
    instance = await launchBrowser();
  });
  afterAll(async () => {
    await instance?.close();
  });
  return () => {
    if (!instance) throw new Error('the browser is not running (useBrowser() must be called at the top of the file)');
    return instance;
  };
}

export interface PageProblems {
  /** Uncaught exceptions and unhandled rejections: any of them fails the test. */
  uncaught: string[];
  /** Server errors (5xx) on any request: any of them fails the test. */
  serverErrors: string[];
  /**
   * Content-Security-Policy violations ("<directive> <blocked URI>", and Chromium's console reports of them): any of
   * them fails the test. The server's policy must let the app do everything it does.
   */
  cspViolations: string[];
  /** console.error / console.warning messages: reported with a failure, not failing on their own. */
  console: string[];
  /** Requests that did not complete or answered 4xx: reported with a failure, not failing on their own. */
  failedRequests: string[];
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  problems: PageProblems;
  /** Navigates to a path of the app under test and waits until the network is quiet. */
  visit(path: string): Promise<void>;
}

export type PageOptions = Pick<BrowserContextOptions, 'viewport' | 'reducedMotion' | 'deviceScaleFactor' | 'isMobile' | 'hasTouch' | 'locale'>;

/** Where the init script below keeps the violations it saw, for a journey that wants to look. */
export const CSP_VIOLATIONS_GLOBAL = '__e2eCspViolations';
const CSP_BINDING = '__e2eReportCspViolation';

/**
 * Runs in every document of the context before the app's own scripts: listens for securitypolicyviolation and reports
 * each one, so a violation on a page that navigated away since is not lost.
 */
function watchCspViolations({ store, binding }: { store: string; binding: string }): void {
  const seen: string[] = [];
  (window as unknown as Record<string, unknown>)[store] = seen;
  document.addEventListener('securitypolicyviolation', (event) => {
    const line = `${event.violatedDirective} ${event.blockedURI || '(inline)'}`;
    seen.push(line);
    const report = (window as unknown as Record<string, unknown>)[binding];
    if (typeof report === 'function') void (report as (line: string) => Promise<void>)(line);
  });
}

/**
 * Runs `body` with a page in a fresh browser context, then fails if the page threw an uncaught error, the server
 * answered 5xx or the Content-Security-Policy blocked something. The collected console messages and failed requests
 * are attached to any failure.
 */
export async function withPage(browser: Browser, options: PageOptions, body: (t: TestPage) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: fixtures().baseURL, ...options });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const problems: PageProblems = { uncaught: [], serverErrors: [], cspViolations: [], console: [], failedRequests: [] };
  await context.exposeBinding(CSP_BINDING, ({ page: source }, line: string) => {
    problems.cspViolations.push(`${line} (on ${source.url()})`);
  });
  await context.addInitScript(watchCspViolations, { store: CSP_VIOLATIONS_GLOBAL, binding: CSP_BINDING });
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.uncaught.push(`${error.name}: ${error.message}\n${error.stack ?? ''}`));
  page.on('console', (message) => {
    const where = message.location().url;
    // Chromium reports what the policy refused on the console too ("Refused to load ... Content Security Policy").
    if (message.text().includes('Content Security Policy')) problems.cspViolations.push(`[console] ${message.text()} (${where})`);
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.console.push(`[${message.type()}] ${message.text()} (${where})`);
    }
  });
  page.on('requestfailed', (request) => {
    problems.failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`);
  });
  page.on('response', (response) => {
    const line = `${response.request().method()} ${response.url()}: ${response.status()}`;
    if (response.status() >= 500) problems.serverErrors.push(line);
    else if (response.status() >= 400) problems.failedRequests.push(line);
  });
  const visit = async (path: string): Promise<void> => {
    await page.goto(path, { waitUntil: 'networkidle' });
  };

  const report = (): string =>
    [
      problems.uncaught.length ? `uncaught errors:\n  ${problems.uncaught.join('\n  ')}` : '',
      problems.serverErrors.length ? `server errors:\n  ${problems.serverErrors.join('\n  ')}` : '',
      problems.cspViolations.length ? `Content-Security-Policy violations:\n  ${problems.cspViolations.join('\n  ')}` : '',
      problems.console.length ? `console:\n  ${problems.console.join('\n  ')}` : '',
      problems.failedRequests.length ? `failed requests:\n  ${problems.failedRequests.join('\n  ')}` : '',
    ]
      .filter(Boolean)
      .join('\n');

  try {
    try {
      await body({ page, context, problems, visit });
    } catch (error) {
      const extra = report();
      if (extra && error instanceof Error) error.message += `\n\nPage at failure: ${page.url()}\n${extra}`;
      throw error;
    }
    // A violation reported just now may still be on its way through the binding: one round trip lets it arrive.
    await page.evaluate(() => undefined).catch(() => undefined);
    expect(problems.uncaught, `the page threw uncaught errors\n${report()}`).toEqual([]);
    expect(problems.serverErrors, `the server answered 5xx\n${report()}`).toEqual([]);
    expect(problems.cspViolations, `the Content-Security-Policy blocked something\n${report()}`).toEqual([]);
  } finally {
    await context.close();
  }
}

/** Saves a full-page PNG as apps/web/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage, animations: 'disabled', timeout: 30_000 });
  return path;
}
