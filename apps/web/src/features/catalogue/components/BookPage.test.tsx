import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookDetailDto } from '@bindings/BookDetailDto';
import { ACCESS_TOKEN_KEY, useAuthStore } from '@/lib/auth-store';
import { signedInAs, signedOut } from '@/test/auth';
import { fakeFirebase } from '@/test/fake-firebase';
import { BUYER, bookDetail, POETRY, sessionFor } from '@/test/fixtures';
import { callsTo, notFound, requestsTo, stubFetch, type ReplyValue } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { formatDate } from '@/lib/format';
import { switchLanguage } from '@/lib/i18n/translations';

const ID = 'b0000000-0000-4000-8000-000000000001';
const BOOK_PATH = `/api/books/${ID}`;
const SIGN_IN_TEXT = "Sign in to see the seller's phone and e-mail";
const CONTACT_UNAVAILABLE_TEXT = "The seller's phone and e-mail could not be loaded. Reload the page to try again.";

/** The book as the server shows it to a visitor: no phone, no e-mail. */
function asVisitorSees(overrides: Partial<BookDetailDto> = {}): BookDetailDto {
  const book = bookDetail(overrides);
  return { ...book, seller: { ...book.seller, phone: null, email: null } };
}

/** GET /api/books/{id} as the server answers it: the contact details only for one of `tokens`. */
function bookFor(...tokens: string[]) {
  return (_url: URL, init: RequestInit): ReplyValue => {
    const authorization = new Headers(init.headers).get('Authorization') ?? '';
    return { body: tokens.some((token) => authorization === `Bearer ${token}`) ? bookDetail() : asVisitorSees() };
  };
}

function sellerRegion() {
  return screen.findByRole('region', { name: 'Seller' });
}

function openBook(overrides: Partial<BookDetailDto> = {}) {
  const fetchMock = stubFetch({
    '/api/advertised': { body: [] },
    [`/api/books/${ID}`]: { body: bookDetail(overrides) },
  });
  renderApp(`/books/${ID}`);
  return fetchMock;
}

