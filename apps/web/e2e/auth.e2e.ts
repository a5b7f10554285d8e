// Sign-in journeys: sign-up, login and logout, guards, the dashboard per role, the photo upload and social sign-in,
// in a real browser against the real server and the Firebase Auth emulator it verifies tokens with.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO, LOGIN_TOAST, drawerLinks, expectPathSoon, logIn, pathOf, signUp, uniqueEmail } from './accounts';
import { DESKTOP, MOBILE, screenshot, useBrowser, withPage } from './browser';
import { api, fixtures, url } from './env';
import { makePng } from './png';

const browser = useBrowser();

const BUYER_LINKS = ['My Orders', 'Wish List'];
const SELLER_LINKS = ['Add A Product', 'My Products'];
const ADMIN_LINKS = ['All Seller', 'All Buyer', 'Categories', 'Reports'];

let authMode = 'unknown';
beforeAll(async () => {
  const response = await fetch(url('/api/config'));
  authMode = ((await response.json()) as { auth: { mode: string } }).auth.mode;
  if (authMode !== 'emulator') {
    console.warn(`[e2e] the server under test signs in with mode "${authMode}": the sign-in journeys need "emulator" and are skipped`);
  }
});

function skipUnlessEmulator(ctx: { skip: () => void }): void {
  if (authMode !== 'emulator') ctx.skip();
}

async function h1(page: Page, expected: string | RegExp): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 });
  await expect
    .poll(async () => (await heading.allInnerTexts()).map((t) => t.trim()), { timeout: 10_000 })
    .toEqual([expect.stringMatching(typeof expected === 'string' ? new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : expected)]);
}

async function visible(locator: Locator, what: string): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    throw new Error(`expected ${what} to be visible (${locator.toString()})`);
  }
}

function banner(page: Page): Locator {
  return page.getByRole('banner');
}

async function openAccountMenu(page: Page): Promise<Locator> {
  const button = banner(page).getByRole('button', { name: 'Account menu' });
  await button.click();
  expect(await button.getAttribute('aria-expanded')).toBe('true');
  const panel = page.locator(`[id="${String(await button.getAttribute('aria-controls'))}"]`);
  await panel.waitFor({ state: 'visible' });
  return panel;
}

async function logOut(page: Page): Promise<void> {
  const panel = await openAccountMenu(page);
  await panel.getByRole('button', { name: 'Logout' }).click();
  await expectPathSoon(page, '/');
  await visible(banner(page).getByRole('link', { name: 'Login', exact: true }), 'the Login link after logout');
  expect(await banner(page).getByRole('button', { name: 'Account menu' }).count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('AccessToken'))).toBeNull();
}

/** GET /api/me with a given access token, from outside the browser. */
async function meWith(token: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url('/api/me'), { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json().catch(() => null) };
}

async function storedAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('AccessToken'));
  if (!token) throw new Error(`no AccessToken in localStorage at ${page.url()}`);
  return token;
}

