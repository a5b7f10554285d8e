import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportDto } from '@bindings/ReportDto';
import { switchLanguage } from '@/lib/i18n/translations';
import { signedInAs, signedOut } from '@/test/auth';
import { ADMIN, BUYER, bookDetail, errorReply, SELLER, sellerProfile } from '@/test/fixtures';
import { requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { retryWhen } from './report-rules';

const BOOK_ID = 'b0000000-0000-4000-8000-000000000001';
/** The listing's seller: not the buyer who reports it. */
const BOOK = bookDetail({ id: BOOK_ID, seller: { ...bookDetail().seller, id: SELLER.id } });
const REPORTS = '/api/reports';

function reportDto(overrides: Partial<ReportDto> = {}): ReportDto {
  return {
    id: 'r0000000-0000-4000-8000-000000000001',
    targetType: 'book',
    targetId: BOOK_ID,
    reason: 'counterfeit',
    note: null,
    status: 'open',
    createdAt: '2026-11-22T10:00:00+00:00',
    ...overrides,
  };
}

/** The book page as `routes` answer it, for whoever `auth` signs in; POST /api/reports answers `report`. */
function openBook(auth: ReturnType<typeof signedInAs>, report: Reply = { status: 201, body: reportDto() }) {
  const fetchMock = stubFetch({
    ...auth,
    '/api/wishlist': { body: { items: [] } },
    [`/api/books/${BOOK_ID}`]: { body: BOOK },
    [REPORTS]: report,
  });
  renderApp(`/books/${BOOK_ID}`);
  return fetchMock;
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Report this listing' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report this listing' });
  return { user, dialog };
}

describe('Reporting a listing', () => {
  it('sends the reason and the trimmed note, and thanks the reader for a new report', async () => {
    const fetchMock = openBook(signedInAs(BUYER));
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Three reports from different people take a listing off the shop'));
    expect(within(dialog).getByText('Gitanjali')).toBeInTheDocument();
    const counterfeit = within(dialog).getByRole('radio', { name: 'Counterfeit' });
    expect(counterfeit).toHaveAccessibleDescription('A pirated or fake copy.');
    await user.click(counterfeit);
    const note = within(dialog).getByLabelText('Note (optional)');
    await user.type(note, '  Photocopied pages.  ');
    expect(within(dialog).getByTestId('character-counter')).toHaveTextContent('18 of 1,000 characters');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText("Thanks — we'll look at it")).toBeInTheDocument();
    expect(requestsTo(fetchMock, REPORTS)).toMatchObject([
      { method: 'POST', authorization: `Bearer access-${BUYER.id}`, json: { targetType: 'book', targetId: BOOK_ID, reason: 'counterfeit', note: 'Photocopied pages.' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus goes back to where the reader was.
    expect(screen.getByRole('button', { name: 'Report this listing' })).toHaveFocus();
  });

  it('says so when the reader reported it before (200: the first report), with no note sent when none is written', async () => {
    const fetchMock = openBook(signedInAs(BUYER), { status: 200, body: reportDto({ reason: 'scam' }) });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Wrong condition' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('You reported this already')).toBeInTheDocument();
    expect(screen.queryByText("Thanks — we'll look at it")).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, REPORTS)[0]?.json).toEqual({ targetType: 'book', targetId: BOOK_ID, reason: 'wrong_condition' });
  });

  it('requires a reason before anything is sent', async () => {
    const fetchMock = openBook(signedInAs(BUYER));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const group = within(dialog).getByRole('group', { name: 'What is wrong?' });
    expect(group).toHaveAccessibleDescription('Choose a reason');
    expect(within(dialog).getByRole('radio', { name: 'Wrong condition' })).toHaveFocus();
    expect(requestsTo(fetchMock, REPORTS)).toHaveLength(0);
  });

  it('keeps the dialog open and explains a refusal of one’s own listing (409)', async () => {
    openBook(signedInAs(BUYER), errorReply(409, 'own_report_target', 'You cannot report your own listing or your own account.'));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Scam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot report your own listing or your own account.');
  });

  it('puts the server’s field message beside the note (422)', async () => {
    openBook(
      signedInAs(BUYER),
      errorReply(422, 'validation_failed', 'note: at most 1000 characters are allowed', { note: 'at most 1000 characters are allowed' }, { note: { code: 'too_long', limit: 1000 } }),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Note (optional)')).toHaveAccessibleDescription(expect.stringContaining('at most 1000 characters are allowed')),
    );
  });

  it('says when to try again after too many reports (429 with Retry-After)', async () => {
    const fetchMock = openBook(signedInAs(BUYER), errorReply(429, 'rate_limited', 'You have filed 20 reports in the last 24 hours.'));
    // The stub answers no headers: this one carries the server's Retry-After.
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const response = await answer!(input, init);
      if (!String(input).endsWith(REPORTS)) return response;
      return new Response(await response.text(), { status: response.status, headers: { 'Content-Type': 'application/json', 'Retry-After': '3600' } });
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Offensive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have sent too many reports for now. Please try again in 1 hour.');
    await switchLanguage('bn');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('আপনি এখন অনেক বেশি রিপোর্ট পাঠিয়েছেন। ১ ঘণ্টা পরে আবার চেষ্টা করুন।');
  });

  it('reads in Bangla', async () => {
    await switchLanguage('bn');
    openBook(signedInAs(BUYER));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'এই বইটি রিপোর্ট করুন' }));
    const dialog = await screen.findByRole('dialog', { name: 'বইটি রিপোর্ট করুন' });
    expect(within(dialog).getByRole('radio', { name: 'জাল কপি' })).toHaveAccessibleDescription('পাইরেটেড বা নকল কপি।');
    expect(within(dialog).getByTestId('character-counter')).toHaveTextContent('১,০০০ অক্ষরের মধ্যে ০');
    await user.click(within(dialog).getByRole('button', { name: 'রিপোর্ট পাঠান' }));
    expect(within(dialog).getByRole('group', { name: 'সমস্যা কী?' })).toHaveAccessibleDescription('একটি কারণ বেছে নিন');
    await user.click(within(dialog).getByRole('radio', { name: 'জাল কপি' }));
    await user.click(within(dialog).getByRole('button', { name: 'রিপোর্ট পাঠান' }));
    expect(await screen.findByText('ধন্যবাদ — আমরা বিষয়টি দেখব')).toBeInTheDocument();
  });
});

