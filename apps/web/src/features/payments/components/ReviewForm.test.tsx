import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDto } from '@bindings/OrderDto';
import type { ReviewDto } from '@bindings/ReviewDto';
import { switchLanguage } from '@/lib/i18n/translations';
import { signedInAs } from '@/test/auth';
import { callsTo, requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { BUYER, errorReply, order, pageOf } from '@/test/fixtures';
import { renderApp } from '@/test/render';

/** Handed over two days ago: the buyer may review it. */
const COMPLETED = order({
  id: 'order-done',
  title: 'Gitanjali',
  status: 'completed',
  paidAt: '2026-11-23T10:00:00+00:00',
  completedAt: '2026-11-23T10:00:00+00:00',
  handoverDeadline: null,
  canReview: true,
});
const PATH = `/dashboard/payment/${COMPLETED.id}`;
const REVIEW = `/api/orders/${COMPLETED.id}/review`;

function writtenReview(overrides: Partial<ReviewDto> = {}): ReviewDto {
  return {
    id: 'review-1',
    orderId: COMPLETED.id,
    asDescribed: 4,
    communication: 5,
    onTime: 3,
    comment: 'Met me at Nilkhet, friendly.',
    createdAt: '2026-11-25T09:00:00+00:00',
    answer: null,
    ...overrides,
  };
}

/** A buyer with this order; `review` answers the review's POST and, when it succeeds, the order shows it after. */
function serve(review: Reply, current: OrderDto = COMPLETED) {
  let shown = current;
  return stubFetch({
    ...signedInAs(BUYER),
    [`/api/orders/${current.id}`]: () => ({ body: shown }),
    [REVIEW]: async (url, init) => {
      const answer = typeof review === 'function' ? await review(url, init) : review;
      if ((answer.status ?? 200) < 300) shown = { ...shown, review: answer.body as ReviewDto, canReview: false };
      return answer;
    },
  });
}

async function reviewForm() {
  return screen.findByRole('form', { name: 'Your review of this order' });
}

async function rate(form: HTMLElement, question: string, stars: string) {
  await userEvent.click(within(within(form).getByRole('group', { name: question })).getByRole('radio', { name: stars }));
}

describe('the review form on a completed order', () => {
  it('asks the three ratings as radio groups of stars, each named by its question', async () => {
    serve({ status: 201, body: writtenReview() });
    renderApp(PATH);
    const form = await reviewForm();
    expect(screen.getByRole('heading', { level: 2, name: 'Review this order' })).toBeInTheDocument();
    for (const question of ['As described', 'Communication', 'On time at the meeting']) {
      const group = within(form).getByRole('group', { name: question });
      const stars = within(group).getAllByRole('radio');
      expect(stars.map((star) => star.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
      expect(within(group).getByRole('radio', { name: '5 stars: excellent' })).not.toBeChecked();
    }
    expect(within(form).getByLabelText('Comment (optional)')).toBeInTheDocument();
  });

  it('requires every rating: nothing is sent until all three are chosen', async () => {
    const fetchMock = serve({ status: 201, body: writtenReview() });
    renderApp(PATH);
    const form = await reviewForm();
    await rate(form, 'Communication', '5 stars: excellent');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect(await within(form).findAllByText('Choose 1 to 5 stars')).toHaveLength(2);
    const asDescribed = within(form).getByRole('group', { name: 'As described' });
    expect(asDescribed).toHaveAttribute('aria-invalid', 'true');
    expect(asDescribed).toHaveAccessibleDescription('Was the book as the listing described it? Choose 1 to 5 stars');
    expect(within(form).getByRole('group', { name: 'Communication' })).not.toHaveAttribute('aria-invalid');
    expect(callsTo(fetchMock, REVIEW)).toBe(0);
  });

  it('counts the comment’s characters as they are typed, and refuses more than 1,000', async () => {
    const fetchMock = serve({ status: 201, body: writtenReview() });
    renderApp(PATH);
    const form = await reviewForm();
    const comment = within(form).getByLabelText('Comment (optional)');
    expect(within(form).getByTestId('character-counter')).toHaveTextContent('0 of 1,000 characters');
    await userEvent.type(comment, 'Good book');
    expect(within(form).getByTestId('character-counter')).toHaveTextContent('9 of 1,000 characters');
    expect(comment).toHaveAccessibleDescription(/9 of 1,000 characters/);
    await userEvent.clear(comment);
    await userEvent.click(comment);
    await userEvent.paste('a'.repeat(1001));
    expect(within(form).getByTestId('character-counter')).toHaveTextContent('1,001 of 1,000 characters');
    for (const question of ['As described', 'Communication', 'On time at the meeting']) await rate(form, question, '4 stars: very good');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect(await within(form).findByText('At most 1,000 characters')).toBeInTheDocument();
    expect(callsTo(fetchMock, REVIEW)).toBe(0);
  });

  it('sends the ratings as numbers with the trimmed comment, then shows "Your review" with a toast', async () => {
    const fetchMock = serve({ status: 201, body: writtenReview() });
    renderApp(PATH);
    const form = await reviewForm();
    await rate(form, 'As described', '4 stars: very good');
    await rate(form, 'Communication', '5 stars: excellent');
    await rate(form, 'On time at the meeting', '3 stars: good');
    // The chosen star's words beside the stars.
    expect(within(within(form).getByRole('group', { name: 'As described' })).getByText('4 stars: very good', { selector: '[aria-hidden]' })).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Comment (optional)'), '  Met me at Nilkhet, friendly.  ');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish review' }));

    expect(await screen.findByText('Thank you! Your review is published.')).toBeInTheDocument();
    const [request] = requestsTo(fetchMock, REVIEW);
    expect(request?.method).toBe('POST');
    expect(request?.json).toEqual({ asDescribed: 4, communication: 5, onTime: 3, comment: 'Met me at Nilkhet, friendly.' });

    const heading = await screen.findByRole('heading', { level: 2, name: 'Your review' });
    // The form and its button are gone: the focus goes to what replaced them.
    await waitFor(() => expect(heading).toHaveFocus());
    const yours = screen.getByTestId('your-review');
    expect(within(yours).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(within(yours).getByRole('img', { name: '3 out of 5 stars' })).toBeInTheDocument();
    expect(within(yours).getByText('Met me at Nilkhet, friendly.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Your review of this order' })).not.toBeInTheDocument();
  });

  it('leaves out a blank comment', async () => {
    const fetchMock = serve({ status: 201, body: writtenReview({ comment: null }) });
    renderApp(PATH);
    const form = await reviewForm();
    for (const question of ['As described', 'Communication', 'On time at the meeting']) await rate(form, question, '5 stars: excellent');
    await userEvent.type(within(form).getByLabelText('Comment (optional)'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish review' }));
    await waitFor(() => expect(requestsTo(fetchMock, REVIEW)).toHaveLength(1));
    expect(requestsTo(fetchMock, REVIEW)[0]?.json).toEqual({ asDescribed: 5, communication: 5, onTime: 5 });
  });

  it('shows why a review was refused: already reviewed', async () => {
    serve(errorReply(409, 'already_reviewed', 'This order was reviewed already.'));
    renderApp(PATH);
    const form = await reviewForm();
    for (const question of ['As described', 'Communication', 'On time at the meeting']) await rate(form, question, '2 stars: fair');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order was reviewed already.');
  });

  it('in Bangla, says the same in Bangla words', async () => {
    serve(errorReply(409, 'already_reviewed', 'This order was reviewed already.'));
    renderApp(PATH);
    const form = await reviewForm();
    await switchLanguage('bn');
    expect(await within(form).findByRole('group', { name: 'বর্ণনা অনুযায়ী' })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'সময়মতো দেখা' })).toBeInTheDocument();
    expect(within(form).getByTestId('character-counter')).toHaveTextContent('১,০০০ অক্ষরের মধ্যে ০');
    for (const question of ['বর্ণনা অনুযায়ী', 'যোগাযোগ', 'সময়মতো দেখা']) await rate(form, question, '২ তারা: মোটামুটি');
    await userEvent.click(within(form).getByRole('button', { name: 'রিভিউ প্রকাশ করুন' }));
    expect(await screen.findByRole('alert')).not.toHaveTextContent(/[A-Za-z]/);
  });

  it('puts the server’s field messages beside their fields', async () => {
    serve(errorReply(422, 'validation_failed', 'Some fields are invalid.', { comment: 'must be at most 1000 characters' }, { comment: { code: 'too_long', limit: 1000 } }));
    renderApp(PATH);
    const form = await reviewForm();
    for (const question of ['As described', 'Communication', 'On time at the meeting']) await rate(form, question, '4 stars: very good');
    await userEvent.type(within(form).getByLabelText('Comment (optional)'), 'Fine');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect(await within(form).findByText('must be at most 1000 characters')).toBeInTheDocument();
    expect(within(form).getByLabelText('Comment (optional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the review, and the seller’s answer, instead of the form once reviewed', async () => {
    serve(
      { status: 201, body: writtenReview() },
      { ...COMPLETED, canReview: false, review: writtenReview({ answer: { text: 'Thank you, come again!', answeredAt: '2026-11-26T09:00:00+00:00' } }) },
    );
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 2, name: 'Your review' })).toBeInTheDocument();
    expect(screen.getByText('Written on 25 November 2026')).toBeInTheDocument();
    expect(screen.getByText('Thank you, come again!')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Your review of this order' })).not.toBeInTheDocument();
  });

  it('offers no review for a completed order past its time (or with a shared phone)', async () => {
    serve({ status: 201, body: writtenReview() }, { ...COMPLETED, canReview: false });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    await screen.findByText('Gitanjali');
    expect(screen.queryByRole('heading', { name: 'Review this order' })).not.toBeInTheDocument();
  });

  it('is where My Orders’ "Write a review" leads, shown only while the order can be reviewed', async () => {
    stubFetch({
      ...signedInAs(BUYER),
      '/api/me/orders': { body: pageOf([COMPLETED, order({ id: 'order-old', title: 'Debdas', status: 'completed', canReview: false })]) },
    });
    renderApp('/dashboard/myOrders');
    const table = await screen.findByRole('table', { name: 'Your orders' });
    const row = await within(table).findByRole('row', { name: /Gitanjali/ });
    expect(within(row).getByRole('link', { name: 'Write a review of Gitanjali' })).toHaveAttribute('href', `${PATH}#review`);
    expect(within(table).queryByRole('link', { name: 'Write a review of Debdas' })).not.toBeInTheDocument();
  });
});
