import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublishedReviewDto } from '@bindings/PublishedReviewDto';
import type { ReviewDto } from '@bindings/ReviewDto';
import { switchLanguage } from '@/lib/i18n/translations';
import { signedInAs, signedOut } from '@/test/auth';
import { requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { BUYER, SELLER, bookCard, errorReply, pageOf, publishedReview, sellerProfile } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const PROFILE = sellerProfile();
const PATH = `/sellers/${PROFILE.id}`;
const ANSWERED = publishedReview({
  id: 'review-answered',
  buyerFirstName: 'Karim',
  bookTitle: 'Pather Panchali',
  comment: null,
  createdAt: '2026-11-20T08:00:00+00:00',
  answer: { text: 'Thank you, Karim!', answeredAt: '2026-11-21T08:00:00+00:00' },
});
const UNANSWERED = publishedReview();

function serve({
  profile = { body: PROFILE },
  books = pageOf([bookCard({ id: 'book-1', title: 'Gitanjali' }), bookCard({ id: 'book-2', title: 'Debdas' })], { perPage: 12 }),
  reviews = [UNANSWERED, ANSWERED],
  user = null,
  extra = {},
}: {
  profile?: Reply;
  books?: unknown;
  reviews?: PublishedReviewDto[];
  user?: typeof BUYER | null;
  extra?: Record<string, Reply>;
} = {}) {
  return stubFetch({
    ...(user ? signedInAs(user) : signedOut()),
    [`/api/sellers/${PROFILE.id}`]: profile,
    [`/api/sellers/${PROFILE.id}/books`]: { body: books },
    [`/api/sellers/${PROFILE.id}/reviews`]: { body: pageOf(reviews, { perPage: 10 }) },
    ...extra,
  });
}

describe('a seller’s page', () => {
  it('shows who the seller is, since when, and their score', async () => {
    serve();
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rahim Uddin' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Rahim Uddin · Puronoboi'));
    expect(screen.getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
    expect(screen.getByText('Joined March 2026')).toBeInTheDocument();
    const score = screen.getByRole('list', { name: 'Seller score' });
    expect(within(score).getByText('92% of orders completed')).toBeInTheDocument();
    expect(within(score).getByText('Rated 4.6 out of 5, from 12 reviews')).toBeInTheDocument();
    expect(within(score).getByTestId('seller-rating')).toHaveTextContent('4.6 (12 reviews)');
    expect(within(score).queryByText('New seller')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'How reviews work' })).toBeInTheDocument();
    expect(screen.getByText(/within 14 days of the handover/)).toBeInTheDocument();
  });

  it('marks a new seller, and says nothing of a completion rate it does not have', async () => {
    serve({
      profile: { body: sellerProfile({ verified: false, score: { completionRate: null, completedOrders: 0, reviewAverage: null, reviewCount: 0, newSeller: true } }) },
      reviews: [],
    });
    renderApp(PATH);
    const score = await screen.findByRole('list', { name: 'Seller score' });
    expect(within(score).getByText('New seller')).toBeInTheDocument();
    expect(within(score).getByText('No reviews yet')).toBeInTheDocument();
    expect(within(score).queryByText(/of orders completed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Verified seller' })).not.toBeInTheDocument();
  });

  it('lists the books for sale as the shop’s cards, and the reviews newest first with their answers', async () => {
    serve();
    renderApp(PATH);
    const books = await screen.findByRole('region', { name: 'Books for sale' });
    expect((await within(books).findAllByRole('link', { name: 'Gitanjali' }))[0]).toHaveAttribute('href', '/books/book-1');
    expect(within(books).getAllByRole('link', { name: 'Debdas' })[0]).toHaveAttribute('href', '/books/book-2');

    const list = await screen.findByRole('list', { name: 'Reviews of this seller' });
    const [first, second] = within(list).getAllByRole('article');
    if (!first || !second) throw new Error('two reviews expected');
    expect(within(first).getByRole('heading', { level: 3, name: 'Farhana' })).toBeInTheDocument();
    expect(within(first).getByText('25 November 2026')).toBeInTheDocument();
    expect(within(first).getByText('Bought: Gitanjali')).toBeInTheDocument();
    expect(within(first).getByText('The book was exactly as described.')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: '3 out of 5 stars' })).toBeInTheDocument();
    expect(within(second).getByTestId('seller-answer')).toHaveTextContent('Thank you, Karim!');
    expect(within(second).getByText('Answered on 21 November 2026')).toBeInTheDocument();
    // Only the seller answers.
    expect(screen.queryByRole('button', { name: /^Answer/ })).not.toBeInTheDocument();
  });

  it('says so when there are no books for sale and no reviews yet', async () => {
    serve({ books: pageOf([], { perPage: 12 }), reviews: [] });
    renderApp(PATH);
    expect(await screen.findByText('No books for sale right now')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
    expect(await screen.findByTestId('no-reviews')).toHaveTextContent('No reviews yet');
  });

  it('is the not-found page for an unknown seller', async () => {
    serve({ profile: errorReply(404, 'seller_not_found', 'No seller has this id.') });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops, page not found' })).toBeInTheDocument();
  });

  it('offers no Answer to a buyer, nor to another seller', async () => {
    serve({ user: BUYER });
    renderApp(PATH);
    await screen.findByRole('list', { name: 'Reviews of this seller' });
    expect(screen.queryByRole('button', { name: /^Answer/ })).not.toBeInTheDocument();
  });

  it('lets the seller answer each unanswered review once, with a counter', async () => {
    const answered: ReviewDto = {
      id: UNANSWERED.id,
      orderId: 'order-1',
      asDescribed: 5,
      communication: 4,
      onTime: 3,
      comment: UNANSWERED.comment,
      createdAt: UNANSWERED.createdAt,
      answer: { text: 'Thank you, Farhana!', answeredAt: '2026-11-26T08:00:00+00:00' },
    };
    let reviews = [UNANSWERED, ANSWERED];
    const fetchMock = serve({
      user: SELLER,
      extra: {
        [`/api/sellers/${PROFILE.id}/reviews`]: () => ({ body: pageOf(reviews, { perPage: 10 }) }),
        [`/api/reviews/${UNANSWERED.id}/answer`]: () => {
          reviews = [{ ...UNANSWERED, answer: answered.answer }, ANSWERED];
          return { status: 201, body: answered };
        },
      },
    });
    renderApp(PATH);
    const list = await screen.findByRole('list', { name: 'Reviews of this seller' });
    // One button, under the one review not answered yet.
    const open = await within(list).findByRole('button', { name: 'Answer Farhana’s review' });
    expect(within(list).getAllByRole('button', { name: /^Answer/ })).toHaveLength(1);
    await userEvent.click(open);
    const form = within(list).getByRole('form', { name: 'Answer Farhana’s review' });
    const field = within(form).getByLabelText('Your answer');
    expect(field).toHaveFocus();

    // Empty, it is refused here.
    await userEvent.click(within(form).getByRole('button', { name: 'Publish answer' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();

    await userEvent.type(field, 'Thank you, Farhana!');
    expect(within(form).getByTestId('character-counter')).toHaveTextContent('19 of 1,000 characters');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish answer' }));
    expect(await screen.findByText('Your answer is published.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/reviews/${UNANSWERED.id}/answer`)[0]?.json).toEqual({ text: 'Thank you, Farhana!' });
    await waitFor(() => expect(within(list).queryByRole('form')).not.toBeInTheDocument());
    expect(within(list).getAllByTestId('seller-answer')[0]).toHaveTextContent('Thank you, Farhana!');
    expect(within(list).queryByRole('button', { name: /^Answer/ })).not.toBeInTheDocument();
  });

  it('shows why an answer was refused', async () => {
    serve({
      user: SELLER,
      extra: { [`/api/reviews/${UNANSWERED.id}/answer`]: errorReply(409, 'already_answered', 'You have answered this review already.') },
    });
    renderApp(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Answer Farhana’s review' }));
    await userEvent.type(screen.getByLabelText('Your answer'), 'Thanks');
    await userEvent.click(screen.getByRole('button', { name: 'Publish answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have answered this review already.');
  });

  it('reads in Bangla with Bengali digits', async () => {
    serve();
    renderApp(PATH);
    await screen.findByRole('heading', { level: 1, name: 'Rahim Uddin' });
    await switchLanguage('bn');
    const score = await screen.findByRole('list', { name: 'বিক্রেতার মান' });
    expect(within(score).getByText('৯২% অর্ডার সম্পন্ন')).toBeInTheDocument();
    expect(within(score).getByTestId('seller-rating')).toHaveTextContent('৪.৬ (১২টি রিভিউ)');
    expect(screen.getByText('মার্চ ২০২৬ থেকে আছেন')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'রিভিউ যেভাবে কাজ করে' })).toBeInTheDocument();
    expect(await screen.findByText('২৫ নভেম্বর, ২০২৬')).toBeInTheDocument();
  });
});
