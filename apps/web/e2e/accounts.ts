// Signing in through the real UI, shared by the journeys. The server seeds these demo sign-ins into the Auth emulator.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const DEMO_PASSWORD = 'puronoboi-demo';

export const DEMO = {
  admin: 'admin@puronoboi.test',
  /** Verified sellers. */
  rahim: 'rahim@puronoboi.test',
  nusrat: 'nusrat@puronoboi.test',
  /** A seller the admin has not verified. */
  tanvir: 'tanvir@puronoboi.test',
  /** Buyers. */
  farhana: 'farhana@puronoboi.test',
  karim: 'karim@puronoboi.test',
} as const;

export const LOGIN_TOAST = 'User login successfully';

/** A fresh address for an account this run creates. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.puronoboi.test`;
}

export function pathOf(page: Page): string {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
}

/**
 * Logs in with e-mail and password on /login (going there first unless a guard already sent us), then waits for the
 * success toast and the account menu.
 */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login', { waitUntil: 'networkidle' });
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await page
    .getByText(LOGIN_TOAST, { exact: true })
    .waitFor({ state: 'visible' })
    .catch(async () => {
      const alert = await form.getByRole('alert').allInnerTexts();
      throw new Error(`logging in as ${email} did not succeed; the form says ${JSON.stringify(alert)} (at ${page.url()})`);
    });
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).waitFor({ state: 'visible' });
}

/**
 * Signs up through /signup (a seller when `seller`), then waits for the "User created successfully" toast and the
 * landing page.
 */
export async function signUp(page: Page, { name, email, password, seller }: { name: string; email: string; password: string; seller: boolean }): Promise<void> {
  await page.goto('/signup', { waitUntil: 'networkidle' });
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  const toggle = form.getByRole('checkbox', { name: 'Seller Account' });
  expect(await toggle.isChecked()).toBe(false);
  if (seller) await toggle.check();
  await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page
    .getByText('User created successfully', { exact: true })
    .waitFor({ state: 'visible', timeout: 10_000 })
    .catch(async () => {
      const alert = await form.getByRole('alert').allInnerTexts();
      throw new Error(`signing up as ${email} did not succeed; the form says ${JSON.stringify(alert)} (at ${page.url()})`);
    });
  await expectPathSoon(page, '/');
}

/** The link texts of the dashboard drawer. */
export async function drawerLinks(page: Page): Promise<string[]> {
  const drawer = page.getByRole('navigation', { name: 'Dashboard' });
  await drawer.getByRole('link').first().waitFor({ state: 'attached' });
  return (await drawer.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

export async function expectPathSoon(page: Page, expected: string): Promise<void> {
  await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe(expected);
}
