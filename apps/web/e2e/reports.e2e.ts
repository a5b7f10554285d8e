// Reports and moderation, end to end, on a 360 px phone. A seller of this run lists a book (through the API, newest in
// its category); three buyers of this run report it through the Report dialog (the first also tries to send it without
// a reason, reports it twice, and reads the dialog in Bangla); after the third, the listing is gone from its category
// page and its own page. The seller reads the hidden notice in My Products; the admin opens /dashboard/reports, finds
// the group with its three reports, restores the listing, and it is back on its category page. axe audits the dialog
// (both languages), My Products and the admin's page. Screenshots go to REPORTS_SCREENSHOT_DIR
// (default /tmp/puronoboi-reports). Skipped unless the server signs in through the Auth emulator.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { PublicConfigDto } from '../../../bindings/PublicConfigDto';
import type { SellerBookDto } from '../../../bindings/SellerBookDto';
import { reports as reportsBn } from '../src/lib/i18n/texts/reports-bn';
import { DEMO, logIn, signUp, uniqueEmail } from './accounts';
import { audit, Audit, AUDIT_TIMEOUT_MS } from './axe';
import { screenshot, useBrowser, withPage } from './browser';
import { api, url } from './env';
import { expectNoSideScrolling, gone, h1, picturesLoaded, toast, visible } from './page-checks';
import { makePng } from './png';
import { stamp } from './shop-data';

const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' } as const;
const SHOTS = process.env.REPORTS_SCREENSHOT_DIR ?? '/tmp/puronoboi-reports';

const browser = useBrowser();

let config: PublicConfigDto | undefined;
beforeAll(async () => {
  config = (await (await fetch(url('/api/config'))).json()) as PublicConfigDto;
  mkdirSync(SHOTS, { recursive: true });
});

/** A screenshot in the usual folder and in SHOTS: the whole page, or what the phone's screen shows (a dialog). */
async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await picturesLoaded(page).catch(() => undefined);
  await screenshot(page, name, { fullPage });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage, animations: 'disabled', timeout: 30_000 });
}

/** Switches the language with the bar's button, which names the other language in that language. */
async function switchTo(page: Page, language: 'bn' | 'en'): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: language === 'bn' ? 'বাংলা' : 'English', exact: true }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
}

/** The access token the app keeps for the signed-in user, for the calls this journey makes on their behalf. */
async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('AccessToken'));
  if (!token) throw new Error('no access token in the page');
  return token;
}