/** The session as the server sees it, read with the access token the app stored. */
async function whoAmI(page: Page): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(async () => {
    const response = await fetch('/api/me', { headers: { Authorization: `Bearer ${localStorage.getItem('AccessToken') ?? ''}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  });
}

// ---------------------------------------------------------------------------------------------------------------

describe('sign-up', () => {
  test('a new buyer: toast, the avatar menu shows e-mail and name, the drawer shows My Orders and Wish List only', async (ctx) => {
    skipUnlessEmulator(ctx);
    const email = uniqueEmail('buyer');
    await withPage(browser(), { viewport: DESKTOP }, async (t) => {
      const { page } = t;
      await page.goto('/signup', { waitUntil: 'networkidle' });
      await h1(page, 'Create an account');
      await screenshot(page, 'signup');
      await signUp(page, { name: 'Nadia Rahman', email, password: 'e2e-password', seller: false });

      const me = await whoAmI(page);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email, name: 'Nadia Rahman', role: 'buyer' });

      await visible(banner(page).getByRole('link', { name: 'Dashboard', exact: true }), 'the Dashboard link');
      expect(await banner(page).getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
      expect(await banner(page).getByRole('link', { name: 'SignUp', exact: true }).count()).toBe(0);
      const panel = await openAccountMenu(page);
      await visible(panel.getByText(email, { exact: true }), 'the e-mail in the account menu');
      await visible(panel.getByText('Nadia Rahman', { exact: true }), 'the name in the account menu');
      await screenshot(page, 'avatar-menu', { fullPage: false });
      await page.keyboard.press('Escape');

      await banner(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
      await expectPathSoon(page, '/dashboard');
      await h1(page, 'Welcome, Nadia Rahman');
      expect(await drawerLinks(page)).toEqual(BUYER_LINKS);
      await screenshot(page, 'dashboard-buyer');

      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' }).click();
      await expectPathSoon(page, '/dashboard/myOrders');
      await h1(page, 'My Orders');
    });
  });

  test('a new seller (toggle on): the drawer shows Add A Product and My Products, not verified yet', async (ctx) => {
    skipUnlessEmulator(ctx);
    const email = uniqueEmail('seller');
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await signUp(page, { name: 'Sabbir Hossain', email, password: 'e2e-password', seller: true });
      expect((await whoAmI(page)).body).toMatchObject({ email, role: 'seller', verified: false });
      await page.goto('/dashboard', { waitUntil: 'networkidle' });
      await h1(page, 'Welcome, Sabbir Hossain');
      expect(await drawerLinks(page)).toEqual(SELLER_LINKS);
      await visible(page.getByText('Not verified yet', { exact: true }), 'the seller status');
      await screenshot(page, 'dashboard-seller');
    });
  });

  test('an e-mail that already has an account shows the provider message in red', async (ctx) => {
    skipUnlessEmulator(ctx);
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/signup', { waitUntil: 'networkidle' });
      const form = page.getByRole('form', { name: 'Sign up' });
      await form.getByLabel('Name', { exact: true }).fill('Someone Else');
      await form.getByLabel('Email', { exact: true }).fill(DEMO.farhana);
      await form.getByLabel('Password', { exact: true }).fill('another-password');
      await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await visible(form.getByRole('alert'), 'the error');
      expect(await form.getByRole('alert').innerText()).toContain('An account already uses this e-mail');
      expect(pathOf(page)).toBe('/signup');
    });
  });
});

describe('login and logout', () => {
  test('log out, then log in again: "User login successfully"; a reload never flashes the signed-out navbar', async (ctx) => {
    skipUnlessEmulator(ctx);
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/login', { waitUntil: 'networkidle' });
      await h1(page, 'Log in');
      await screenshot(page, 'login');
      await logIn(page, DEMO.farhana);
      await expectPathSoon(page, '/');
      await logOut(page);

      await logIn(page, DEMO.farhana);
      await expectPathSoon(page, '/');
      expect((await whoAmI(page)).body).toMatchObject({ email: DEMO.farhana, role: 'buyer' });

      // Reloading a guarded page: a spinner while the session is restored, never Login/SignUp, never a redirect.
      await page.goto('/dashboard', { waitUntil: 'networkidle' });
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __loginFlash: string[] }).__loginFlash = seen;
        new MutationObserver(() => {
          if (document.querySelector('header a[href="/login"]')) seen.push(location.pathname);
        }).observe(document, { childList: true, subtree: true });
      });
      await page.reload({ waitUntil: 'networkidle' });
      await h1(page, /^Welcome, /);
      expect(pathOf(page)).toBe('/dashboard');
      expect(await page.evaluate(() => (window as unknown as { __loginFlash: string[] }).__loginFlash)).toEqual([]);
      expect(await drawerLinks(page)).toEqual(BUYER_LINKS);
    });
  });

  test('logout ends every session of the account: its old access tokens answer 401 token_revoked', async (ctx) => {
    skipUnlessEmulator(ctx);
    // The same account signed in elsewhere too (another browser), whose token logout must end as well.
    const elsewhere = await browser().newContext({ viewport: DESKTOP, baseURL: fixtures().baseURL });
    try {
      const otherPage = await elsewhere.newPage();
      await logIn(otherPage, DEMO.karim);
      const otherToken = await storedAccessToken(otherPage);

      await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
        await logIn(page, DEMO.karim);
        const token = await storedAccessToken(page);
        expect((await meWith(token)).status, 'the token works before logout').toBe(200);
        expect((await meWith(otherToken)).status, 'so does the other browser\'s').toBe(200);

        const logoutCall = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session/logout');
        await logOut(page);
        const answer = await logoutCall;
        expect(answer.request().method()).toBe('POST');
        expect(answer.request().headers()['authorization']).toBe(`Bearer ${token}`);
        expect(answer.status(), `POST /api/session/logout answered ${answer.status()}`).toBe(204);

        for (const [which, old] of [
          ['this browser', token],
          ['the other browser', otherToken],
        ] as const) {
          const after = await meWith(old);
          expect(after.status, `GET /api/me with ${which}'s old token`).toBe(401);
          expect(after.body, `GET /api/me with ${which}'s old token`).toMatchObject({ error: { code: 'token_revoked' } });
        }
      });
    } finally {
      await elsewhere.close();
    }
  });

  test('logout on one device signs the other out of Firebase too: at its next renewal it lands on /login, and signing in again works', async (ctx) => {
    skipUnlessEmulator(ctx);
    const email = uniqueEmail('two-devices');
    const password = 'two-devices-pass';
    const phone = await browser().newContext({ viewport: DESKTOP, baseURL: fixtures().baseURL });
    try {
      await withPage(browser(), { viewport: DESKTOP }, async ({ page: laptop }) => {
        await signUp(laptop, { name: 'Two Devices', email, password, seller: false });
        const phonePage = await phone.newPage();
        await logIn(phonePage, email, password);
        expect((await whoAmI(phonePage)).status, 'the phone is signed in').toBe(200);

        await logOut(laptop);

        // The phone goes on using the app: its access token was revoked, and renewing it from the Firebase sign-in it
        // still holds is refused (sign_in_again), so the app signs out of Firebase there and sends the person to
        // /login. (A reload would not get this far: Firebase itself, told of the logout, refuses the old sign-in.)
        const refused = phonePage.waitForResponse((r) => new URL(r.url()).pathname === '/api/session' && r.request().method() === 'POST');
        await banner(phonePage).getByRole('link', { name: 'Dashboard', exact: true }).click();
        await phonePage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders', exact: true }).click();
        const answer = await refused;
        expect(answer.status()).toBe(401);
        expect(await answer.json()).toMatchObject({ error: { code: 'sign_in_again' } });
        await expectPathSoon(phonePage, '/login');
        await visible(phonePage.getByText('Your session has ended. Please log in again.', { exact: true }), 'the session-ended toast');
        expect(await phonePage.evaluate(() => localStorage.getItem('AccessToken'))).toBeNull();
        await screenshot(phonePage, 'signed-out-elsewhere');
        // Signed out of Firebase too: a reload does not bring the old sign-in back.
        await phonePage.reload({ waitUntil: 'networkidle' });
        await visible(banner(phonePage).getByRole('link', { name: 'Login', exact: true }), 'the Login link after a reload');
        expect(await banner(phonePage).getByRole('button', { name: 'Account menu' }).count()).toBe(0);
        expect(await phonePage.evaluate(() => localStorage.getItem('AccessToken'))).toBeNull();

        // A fresh sign-in on the phone works at once.
        await logIn(phonePage, email, password);
        expect((await whoAmI(phonePage)).body).toMatchObject({ email, role: 'buyer' });
      });
    } finally {
      await phone.close();
    }
  });

  test('a wrong password shows the identity provider message in red on the form', async (ctx) => {
    skipUnlessEmulator(ctx);
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/login', { waitUntil: 'networkidle' });
      const form = page.getByRole('form', { name: 'Log in' });
      await form.getByRole('button', { name: 'Login', exact: true }).click();
      await visible(form.getByText('Email is required', { exact: true }), '"Email is required"');
      await visible(form.getByText('Password is required', { exact: true }), '"Password is required"');

      await form.getByLabel('Email', { exact: true }).fill(DEMO.farhana);
      await form.getByLabel('Password', { exact: true }).fill('not-the-password');
      await form.getByRole('button', { name: 'Login', exact: true }).click();
      const alert = form.getByRole('alert');
      await visible(alert, 'the sign-in error');
      expect((await alert.innerText()).trim()).toBe('Wrong e-mail or password.');
      const [r, g, b] = (await alert.evaluate((el) => getComputedStyle(el).color)).match(/\d+(\.\d+)?/g)?.map(Number) ?? [];
      expect(r ?? 0, `the message is red (rgb ${r}, ${g}, ${b})`).toBeGreaterThan((g ?? 0) + 80);
      expect(r ?? 0).toBeGreaterThan((b ?? 0) + 80);
      expect(pathOf(page)).toBe('/login');
      expect(await page.getByText(LOGIN_TOAST).count()).toBe(0);
      await screenshot(page, 'login-error');
    });
  });

  test('a signed-out visit to /category/{id} goes to /login, and logging in returns to that category', async (ctx) => {
    skipUnlessEmulator(ctx);
    const category = (await api.categories()).find((c) => c.bookCount > 0);
    if (!category) throw new Error('no category with books');
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await page.goto(`/category/${category.id}?page=1`, { waitUntil: 'networkidle' });
      await expectPathSoon(page, '/login');
      await h1(page, 'Log in');
      await logIn(page, DEMO.karim);
      await expectPathSoon(page, `/category/${category.id}?page=1`);
      await h1(page, category.name);
    });
  });
});

