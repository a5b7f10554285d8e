// Reviews and the seller score, end to end. A seller of this run lists two books (through the database); a buyer of
// this run orders one, and the seller takes it over with the buyer's handover code. Then, on a 360 px phone, the buyer
// finds "Write a review" in My Orders and reviews the order (a missing rating is refused first); the score appears in
// the book page's seller block and on the seller's page, with the review; the seller answers it there, and the answer
// shows. The seller's page is also read in Bangla, and audited with axe in both languages and with the answer form
// open. A fresh seller keeps the score exact: one order, handed over, rated 4, 5 and 3 -> "4.0 (1 review)", 100%
// completed, "New seller". Skipped without the Auth emulator's sign-ins or without E2E_DATABASE_URL.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { PublicConfigDto } from '../../../bindings/PublicConfigDto';
import type { SellerProfileDto } from '../../../bindings/SellerProfileDto';
import { reviews as reviewsBn } from '../src/lib/i18n/texts/reviews-bn';
import { logIn, signUp, uniqueEmail } from './accounts';
import { audit, Audit, AUDIT_TIMEOUT_MS } from './axe';
import { DESKTOP, screenshot, useBrowser, withPage } from './browser';
import { fixtures, url } from './env';
import { psql } from './global-setup';
import { placeOrder } from './ordering';
import { expectNoSideScrolling, h1, main, picturesLoaded, toast, visible } from './page-checks';
import { stamp } from './shop-data';

/** A small phone. */
const PHONE = { width: 360, height: 780 } as const;
/** Where this journey's screenshots also go, to be looked at. */
const SHOTS = process.env.REVIEWS_SCREENSHOT_DIR ?? '/tmp/puronoboi-reviews';

const browser = useBrowser();

let config: PublicConfigDto | undefined;
beforeAll(async () => {
  config = (await (await fetch(url('/api/config'))).json()) as PublicConfigDto;
});

function skipUnlessReady(ctx: { skip: () => void }): void {
  if (config?.auth.mode !== 'emulator' || !fixtures().databaseURL) ctx.skip();
}

/** A full-page screenshot in the usual folder and in SHOTS. */
async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  // From the top: a full page taken while scrolled draws the sticky navigation bar in the middle of it.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await picturesLoaded(page).catch(() => undefined);
  await screenshot(page, name, { fullPage });
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage, animations: 'disabled', timeout: 30_000 });
}

function sql(statement: string): string[] {
  return psql(fixtures().databaseURL, statement);
}

/**
 * Lists an available copy of a demo book for `sellerEmail` under `title`: its listing phone is one no buyer of this
 * journey uses (a buyer whose order phone is on the seller's listings may not review them).
 */
function listBookFor(sellerEmail: string, title: string): string {
  const [id] = sql(
    `INSERT INTO books (id, seller_id, category_id, title, author, description, picture_url, publish_year, ratings, reviews,
                        seller_name, location, phone, seller_email, original_price, resale_price, status, advertised, created_at)
     SELECT gen_random_uuid(), a.id, b.category_id, '${title.replace(/'/g, "''")}', b.author, b.description, b.picture_url,
            b.publish_year, b.ratings, b.reviews, a.name, 'Mirpur 10, Dhaka', '+8801898765432', a.email, b.original_price,
            b.resale_price, 'available', false, (SELECT min(created_at) FROM books) - interval '1 day'
       FROM books b, accounts a
      WHERE b.status = 'available' AND lower(a.email) = lower('${sellerEmail}') AND a.deleted_at IS NULL
      ORDER BY b.created_at, b.id
      LIMIT 1
     RETURNING id`,
  );
  if (!id) throw new Error(`no account ${sellerEmail} or no book to copy`);
  return id;
}

function accountId(email: string): string {
  const [id] = sql(`SELECT id FROM accounts WHERE lower(email) = lower('${email}') AND deleted_at IS NULL`);
  if (!id) throw new Error(`no account ${email}`);
  return id;
}

/** The rating as the score shows it ("4.0 (1 review)"), without the sentence a screen reader hears instead. */
async function shownRating(score: Locator): Promise<string> {
  return (await score.getByTestId('seller-rating').locator('span[aria-hidden="true"]').innerText()).replace(/\s+/g, ' ').trim();
}

async function sellerProfile(sellerId: string): Promise<SellerProfileDto> {
  return (await (await fetch(url(`/api/sellers/${sellerId}`))).json()) as SellerProfileDto;
}