describe('Book page', () => {
  it('shows the book with the original price struck through and the resale price', async () => {
    openBook({ originalPrice: 650, resalePrice: 220 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gitanjali' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Gitanjali' })).toHaveAttribute('src', '/images/gitanjali.svg');
    const struck = screen.getByText((_, element) => element?.tagName === 'DEL' && /650 ৳/.test(element.textContent ?? ''));
    expect(struck).toBeInTheDocument();
    expect(screen.getByText('220 ৳')).toBeInTheDocument();
    expect(screen.getByText("Song Offerings, Tagore's own English translation.")).toBeInTheDocument();
    expect(screen.getByText('2011')).toBeInTheDocument();
    expect(document.title).toBe('Gitanjali · Puronoboi');
  });

  it('links the category and shows "Unknown" for a missing publish year', async () => {
    openBook({ publishYear: null });
    await screen.findByRole('heading', { level: 1, name: 'Gitanjali' });
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    const categoryLinks = screen.getAllByRole('link', { name: 'Poetry' });
    expect(categoryLinks.length).toBeGreaterThan(0);
    for (const link of categoryLinks) expect(link).toHaveAttribute('href', `/category/${POETRY.id}`);
  });

  it('shows the seller with a verified badge and tel:/mailto: links', async () => {
    openBook();
    const seller = await screen.findByRole('region', { name: 'Seller' });
    expect(within(seller).getByText('Rahim Uddin')).toBeInTheDocument();
    expect(within(seller).getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
    expect(within(seller).getByRole('link', { name: '01715-384926' })).toHaveAttribute('href', 'tel:01715384926');
    expect(within(seller).getByRole('link', { name: 'rahim@puronoboi.test' })).toHaveAttribute(
      'href',
      'mailto:rahim@puronoboi.test',
    );
    expect(within(seller).getByText('Nilkhet, Dhaka')).toBeInTheDocument();
  });

  it('shows no verified badge for an unverified seller', async () => {
    openBook({ seller: { ...bookDetail().seller, verified: false } });
    await screen.findByRole('region', { name: 'Seller' });
    expect(screen.queryByRole('img', { name: 'Verified seller' })).not.toBeInTheDocument();
  });

  it('sends a visitor to /login from Buy Now and from the heart, remembering the book', async () => {
    const fetchMock = stubFetch({ ...signedOut(), [BOOK_PATH]: { body: asVisitorSees() } });
    const { router } = renderApp(`/books/${ID}`);
    const user = userEvent.setup();
    const buy = await screen.findByRole('button', { name: 'Buy Now' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    expect(await screen.findByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to buy books')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: { pathname: `/books/${ID}`, search: '', hash: '' } });

    await router.navigate(`/books/${ID}`);
    const heart = await screen.findByRole('button', { name: 'Add to wish list' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(await screen.findByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to keep a wish list')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: { pathname: `/books/${ID}`, search: '', hash: '' } });
    expect(callsTo(fetchMock, '/api/orders') + callsTo(fetchMock, '/api/wishlist')).toBe(0);
  });

  it('says a sold book has been sold instead of offering Buy Now or the heart', async () => {
    openBook({ status: 'sold' });
    expect(await screen.findByText('This book has been sold')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to wish list' })).not.toBeInTheDocument();
  });

  it('says a book is reserved for a buyer instead of offering Buy Now, but keeps the heart', async () => {
    openBook({ status: 'pending' });
    expect(await screen.findByText('This book is reserved for a buyer (payment pending)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to wish list' })).toBeInTheDocument();
  });

  it('shows a not-found state with a link to the shop for an unknown id, without retrying', async () => {
    const fetchMock = stubFetch({ '/api/advertised': { body: [] }, '/api/books/nope': notFound() });
    renderApp('/books/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
    expect(callsTo(fetchMock, '/api/books/nope')).toBe(1);
    expect(document.title).toBe('Book not found · Puronoboi');
  });

  it('offers Retry when the server fails, and recovers', async () => {
    let healthy = false;
    stubFetch({
      '/api/advertised': { body: [] },
      [`/api/books/${ID}`]: () =>
        healthy
          ? { body: bookDetail() }
          : { status: 500, body: { error: { code: 'internal', message: 'Something broke on our side.' } } },
    });
    renderApp(`/books/${ID}`);
    expect(await screen.findByText('Something broke on our side.')).toBeInTheDocument();
    healthy = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gitanjali' })).toBeInTheDocument();
  });
});

describe("the seller's phone and e-mail", () => {
  it('are left out for a visitor, with a way to sign in that comes back to the book', async () => {
    fakeFirebase.addAccount(BUYER.email, 'pw');
    const fetchMock = stubFetch({ ...signedOut(), '/api/session': { body: sessionFor(BUYER) }, [BOOK_PATH]: bookFor(`access-${BUYER.id}`) });
    const { router } = renderApp(`/books/${ID}?from=shop`);
    const seller = await sellerRegion();
    expect(within(seller).getByText('Rahim Uddin')).toBeInTheDocument();
    expect(within(seller).getByText('Nilkhet, Dhaka')).toBeInTheDocument();
    expect(within(seller).getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
    expect(within(seller).getByTestId('seller-contact-hint')).toHaveTextContent(SIGN_IN_TEXT);
    expect(within(seller).queryByText('01715-384926')).not.toBeInTheDocument();
    expect(within(seller).queryByText('rahim@puronoboi.test')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, BOOK_PATH).map((r) => r.authorization)).toEqual([null]);

    const user = userEvent.setup();
    const signIn = within(seller).getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/login');
    await user.click(signIn);
    const form = await screen.findByRole('form', { name: 'Log in' });
    expect(router.state.location.state).toEqual({ from: { pathname: `/books/${ID}`, search: '?from=shop', hash: '' } });
    await user.type(within(form).getByLabelText('Email'), BUYER.email);
    await user.type(within(form).getByLabelText('Password'), 'pw');
    await user.click(within(form).getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/books/${ID}`));
    const afterLogin = await sellerRegion();
    expect(await within(afterLogin).findByRole('link', { name: '01715-384926' })).toHaveAttribute('href', 'tel:01715384926');
    expect(within(afterLogin).queryByText(SIGN_IN_TEXT)).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, BOOK_PATH).at(-1)?.authorization).toBe(`Bearer access-${BUYER.id}`);
  });

  it('are shown to a signed-in user, the book asked for with their access token', async () => {
    const fetchMock = stubFetch({ ...signedInAs(BUYER), [BOOK_PATH]: bookFor(`access-${BUYER.id}`) });
    renderApp(`/books/${ID}`);
    const seller = await sellerRegion();
    expect(within(seller).getByRole('link', { name: '01715-384926' })).toHaveAttribute('href', 'tel:01715384926');
    expect(within(seller).getByRole('link', { name: 'rahim@puronoboi.test' })).toHaveAttribute('href', 'mailto:rahim@puronoboi.test');
    expect(within(seller).queryByText(SIGN_IN_TEXT)).not.toBeInTheDocument();
    // Asked once, once sign-in had settled: never first as a visitor.
    expect(requestsTo(fetchMock, BOOK_PATH).map((r) => r.authorization)).toEqual([`Bearer access-${BUYER.id}`]);
  });

  it('disappear again when the user logs out', async () => {
    stubFetch({ ...signedInAs(BUYER), '/api/session/logout': { status: 204, body: undefined }, [BOOK_PATH]: bookFor(`access-${BUYER.id}`) });
    const { router } = renderApp(`/books/${ID}`);
    const user = userEvent.setup();
    await within(await sellerRegion()).findByRole('link', { name: '01715-384926' });
    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(useAuthStore.getState().status).toBe('signedOut'));
    await router.navigate(`/books/${ID}`);
    expect(await within(await sellerRegion()).findByTestId('seller-contact-hint')).toHaveTextContent(SIGN_IN_TEXT);
    expect(screen.queryByText('01715-384926')).not.toBeInTheDocument();
  });

  it('come with a renewed token when the stored one was revoked, which the public page answers as for a visitor', async () => {
    let sessions = 0;
    const fetchMock = stubFetch({
      ...signedInAs(BUYER),
      '/api/session': () => ({ body: sessionFor(BUYER, (sessions += 1) === 1 ? 'revoked-later' : 'renewed') }),
      [BOOK_PATH]: bookFor('renewed'),
    });
    renderApp(`/books/${ID}`);
    expect(await within(await sellerRegion()).findByRole('link', { name: '01715-384926' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, BOOK_PATH).map((r) => r.authorization)).toEqual(['Bearer revoked-later', 'Bearer renewed']);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('renewed');
  });

  it('never cost the user their session: a refused token falls back to the visitor view', async () => {
    const fetchMock = stubFetch({
      ...signedInAs(BUYER),
      [BOOK_PATH]: (_url, init) =>
        new Headers(init.headers).has('Authorization')
          ? { status: 401, body: { error: { code: 'token_revoked', message: 'This session was ended.' } } }
          : { body: asVisitorSees() },
    });
    const { router } = renderApp(`/books/${ID}`);
    const seller = await sellerRegion();
    expect(within(seller).getByText('Nilkhet, Dhaka')).toBeInTheDocument();
    expect(within(seller).queryByRole('link', { name: '01715-384926' })).not.toBeInTheDocument();
    expect(within(seller).getByText(CONTACT_UNAVAILABLE_TEXT)).toBeInTheDocument();
    expect(requestsTo(fetchMock, BOOK_PATH).map((r) => r.authorization)).toEqual([
      `Bearer access-${BUYER.id}`,
      `Bearer access-${BUYER.id}`,
      null,
    ]);
    expect(useAuthStore.getState().status).toBe('signedIn');
    expect(fakeFirebase.module.signOut).not.toHaveBeenCalled();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
    expect(router.state.location.pathname).toBe(`/books/${ID}`);
  });
});

describe('Book page in Bangla', () => {
  /** A book whose own words (the seller's) are Bangla too, so that any Latin letter on the page is ours. */
  const banglaBook = (overrides: Partial<BookDetailDto> = {}) =>
    bookDetail({
      title: 'গীতাঞ্জলি',
      author: 'রবীন্দ্রনাথ ঠাকুর',
      category: { ...POETRY, name: 'কবিতা' },
      description: 'কবির নিজের করা ইংরেজি অনুবাদ।',
      seller: { ...bookDetail().seller, name: 'রহিম উদ্দিন', location: 'নীলক্ষেত, ঢাকা' },
      ...overrides,
    });

  it('shows prices, savings, the publish year and the listing date in Bengali digits', async () => {
    await switchLanguage('bn');
    stubFetch({ ...signedOut(), [BOOK_PATH]: { body: banglaBook({ originalPrice: 650, resalePrice: 220, publishYear: 2011 }) } });
    renderApp(`/books/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'গীতাঞ্জলি' })).toBeInTheDocument();
    expect(screen.getByText('২২০ ৳')).toBeInTheDocument();
    const struck = screen.getByText((_, element) => element?.tagName === 'DEL');
    expect(struck).toHaveTextContent('মূল দাম ৬৫০ ৳');
    expect(screen.getByText('আপনার সাশ্রয় ৪৩০ ৳ (৬৬%)')).toBeInTheDocument();
    expect(screen.getByText('লেখক:', { exact: false })).toHaveTextContent('লেখক: রবীন্দ্রনাথ ঠাকুর');
    expect(screen.getByRole('navigation', { name: 'আপনি এখন যেখানে' })).toHaveTextContent(/^হোমদোকানকবিতাগীতাঞ্জলি$/);

    const about = screen.getByRole('region', { name: 'বইটি সম্পর্কে' });
    const listedOn = formatDate(banglaBook().createdAt, 'bn');
    expect(listedOn).toMatch(/২০২৬/);
    for (const text of ['প্রকাশের বছর', '২০১১', 'ক্যাটাগরি', 'লেখক', 'দোকানে ওঠার তারিখ', listedOn]) {
      expect(within(about).getByText(text)).toBeInTheDocument();
    }
    expect(about.textContent).not.toMatch(/[A-Za-z0-9]/);
  });

  it('says the publish year is unknown, and a book is sold, in Bangla', async () => {
    await switchLanguage('bn');
    stubFetch({ '/api/advertised': { body: [] }, [BOOK_PATH]: { body: banglaBook({ publishYear: null, status: 'sold', description: '' }) } });
    renderApp(`/books/${ID}`);
    expect(await screen.findByText('বইটি বিক্রি হয়ে গেছে')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'এখনই কিনুন' })).not.toBeInTheDocument();
    const about = screen.getByRole('region', { name: 'বইটি সম্পর্কে' });
    expect(within(about).getByText('জানা নেই')).toBeInTheDocument();
    expect(within(about).getByText('বিক্রেতা বইটির কোনো বিবরণ দেননি।')).toBeInTheDocument();
    expect(about.textContent).not.toMatch(/[A-Za-z0-9]/);
  });

  it('offers Buy Now and the heart in Bangla, and sends a visitor to sign in with a Bangla note', async () => {
    await switchLanguage('bn');
    stubFetch({ ...signedOut(), [BOOK_PATH]: { body: asVisitorSees() } });
    renderApp(`/books/${ID}`);
    const buy = await screen.findByRole('button', { name: 'এখনই কিনুন' });
    expect(screen.getByRole('button', { name: 'উইশলিস্টে যোগ করুন' })).toHaveAttribute('title', 'উইশলিস্টে যোগ করুন');
    await waitFor(() => expect(buy).toBeEnabled());
    await userEvent.setup().click(buy);
    expect(await screen.findByText('বই কিনতে লগইন করুন')).toBeInTheDocument();
  });

  it("tells a visitor in Bangla how to see the seller's phone and e-mail", async () => {
    await switchLanguage('bn');
    stubFetch({ ...signedOut(), [BOOK_PATH]: { body: asVisitorSees(banglaBook()) } });
    renderApp(`/books/${ID}`);
    const seller = await screen.findByRole('region', { name: 'বিক্রেতা' });
    expect(within(seller).getByRole('img', { name: 'যাচাই করা বিক্রেতা' })).toBeInTheDocument();
    expect(within(seller).getByTestId('seller-contact-hint')).toHaveTextContent('বিক্রেতার ফোন নম্বর ও ই-মেইল দেখতে লগইন করুন');
    expect(within(seller).getByRole('link', { name: 'লগইন করুন' })).toHaveAttribute('href', '/login');
    expect(seller.textContent).not.toMatch(/[A-Za-z0-9]/);
  });

  it("writes the seller's phone in Bengali digits, dialling the same number", async () => {
    await switchLanguage('bn');
    stubFetch({ ...signedInAs(BUYER), [BOOK_PATH]: bookFor(`access-${BUYER.id}`) });
    renderApp(`/books/${ID}`);
    const seller = await screen.findByRole('region', { name: 'বিক্রেতা' });
    expect(within(seller).getByRole('link', { name: '০১৭১৫-৩৮৪৯২৬' })).toHaveAttribute('href', 'tel:01715384926');
    expect(within(seller).getByText('ই-মেইল:')).toHaveClass('sr-only');
  });

  it('says in Bangla that a book does not exist', async () => {
    await switchLanguage('bn');
    stubFetch({ '/api/advertised': { body: [] }, '/api/books/nope': notFound() });
    renderApp('/books/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'বইটি পাওয়া যায়নি' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'দোকানের বইগুলো দেখুন' })).toHaveAttribute('href', '/shop');
    expect(document.title).toMatch(/^বইটি পাওয়া যায়নি · /);
  });
});