describe('roles', () => {
  test('the demo admin sees All Seller and All Buyer only, and can open them', async (ctx) => {
    skipUnlessEmulator(ctx);
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await logIn(page, DEMO.admin);
      expect((await whoAmI(page)).body).toMatchObject({ email: DEMO.admin, role: 'admin' });
      await page.goto('/dashboard', { waitUntil: 'networkidle' });
      await h1(page, /^Welcome, /);
      expect(await drawerLinks(page)).toEqual(ADMIN_LINKS);
      await screenshot(page, 'dashboard-admin');
      for (const [label, path] of [
        ['All Seller', '/dashboard/allSeller'],
        ['All Buyer', '/dashboard/allBuyer'],
        ['Categories', '/dashboard/categories'],
      ] as const) {
        await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: label }).click();
        await expectPathSoon(page, path);
        await h1(page, label);
      }
      // An admin is not a buyer.
      await page.goto('/dashboard/myOrders', { waitUntil: 'networkidle' });
      await expectPathSoon(page, '/login');
    });
  });

  test('a verified demo seller sees the seller drawer and a verified badge', async (ctx) => {
    skipUnlessEmulator(ctx);
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await logIn(page, DEMO.rahim);
      await page.goto('/dashboard', { waitUntil: 'networkidle' });
      await h1(page, /^Welcome, /);
      expect(await drawerLinks(page)).toEqual(SELLER_LINKS);
      await visible(page.getByText('Verified seller', { exact: true }), 'the verified badge');
    });
  });

  test('a buyer who opens /dashboard/allSeller is sent to /login', async (ctx) => {
    skipUnlessEmulator(ctx);
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await logIn(page, DEMO.farhana);
      await page.goto('/dashboard/allSeller', { waitUntil: 'networkidle' });
      await expectPathSoon(page, '/login');
      await h1(page, 'Log in');
      expect(await page.getByRole('heading', { name: 'All Seller' }).count()).toBe(0);
      await visible(page.getByText(`You are logged in as ${DEMO.farhana}`, { exact: false }), 'who is signed in');
    });
  });

  test('a signed-out visitor of a dashboard page is sent to /login, and comes back after logging in', async (ctx) => {
    skipUnlessEmulator(ctx);
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/dashboard/addAProduct', { waitUntil: 'networkidle' });
      await expectPathSoon(page, '/login');
      await logIn(page, DEMO.nusrat);
      await expectPathSoon(page, '/dashboard/addAProduct');
      await h1(page, 'Add A Product');
    });
  });

  test('on a phone the drawer opens from "Open dashboard menu"', async (ctx) => {
    skipUnlessEmulator(ctx);
    await withPage(browser(), { viewport: MOBILE, isMobile: true, hasTouch: true }, async ({ page }) => {
      await logIn(page, DEMO.tanvir);
      await page.goto('/dashboard', { waitUntil: 'networkidle' });
      await h1(page, /^Welcome, /);
      await visible(page.getByText('Not verified yet', { exact: true }), 'the unverified status');
      const drawer = page.getByRole('navigation', { name: 'Dashboard' });
      expect(await drawer.isVisible(), 'the drawer is folded away on a phone').toBe(false);
      await screenshot(page, 'dashboard-seller-mobile');
      const toggle = page.getByRole('button', { name: 'Open dashboard menu' });
      await toggle.tap();
      await visible(drawer.getByRole('link', { name: 'Add A Product' }), 'the drawer links');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await screenshot(page, 'dashboard-menu-mobile', { fullPage: false });
      await drawer.getByRole('link', { name: 'My Products' }).tap();
      await expectPathSoon(page, '/dashboard/myProducts');
      await h1(page, 'My Products');
      await expect.poll(() => drawer.isVisible()).toBe(false);
    });
  });
});