/** Lists a book for the seller whose token this is, through the API, as the add-book form would (newest first). */
async function listBook(token: string, title: string, categoryId: string): Promise<SellerBookDto> {
  const body = new FormData();
  const fields = {
    title,
    author: 'Bibhutibhushan Bandyopadhyay',
    categoryId,
    sellerName: 'Report Seller',
    location: 'Nilkhet, Dhaka',
    phone: '01712-345678',
    originalPrice: '450',
    resalePrice: '180',
    condition: 'good',
  };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('image', new Blob([new Uint8Array(makePng(160))], { type: 'image/png' }), 'cover.png');
  const response = await fetch(url('/api/books'), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body });
  if (response.status !== 201) throw new Error(`POST /api/books answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as SellerBookDto;
}

/** The link to the book on its category's first page (signed in: category pages need it). */
function bookLink(page: Page, bookId: string): Locator {
  return page.getByRole('main').locator(`a[href="/books/${bookId}"]`);
}

/** Chooses a reason in the dialog: a tap on its row, as a thumb would. */
async function choose(dialog: Locator, reason: string): Promise<void> {
  const radio = dialog.getByRole('radio', { name: reason, exact: true });
  await radio.locator('xpath=ancestor::label').click();
  expect(await radio.isChecked(), `${reason} chosen`).toBe(true);
}

/** Sends the open report dialog and answers the server's status. */
async function send(page: Page, dialog: Locator, button = 'Send report'): Promise<number> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reports' && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: button, exact: true }).click();
  return (await answered).status();
}

describe('Reports and moderation', () => {
  test('three buyers report a listing at 360 px; it leaves the shop; the seller sees why; the admin restores it', async (ctx) => {
    if (config?.auth.mode !== 'emulator') ctx.skip();
    const run = stamp();
    const title = `E2E Aranyak ${run}`;
    const results = new Audit();
    const category = (await api.categories()).find((c) => c.bookCount > 0);
    if (!category) throw new Error('no category with books');
    const categoryPath = `/category/${category.id}`;
    const sellerEmail = uniqueEmail('report-seller');
    const sellerPassword = 'report-seller-password-1';
    let book: SellerBookDto | undefined;

    // A new seller lists a book.
    await withPage(browser(), PHONE, async ({ page }) => {
      await signUp(page, { name: 'Report Seller', email: sellerEmail, password: sellerPassword, seller: true });
      book = await listBook(await accessToken(page), title, category.id);
    });
    if (!book) throw new Error('the book was not listed');
    const bookId = book.id;
    const bookPath = `/books/${bookId}`;
    const sellerId = (await api.book(bookId)).seller.id;
    let sellerToken = '';

    try {
      const reasons = ['Counterfeit', 'Counterfeit', 'Wrong condition'];
      for (const [index, reason] of reasons.entries()) {
        await withPage(browser(), PHONE, async ({ page }) => {
          await signUp(page, { name: `Reader ${index + 1}`, email: uniqueEmail(`reporter${index + 1}`), password: 'reporter-password-1', seller: false });
          if (index === 0) {
            // On the shop before the reports.
            await page.goto(categoryPath, { waitUntil: 'networkidle' });
            await visible(bookLink(page, bookId), 'the new book on its category page');
          }
          await page.goto(bookPath, { waitUntil: 'networkidle' });
          await h1(page, title);
          const report = page.getByRole('button', { name: 'Report this listing', exact: true });
          await visible(report, 'the Report action');
          if (index === 0) {
            await report.scrollIntoViewIfNeeded();
            await shot(page, 'book-report-action-360', { fullPage: false });
          }
          await report.click();
          const dialog = page.getByRole('dialog', { name: 'Report this listing' });
          await visible(dialog, 'the report dialog');

          if (index === 0) {
            await visible(dialog.getByText('Three reports from different people take a listing off the shop'), 'the rule');
            await expectNoSideScrolling(page, 'the report dialog at 360 px');
            await audit(page, results, 'the report dialog (360 px)');
            await shot(page, 'report-dialog-en-360', { fullPage: false });
            // A reason is required: nothing is sent without one.
            await dialog.getByRole('button', { name: 'Send report', exact: true }).click();
            await visible(dialog.getByText('Choose a reason', { exact: true }), 'the missing reason refused');
            await dialog.getByLabel('Note (optional)').fill('The pages are photocopies, and the cover is a printout.');
            await visible(dialog.getByTestId('character-counter').getByText('55 of 1,000 characters'), 'the character counter');
          }
          await choose(dialog, reason);
          if (index === 0) await shot(page, 'report-dialog-filled-en-360', { fullPage: false });
          expect(await send(page, dialog), `report ${index + 1}`).toBe(201);
          await visible(toast(page, "Thanks — we'll look at it"), 'the thank-you toast');
          await gone(dialog, 'the report dialog');

          if (index === 0) {
            // A second report of the same listing is the first one: said so, nothing new filed.
            await report.click();
            await choose(dialog, 'Scam');
            expect(await send(page, dialog), 'the repeated report').toBe(200);
            await visible(toast(page, 'You reported this already'), 'the already-reported toast');
            await gone(dialog, 'the report dialog');

            // The dialog in Bangla.
            await switchTo(page, 'bn');
            await page.getByRole('button', { name: reportsBn.action.book, exact: true }).click();
            const dialogBn = page.getByRole('dialog', { name: reportsBn.dialog.book });
            await visible(dialogBn, 'the report dialog in Bangla');
            await visible(dialogBn.getByRole('radio', { name: reportsBn.reasons.counterfeit, exact: true }), 'a reason in Bangla');
            await visible(dialogBn.getByText(reportsBn.reasonHints.counterfeit, { exact: true }), "a reason's explanation in Bangla");
            await visible(dialogBn.getByTestId('character-counter').getByText('১,০০০ অক্ষরের মধ্যে ০'), 'the counter in Bengali digits');
            await dialogBn.getByRole('button', { name: reportsBn.dialog.send, exact: true }).click();
            await visible(dialogBn.getByText(reportsBn.dialog.reasonRequired, { exact: true }), 'the missing reason in Bangla');
            await expectNoSideScrolling(page, 'the Bangla report dialog at 360 px');
            await audit(page, results, 'the report dialog in Bangla (360 px)');
            await shot(page, 'report-dialog-bn-360', { fullPage: false });
            await dialogBn.getByRole('button', { name: reportsBn.dialog.cancel, exact: true }).click();
            await gone(dialogBn, 'the Bangla report dialog');
            await switchTo(page, 'en');

            // The seller's own page offers the same, for the seller.
            await page.goto(`/sellers/${sellerId}`, { waitUntil: 'networkidle' });
            await h1(page, 'Report Seller');
            const reportSeller = page.getByRole('button', { name: 'Report this seller', exact: true });
            await visible(reportSeller, 'Report this seller');
            await reportSeller.scrollIntoViewIfNeeded();
            await shot(page, 'seller-page-report-action-360', { fullPage: false });
          }

          if (index === reasons.length - 1) {
            // The third report from different people took it off the shop: its page and its category no longer show it.
            await page.goto(bookPath, { waitUntil: 'networkidle' });
            await h1(page, 'Book not found');
            await page.goto(categoryPath, { waitUntil: 'networkidle' });
            await visible(page.getByRole('heading', { level: 1 }), 'the category page');
            await page.waitForLoadState('networkidle');
            expect(await bookLink(page, bookId).count(), 'the hidden book on its category page').toBe(0);
          }
        });
      }
      const hiddenAnswer = await fetch(url(`/api/books/${bookId}`));
      expect(hiddenAnswer.status, 'GET the hidden book').toBe(404);

      // The seller reads why in My Products.
      await withPage(browser(), PHONE, async ({ page }) => {
        await logIn(page, sellerEmail, sellerPassword);
        sellerToken = await accessToken(page);
        await page.goto('/dashboard/myProducts', { waitUntil: 'networkidle' });
        await h1(page, 'My Products');
        const card = page.locator(`li[data-book-id="${bookId}"]`);
        await visible(card.getByText('Hidden', { exact: true }), 'the Hidden status');
        const notice = card.getByRole('note');
        await visible(notice, 'the hidden notice');
        expect(await notice.innerText()).toBe('Hidden: reported as counterfeit. Our team will review it; contact support if this is wrong.');
        await visible(notice.getByRole('link', { name: 'contact support' }), 'the link to support');
        expect(await card.getByRole('button', { name: `Edit ${title}` }).count(), 'no editing a hidden listing').toBe(0);
        await expectNoSideScrolling(page, 'My Products with a hidden listing at 360 px');
        await audit(page, results, 'My Products with a hidden listing (360 px)');
        await card.scrollIntoViewIfNeeded();
        await shot(page, 'seller-hidden-notice-360', { fullPage: false });
      });

      // The admin decides: the group with its three reports, then Restore.
      await withPage(browser(), PHONE, async ({ page }) => {
        await logIn(page, DEMO.admin);
        await page.goto('/dashboard/reports', { waitUntil: 'networkidle' });
        await h1(page, 'Reports');
        const group = page.getByRole('list', { name: 'Reported listings and sellers' }).getByRole('article', { name: title });
        await visible(group, 'the reported listing in the queue');
        await visible(group.getByText('Hidden by reports', { exact: true }), 'its status');
        await visible(group.getByText('3 reports', { exact: true }), 'its count');
        await visible(group.getByText('Hidden as: Counterfeit', { exact: true }), 'why it is hidden');
        const reports = group.getByRole('list', { name: `Reports of ${title}` }).getByRole('listitem');
        expect(await reports.count()).toBe(3);
        expect((await reports.allInnerTexts()).join('\n')).toContain('The pages are photocopies, and the cover is a printout.');
        for (const reader of ['Reader 1', 'Reader 2', 'Reader 3']) await visible(group.getByText(`by ${reader}`, { exact: true }), `the report of ${reader}`);
        await expectNoSideScrolling(page, 'the reports page at 360 px');
        await audit(page, results, '/dashboard/reports (360 px)');
        await group.scrollIntoViewIfNeeded();
        await shot(page, 'admin-reports-360', { fullPage: false });
        await shot(page, 'admin-reports-full-360');

        await group.getByRole('button', { name: `Restore: ${title}`, exact: true }).click();
        const confirm = page.getByRole('alertdialog', { name: `Put ${title} back on sale?` });
        await visible(confirm, 'the restore question');
        await audit(page, results, 'the restore question (360 px)');
        await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
        await visible(toast(page, 'Listing restored: it is for sale again'), 'the restored toast');
        await gone(page.getByRole('article', { name: title }), 'the group among the open reports');

        // Restoring dismissed its reports: the group is under Dismissed, for sale again.
        await page.getByRole('navigation', { name: 'Show reports' }).getByRole('link', { name: 'Dismissed', exact: true }).click();
        const dismissed = page.getByRole('article', { name: title });
        await visible(dismissed, 'the group under Dismissed');
        await visible(dismissed.getByText('For sale', { exact: true }), 'for sale again');

        // Back on its category page and its own page.
        await page.goto(categoryPath, { waitUntil: 'networkidle' });
        await visible(bookLink(page, bookId), 'the restored book on its category page');
        await page.goto(bookPath, { waitUntil: 'networkidle' });
        await h1(page, title);
      });
      expect((await fetch(url(`/api/books/${bookId}`))).status, 'GET the restored book').toBe(200);
      results.verdict('reports');
    } finally {
      // The listing leaves the shop again, so no later journey finds a newer book first in its category.
      if (sellerToken) await fetch(url(`/api/books/${bookId}`), { method: 'DELETE', headers: { Authorization: `Bearer ${sellerToken}` } });
    }
  }, AUDIT_TIMEOUT_MS * 3);
});