describe('Who is offered the report action', () => {
  it('offers a visitor a link to log in that comes back here', async () => {
    openBook(signedOut());
    const link = await screen.findByRole('link', { name: 'Log in to report' });
    expect(link).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Report this listing' })).not.toBeInTheDocument();
  });

  it('offers nothing to the listing’s own seller or to an admin', async () => {
    openBook(signedInAs(SELLER));
    await screen.findByRole('heading', { level: 1, name: 'Gitanjali' });
    await waitFor(() => expect(screen.getByRole('button', { name: /^Account menu/ })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Report this listing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in to report' })).not.toBeInTheDocument();
  });

  it('offers nothing to an admin', async () => {
    openBook(signedInAs(ADMIN));
    await screen.findByRole('heading', { level: 1, name: 'Gitanjali' });
    await waitFor(() => expect(screen.getByRole('button', { name: /^Account menu/ })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Report this listing' })).not.toBeInTheDocument();
  });

  it('reports a seller from their public page', async () => {
    const seller = sellerProfile({ id: SELLER.id, name: 'Rahim Uddin' });
    const fetchMock = stubFetch({
      ...signedInAs(BUYER),
      [`/api/sellers/${SELLER.id}`]: { body: seller },
      [`/api/sellers/${SELLER.id}/books`]: { body: { items: [], page: 1, perPage: 12, total: 0 } },
      [`/api/sellers/${SELLER.id}/reviews`]: { body: { items: [], page: 1, perPage: 10, total: 0 } },
      [REPORTS]: { status: 201, body: reportDto({ targetType: 'seller', targetId: SELLER.id }) },
    });
    renderApp(`/sellers/${SELLER.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report this seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this seller' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('You can report a seller once.'));
    await user.click(within(dialog).getByRole('radio', { name: 'Scam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText("Thanks — we'll look at it")).toBeInTheDocument();
    expect(requestsTo(fetchMock, REPORTS)[0]?.json).toEqual({ targetType: 'seller', targetId: SELLER.id, reason: 'scam' });
  });
});

describe('retryWhen', () => {
  it('rounds up to minutes, then to hours', () => {
    expect(retryWhen(undefined)).toEqual({ key: 'retry.soon', count: 1 });
    expect(retryWhen(30)).toEqual({ key: 'retry.soon', count: 1 });
    expect(retryWhen(61)).toEqual({ key: 'retry.minutes', count: 2 });
    expect(retryWhen(3599)).toEqual({ key: 'retry.minutes', count: 60 });
    expect(retryWhen(3600)).toEqual({ key: 'retry.hours', count: 1 });
    expect(retryWhen(86_400)).toEqual({ key: 'retry.hours', count: 24 });
  });
});