describe('profile photo', () => {
  test('uploading a PNG through the modal shows "Uploading...", then the avatar shows the new photo', async (ctx) => {
    skipUnlessEmulator(ctx);
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await logIn(page, DEMO.karim);
      let panel = await openAccountMenu(page);
      await panel.getByRole('button', { name: 'Upload Photo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload your photo' });
      await visible(dialog, 'the photo modal');
      const input = dialog.locator('input[type="file"][name="uploadPhoto"]');
      expect(await input.getAttribute('accept')).toBe('image/*');
      await visible(dialog.getByText('Click to upload your photo', { exact: true }), 'the prompt');
      await screenshot(page, 'photo-modal', { fullPage: false });

      // Not a picture: the server refuses it and the modal says why, staying open.
      await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some text, not a picture') });
      const refused = page.waitForResponse((r) => r.url().endsWith('/api/me/photo'));
      await dialog.getByRole('button', { name: 'Submit' }).click();
      const refusal = await refused;
      expect(refusal.status(), `POST /api/me/photo with text answered ${refusal.status()}: ${await refusal.text()}`).toBe(415);
      const serverMessage = ((await refusal.json()) as { error: { message: string } }).error.message;
      await visible(dialog.getByRole('alert'), 'the server message');
      expect((await dialog.getByRole('alert').innerText()).trim()).toBe(serverMessage);
      expect(await dialog.isVisible()).toBe(true);

      // A real PNG, slowed down a little so "Uploading..." can be seen.
      await page.route('**/api/me/photo', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await input.setInputFiles({ name: 'karim.png', mimeType: 'image/png', buffer: makePng(96) });
      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/me/photo'));
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await visible(dialog.getByText('Uploading...', { exact: true }), '"Uploading..."');
      const answer = await uploaded;
      expect(answer.status(), `POST /api/me/photo answered ${answer.status()}: ${await answer.text()}`).toBe(200);
      const photoUrl = ((await answer.json()) as { photoUrl: string | null }).photoUrl;
      expect(photoUrl).toBeTruthy();
      await dialog.waitFor({ state: 'hidden' });

      const avatar = banner(page).getByRole('button', { name: 'Account menu' }).locator('img');
      await avatar.waitFor({ state: 'visible' });
      await page.waitForFunction(
        () => {
          const img = document.querySelector<HTMLImageElement>('header button[aria-label^="Account menu"] img');
          return img !== null && img.complete && img.naturalWidth > 0;
        },
        undefined,
        { timeout: 10_000 },
      );
      const src = await avatar.evaluate((img) => (img as HTMLImageElement).currentSrc);
      expect(new URL(src).pathname).toBe(new URL(photoUrl ?? '', url('/')).pathname);
      const image = await page.request.get(src);
      expect(image.status(), `GET ${src}`).toBe(200);
      expect(image.headers()['content-type'] ?? '').toMatch(/^image\//);

      // The server kept it: after a reload the avatar still shows it.
      await page.unroute('**/api/me/photo');
      await page.reload({ waitUntil: 'networkidle' });
      await banner(page).getByRole('button', { name: 'Account menu' }).locator('img').waitFor({ state: 'visible' });
      panel = await openAccountMenu(page);
      await visible(panel.getByText(DEMO.karim, { exact: true }), 'the e-mail');
      await page.waitForFunction(() => [...document.querySelectorAll('header img')].every((img) => (img as HTMLImageElement).complete));
      await screenshot(page, 'avatar-menu-photo', { fullPage: false });
    });
  });
});