/** The six digits of the handover code on the buyer's order page. */
async function handoverCode(page: Page): Promise<string> {
  const shown = await page.getByRole('region', { name: 'Your handover code' }).getByTestId('handover-code').innerText();
  return shown.replace(/\s/g, '');
}

/** Chooses `stars` in the radio group asking `question`: a tap on the star (the radio itself is visually hidden). */
async function rate(page: Page, question: string, stars: string): Promise<void> {
  const radio = page.getByRole('group', { name: question }).getByRole('radio', { name: stars, exact: true });
  await radio.locator('xpath=..').click();
  expect(await radio.isChecked(), `${stars} chosen for ${question}`).toBe(true);
}

describe('Reviews and the seller score', () => {
  test('a buyer reviews a handed-over order on a phone; the score shows on the book page and the seller page; the seller answers', async (ctx) => {
    skipUnlessReady(ctx);
    const run = stamp();
    const sellerEmail = uniqueEmail('review-seller');
    const sellerPassword = 'review-seller-password-1';
    const soldTitle = `E2E Debi Chowdhurani ${run}`;
    const keptTitle = `E2E Srikanta ${run}`;
    const comment = 'Met me at Mirpur 10 on time; the book was just as the photos showed.';
    const answerText = 'Thank you for coming all the way to Mirpur!';
    const results = new Audit();
    let sellerId = '';
    let soldBookId = '';
    let keptBookId = '';
    let orderId = '';
    let code = '';

    // A new seller, with two books for sale.
    await withPage(browser(), {}, async ({ page }) => {
      await signUp(page, { name: 'Shirin Sultana', email: sellerEmail, password: sellerPassword, seller: true });
    });
    sellerId = accountId(sellerEmail);
    soldBookId = listBookFor(sellerEmail, soldTitle);
    keptBookId = listBookFor(sellerEmail, keptTitle);
    const before = await sellerProfile(sellerId);
    expect(before.score).toEqual({ completionRate: null, completedOrders: 0, reviewAverage: null, reviewCount: 0, newSeller: true });

    try {
      // The buyer orders one, on a phone, and reads the handover code.
      await withPage(browser(), { viewport: PHONE }, async ({ page }) => {
        await signUp(page, { name: 'Nadia Islam', email: uniqueEmail('reviewer'), password: 'reviewer-password-1', seller: false });
        const order = await placeOrder(page, soldBookId, { location: 'Mirpur 10, Dhaka', paymentMethod: 'cash' });
        orderId = order.id;
        expect(order.canReview, 'no review before the handover').toBe(false);
        await page.goto(`/dashboard/payment/${orderId}`, { waitUntil: 'networkidle' });
        await h1(page, 'Payment');
        code = await handoverCode(page);
        expect(code).toMatch(/^\d{6}$/);
        expect(await page.getByRole('heading', { name: 'Review this order' }).count(), 'no review form before the handover').toBe(0);

        // The seller takes the book over with the code (in a page of their own).
        await withPage(browser(), { viewport: DESKTOP }, async ({ page: sellerPage }) => {
          await logIn(sellerPage, sellerEmail, sellerPassword);
          await sellerPage.goto('/dashboard/myProducts', { waitUntil: 'networkidle' });
          await h1(sellerPage, 'My Products');
          const form = sellerPage.getByRole('table', { name: 'Your books' }).getByRole('form', { name: `Confirm the handover of ${soldTitle}` });
          await form.getByLabel("Buyer's handover code").fill(code);
          await form.getByRole('button', { name: 'Confirm handover' }).click();
          await visible(toast(sellerPage, `${soldTitle} is handed over and sold.`), 'the handover toast');
        });

        // My Orders offers the review, and leads to the form on the order's page.
        await page.goto('/dashboard/myOrders', { waitUntil: 'networkidle' });
        await h1(page, 'My Orders');
        const reviewLink = page.getByRole('list', { name: 'Your orders' }).getByRole('link', { name: `Write a review of ${soldTitle}` });
        await visible(reviewLink, 'Write a review on the order card');
        await reviewLink.click();
        const form = page.getByRole('form', { name: 'Your review of this order' });
        await visible(form, 'the review form');
        expect(new URL(page.url()).hash).toBe('#review');

        // A rating left out is refused here, beside its question.
        await rate(page, 'Communication', '5 stars: excellent');
        await form.getByRole('button', { name: 'Publish review' }).click();
        await visible(form.getByRole('group', { name: 'As described' }).getByText('Choose 1 to 5 stars'), 'the missing rating refused');
        await expectNoSideScrolling(page, 'the review form with its errors at 360 px');
        await audit(page, results, 'the review form with a missing rating (360 px)');

        await rate(page, 'As described', '4 stars: very good');
        await rate(page, 'On time at the meeting', '3 stars: good');
        const commentField = form.getByLabel('Comment (optional)');
        await commentField.fill(comment);
        await visible(form.getByTestId('character-counter').getByText(`${comment.length} of 1,000 characters`), 'the character counter');
        await expectNoSideScrolling(page, 'the review form at 360 px');
        await shot(page, 'review-form-360');

        const sent = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/orders/${orderId}/review` && r.request().method() === 'POST');
        await form.getByRole('button', { name: 'Publish review' }).click();
        const answer = await sent;
        expect(answer.status(), `the review answered ${answer.status()}: ${await answer.text()}`).toBe(201);
        expect(answer.request().postDataJSON()).toEqual({ asDescribed: 4, communication: 5, onTime: 3, comment });
        await visible(toast(page, 'Thank you! Your review is published.'), 'the review toast');
        const yours = page.getByTestId('your-review');
        await visible(yours, 'Your review on the order page');
        await visible(page.getByRole('heading', { level: 2, name: 'Your review' }), 'the Your review heading');
        await visible(yours.getByRole('img', { name: '4 out of 5 stars' }), 'the ratings as stars');
        await visible(yours.getByText(comment), 'the comment');
        await audit(page, results, 'the order page with its review (360 px)');
        await shot(page, 'review-done-360');
        // Once only: the link leaves My Orders.
        await page.goto('/dashboard/myOrders', { waitUntil: 'networkidle' });
        await h1(page, 'My Orders');
        expect(await page.getByRole('link', { name: `Write a review of ${soldTitle}` }).count(), 'no second review offered').toBe(0);

        // The score in the book page's seller block, and the way to the seller's page.
        await page.goto(`/books/${keptBookId}`, { waitUntil: 'networkidle' });
        await h1(page, keptTitle);
        const block = page.getByRole('region', { name: 'Seller' });
        const score = block.getByRole('list', { name: 'Seller score' });
        await visible(score.getByTestId('seller-rating').getByText('(1 review)'), 'the rating in the seller block');
        expect(await shownRating(score)).toBe('4.0 (1 review)');
        await visible(score.getByText('New seller', { exact: true }), 'New seller in the seller block');
        await expectNoSideScrolling(page, 'the book page with the seller score at 360 px');
        await block.scrollIntoViewIfNeeded();
        await shot(page, 'book-seller-block-360', { fullPage: false });
        await block.getByRole('link', { name: 'See the seller’s page' }).click();
      });
      await expect.poll(async () => (await sellerProfile(sellerId)).score).toEqual({
        completionRate: 100,
        completedOrders: 1,
        reviewAverage: 4,
        reviewCount: 1,
        newSeller: true,
      });

      // The seller's page as anyone sees it, on a phone: the score, the book still for sale, the review. Then in Bangla.
      await withPage(browser(), { viewport: PHONE }, async ({ page, visit }) => {
        await visit(`/sellers/${sellerId}`);
        await h1(page, 'Shirin Sultana');
        const score = main(page).getByRole('list', { name: 'Seller score' });
        await visible(score.getByText('100% of orders completed', { exact: true }), 'the completion rate');
        await visible(score.getByText('New seller', { exact: true }), 'the New seller badge');
        expect(await shownRating(score)).toBe('4.0 (1 review)');
        await visible(main(page).getByText(/^Joined \w+ \d{4}$/), 'when the seller joined');
        await visible(main(page).getByRole('heading', { level: 2, name: 'How reviews work' }), 'how reviews work');
        const books = main(page).getByRole('region', { name: 'Books for sale' });
        await visible(books.getByRole('link', { name: keptTitle }), 'the book still for sale');
        expect(await books.getByRole('link', { name: soldTitle }).count(), 'the sold book is not for sale').toBe(0);
        const review = main(page).getByRole('list', { name: 'Reviews of this seller' }).getByRole('article');
        await visible(review.getByRole('heading', { level: 3, name: 'Nadia' }), "the buyer's first name only");
        await visible(review.getByText(`Bought: ${soldTitle}`), 'the book reviewed');
        await visible(review.getByText(comment), 'the comment');
        expect(await review.getByRole('button', { name: /^Answer/ }).count(), 'only the seller answers').toBe(0);
        await expectNoSideScrolling(page, 'the seller page at 360 px');
        await audit(page, results, 'the seller page (360 px)');
        await shot(page, 'seller-page-en-360');

        await page.getByRole('banner').getByRole('button', { name: 'বাংলা', exact: true }).click();
        const scoreBn = main(page).getByRole('list', { name: reviewsBn.score.label });
        await visible(scoreBn.getByText('১০০% অর্ডার সম্পন্ন', { exact: true }), 'the completion rate in Bangla');
        await visible(scoreBn.getByText(reviewsBn.score.newSeller, { exact: true }), 'New seller in Bangla');
        expect(await shownRating(scoreBn)).toBe('৪.০ (১টি রিভিউ)');
        await visible(main(page).getByRole('heading', { level: 2, name: reviewsBn.sellerPage.howHeading }), 'how reviews work in Bangla');
        await visible(main(page).getByText(reviewsBn.sellerPage.howText), 'the explanation in Bangla');
        // All Bangla but what people wrote: names, titles, the comment.
        const text = (await main(page).innerText())
          .replaceAll(soldTitle, '')
          .replaceAll(keptTitle, '')
          .replaceAll(comment, '')
          .replace(/Shirin Sultana|Nadia|E2E/g, '');
        const latinWords = (words: string): string[] => words.match(/[A-Za-z]{2,}/g) ?? [];
        // The book card is the seller's listing as they wrote it: the copied demo book's author is in Latin letters.
        const listing = latinWords(await main(page).getByRole('region', { name: reviewsBn.sellerPage.booksHeading }).innerText());
        expect(latinWords(text).filter((word) => !listing.includes(word)), 'the seller page in Bangla has no English').toEqual([]);
        await expectNoSideScrolling(page, 'the seller page in Bangla at 360 px');
        await audit(page, results, 'the seller page in Bangla (360 px)');
        await shot(page, 'seller-page-bn-360');
        await page.setViewportSize(DESKTOP);
        await expectNoSideScrolling(page, 'the seller page in Bangla at 1280 px');
        await shot(page, 'seller-page-bn-1280');
      });

      // The seller answers the review on their page.
      await withPage(browser(), { viewport: PHONE }, async ({ page }) => {
        await logIn(page, sellerEmail, sellerPassword);
        await page.goto(`/sellers/${sellerId}`, { waitUntil: 'networkidle' });
        await h1(page, 'Shirin Sultana');
        const review = main(page).getByRole('list', { name: 'Reviews of this seller' }).getByRole('article');
        await review.getByRole('button', { name: 'Answer Nadia’s review' }).click();
        const form = review.getByRole('form', { name: 'Answer Nadia’s review' });
        await visible(form, 'the answer form');
        await form.getByLabel('Your answer').fill(answerText);
        await visible(form.getByText(`${answerText.length} of 1,000 characters`), 'the counter of the answer');
        await expectNoSideScrolling(page, 'the seller page with the answer form at 360 px');
        await audit(page, results, 'the seller page with the answer form (360 px)');
        await form.scrollIntoViewIfNeeded();
        await shot(page, 'answer-form-360', { fullPage: false });
        await form.getByRole('button', { name: 'Publish answer' }).click();
        await visible(toast(page, 'Your answer is published.'), 'the answer toast');
        await visible(review.getByTestId('seller-answer').getByText(answerText), 'the answer under the review');
        expect(await review.getByRole('button', { name: /^Answer/ }).count(), 'answered once').toBe(0);
        await page.setViewportSize(DESKTOP);
        await audit(page, results, 'the seller page as its seller (1280 px)');
        await shot(page, 'seller-page-answered-1280');
      });
    } finally {
      // The second book leaves the shop with the journey (the first was sold).
      sql(`DELETE FROM books WHERE id = '${keptBookId}' AND NOT EXISTS (SELECT 1 FROM orders WHERE book_id = '${keptBookId}')`);
    }
    results.verdict('reviews and the seller score');
  }, AUDIT_TIMEOUT_MS + 180_000);
});