describe('social sign-in (emulator chooser)', () => {
  test('Google: a demo identity lands signed in as a buyer', async (ctx) => {
    skipUnlessEmulator(ctx);
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/login', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose a Google account (local emulator)' });
      await visible(dialog, 'the account chooser');
      await screenshot(page, 'social-chooser', { fullPage: false });
      await dialog.getByRole('button', { name: /Sadia Islam/ }).click();
      await visible(page.getByText(LOGIN_TOAST, { exact: true }), 'the login toast');
      await expectPathSoon(page, '/');
      expect((await whoAmI(page)).body).toMatchObject({ email: 'sadia.social@puronoboi.test', role: 'buyer' });
      const panel = await openAccountMenu(page);
      await visible(panel.getByText('sadia.social@puronoboi.test', { exact: true }), 'the e-mail');
      await page.keyboard.press('Escape');
      await page.goto('/dashboard', { waitUntil: 'networkidle' });
      expect(await drawerLinks(page)).toEqual(BUYER_LINKS);
    });
  });

  test('Facebook: "Use another account" with a new address lands signed in as a buyer', async (ctx) => {
    skipUnlessEmulator(ctx);
    const email = uniqueEmail('facebook');
    await withPage(browser(), { viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/signup', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Sign in with Facebook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose a Facebook account (local emulator)' });
      await dialog.getByRole('button', { name: 'Use another account' }).click();
      await dialog.getByLabel('Name', { exact: true }).fill('Rupa Das');
      await dialog.getByLabel('Email', { exact: true }).fill(email);
      await dialog.getByRole('button', { name: 'Continue with Facebook' }).click();
      await visible(page.getByText(LOGIN_TOAST, { exact: true }), 'the login toast');
      expect((await whoAmI(page)).body).toMatchObject({ email, name: 'Rupa Das', role: 'buyer' });
    });
  });
});


describe('on a narrow phone', () => {
  for (const route of ['/login', '/signup', '/dashboard'] as const) {
    test(`no horizontal scrolling at 360 px on ${route}`, async (ctx) => {
      skipUnlessEmulator(ctx);
      await withPage(browser(), { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }, async ({ page }) => {
        if (route === '/dashboard') await logIn(page, DEMO.rahim);
        await page.goto(route, { waitUntil: 'networkidle' });
        await h1(page, route === '/login' ? 'Log in' : route === '/signup' ? 'Create an account' : /^Welcome, /);
        const { scrollWidth, culprits } = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const wide = [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > width + 1)
            .slice(0, 5)
            .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
          return { scrollWidth: document.documentElement.scrollWidth, culprits: wide };
        });
        expect(scrollWidth, `page is ${scrollWidth} px wide; widest: ${culprits.join('; ')}`).toBeLessThanOrEqual(360);
        if (route === '/login') await screenshot(page, 'login-mobile');
      });
    });
  }
});
