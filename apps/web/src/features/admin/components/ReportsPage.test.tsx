import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReportDto } from '@bindings/AdminReportDto';
import type { ReportGroupDto } from '@bindings/ReportGroupDto';
import type { ReportedThingDto } from '@bindings/ReportedThingDto';
import { switchLanguage } from '@/lib/i18n/translations';
import { signedInAs } from '@/test/auth';
import { callsTo, requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { ADMIN, errorReply, pageOf, SELLER } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { decisionsFor } from './ReportGroupCard';

const PATH = '/dashboard/reports';
const QUEUE = '/api/admin/reports';
const BOOK_ID = 'b0000000-0000-4000-8000-000000000201';

function report(n: number, overrides: Partial<AdminReportDto> = {}): AdminReportDto {
  return {
    id: `r0000000-0000-4000-8000-00000000000${n}`,
    reason: 'counterfeit',
    note: null,
    reporterId: `a0000000-0000-4000-8000-00000000010${n}`,
    reporterName: `Reader ${n}`,
    status: 'open',
    createdAt: `2026-11-2${n}T10:00:00+00:00`,
    ...overrides,
  };
}

function thing(overrides: Partial<ReportedThingDto> = {}): ReportedThingDto {
  return {
    targetType: 'book',
    targetId: BOOK_ID,
    title: 'Pather Panchali',
    sellerId: SELLER.id,
    sellerName: 'Rahim Uddin',
    sellerClosed: false,
    bookStatus: 'available',
    hiddenReason: null,
    hiddenByReports: false,
    ...overrides,
  };
}

/** A listing three people reported as counterfeit, which the reports took off the shop. */
const HIDDEN_GROUP: ReportGroupDto = {
  target: thing({ bookStatus: 'hidden', hiddenReason: 'counterfeit', hiddenByReports: true }),
  reports: [report(3, { note: 'The pages are photocopies.' }), report(2, { reason: 'wrong_condition' }), report(1)],
  latestAt: '2026-11-23T10:00:00+00:00',
};

/** A listing still for sale with one report. */
const OPEN_GROUP: ReportGroupDto = {
  target: thing({ targetId: 'b0000000-0000-4000-8000-000000000202', title: 'Gitanjali' }),
  reports: [report(4, { reason: 'offensive' })],
  latestAt: '2026-11-24T10:00:00+00:00',
};

/** A seller reported as a scam. */
const SELLER_GROUP: ReportGroupDto = {
  target: thing({ targetType: 'seller', targetId: SELLER.id, title: 'Rahim Uddin', bookStatus: null }),
  reports: [report(5, { reason: 'scam', note: 'Asked for bKash money before meeting.' })],
  latestAt: '2026-11-25T10:00:00+00:00',
};

function adminWith(groups: ReportGroupDto[], extra: Record<string, Reply> = {}) {
  return stubFetch({
    ...signedInAs(ADMIN),
    [QUEUE]: () => ({ body: pageOf(groups) }),
    ...extra,
  });
}

async function card(title: string) {
  const list = await screen.findByRole('list', { name: 'Reported listings and sellers' });
  return within(list).getByRole('article', { name: title });
}

describe('Reports (admin)', () => {
  it('shows each group with its status, count, links and reports, newest first as the server sends them', async () => {
    const fetchMock = adminWith([SELLER_GROUP, OPEN_GROUP, HIDDEN_GROUP]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: '3 listings or sellers reported' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, QUEUE)[0]).toMatchObject({ authorization: `Bearer access-${ADMIN.id}` });
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/admin/reports?status=open&page=1&perPage=20'))).toBe(true);

    const hidden = await card('Pather Panchali');
    expect(within(hidden).getByText('Hidden by reports')).toBeInTheDocument();
    expect(within(hidden).getByText('3 reports')).toBeInTheDocument();
    expect(within(hidden).getByText('Hidden as: Counterfeit')).toBeInTheDocument();
    // Hidden: no public page to link to.
    expect(within(hidden).queryByRole('link', { name: 'Pather Panchali' })).not.toBeInTheDocument();
    expect(within(hidden).getByRole('link', { name: 'Public page of Rahim Uddin' })).toHaveAttribute('href', `/sellers/${SELLER.id}`);
    expect(within(hidden).getByRole('link', { name: 'Listings (admin): Rahim Uddin' })).toHaveAttribute('href', `/dashboard/allSeller/${SELLER.id}`);
    const reports = within(within(hidden).getByRole('list', { name: 'Reports of Pather Panchali' })).getAllByRole('listitem');
    expect(reports.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Counterfeitby Reader 323 November 2026The pages are photocopies\.$/),
      expect.stringMatching(/^Wrong conditionby Reader 222 November 2026$/),
      expect.stringMatching(/^Counterfeitby Reader 121 November 2026$/),
    ]);
    expect(within(hidden).getByRole('button', { name: 'Restore: Pather Panchali' })).toBeInTheDocument();
    expect(within(hidden).queryByRole('button', { name: /^Hide listing/ })).not.toBeInTheDocument();

    const open = await card('Gitanjali');
    expect(within(open).getByText('For sale')).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'Gitanjali' })).toHaveAttribute('href', '/books/b0000000-0000-4000-8000-000000000202');
    const decisions = within(open).getByRole('group', { name: 'Decide on Gitanjali' });
    expect(within(decisions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Dismiss', 'Hide listing', "Close seller's account"]);

    const seller = await card('Rahim Uddin');
    expect(within(seller).getByText('Account open')).toBeInTheDocument();
    expect(within(seller).getByRole('link', { name: 'Rahim Uddin' })).toHaveAttribute('href', `/sellers/${SELLER.id}`);
    expect(within(seller).getByText('Asked for bKash money before meeting.')).toBeInTheDocument();
  });

  it('dismisses a group after asking, with any of its reports', async () => {
    let groups = [OPEN_GROUP];
    const dismiss = `/api/admin/reports/${report(4).id}/dismiss`;
    const fetchMock = adminWith([], {
      [QUEUE]: () => ({ body: pageOf(groups) }),
      [dismiss]: () => {
        groups = [];
        return { body: { ...OPEN_GROUP.target } };
      },
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await card('Gitanjali')).getByRole('button', { name: 'Dismiss: the reports of Gitanjali' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Dismiss the reports of Gitanjali?' });
    expect(dialog).toHaveAccessibleDescription('Nothing is wrong: its open reports are closed.');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Reports dismissed')).toBeInTheDocument();
    expect(requestsTo(fetchMock, dismiss)).toMatchObject([{ method: 'POST', authorization: `Bearer access-${ADMIN.id}` }]);
    expect(await screen.findByRole('heading', { name: 'No open reports — all clear' })).toBeInTheDocument();
  });

  it('hides a listing for the reason chosen (the most reported one first)', async () => {
    const group: ReportGroupDto = { ...OPEN_GROUP, reports: [report(4, { reason: 'offensive' }), report(3, { reason: 'prohibited' }), report(2, { reason: 'prohibited' })] };
    const hide = `/api/admin/books/${group.target.targetId}/hide`;
    const fetchMock = adminWith([group], { [hide]: { status: 204, body: null } });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await card('Gitanjali')).getByRole('button', { name: 'Hide listing: Gitanjali' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide Gitanjali' });
    expect(within(dialog).getByRole('radio', { name: 'Prohibited' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Scam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    expect(await screen.findByText('Listing hidden')).toBeInTheDocument();
    expect(requestsTo(fetchMock, hide)).toMatchObject([{ method: 'POST', json: { reason: 'scam' } }]);
    // The queue is asked for again.
    await waitFor(() => expect(callsTo(fetchMock, QUEUE)).toBeGreaterThan(1));
  });

  it('restores a hidden listing after asking', async () => {
    const restore = `/api/admin/books/${BOOK_ID}/restore`;
    const fetchMock = adminWith([HIDDEN_GROUP], { [restore]: { status: 204, body: null } });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await card('Pather Panchali')).getByRole('button', { name: 'Restore: Pather Panchali' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Put Pather Panchali back on sale?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Listing restored: it is for sale again')).toBeInTheDocument();
    expect(requestsTo(fetchMock, restore)).toMatchObject([{ method: 'POST' }]);
  });

  it("closes the seller's account through the account deletion", async () => {
    const remove = `/api/admin/accounts/${SELLER.id}`;
    const fetchMock = adminWith([SELLER_GROUP], { [remove]: { status: 204, body: null } });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await card('Rahim Uddin')).getByRole('button', { name: "Close seller's account: Rahim Uddin" }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure want to delete Rahim Uddin?' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('the open reports against them are marked actioned'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Seller deleted successfully')).toBeInTheDocument();
    expect(requestsTo(fetchMock, remove)).toMatchObject([{ method: 'DELETE' }]);
  });

  it('says when another admin decided first', async () => {
    const dismiss = `/api/admin/reports/${report(4).id}/dismiss`;
    adminWith([OPEN_GROUP], { [dismiss]: errorReply(409, 'report_decided', 'These reports were decided already.') });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await card('Gitanjali')).getByRole('button', { name: 'Dismiss: the reports of Gitanjali' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('These reports were decided already.')).toBeInTheDocument();
  });

  it('shows the empty state, and the other tabs through the address', async () => {
    const fetchMock = adminWith([]);
    const user = userEvent.setup();
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'No open reports — all clear' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Show reports' });
    expect(within(tabs).getByRole('link', { name: 'Open' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(tabs).getByRole('link', { name: 'Actioned' }));
    expect(await screen.findByRole('heading', { name: 'No actioned reports' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('status=actioned'))).toBe(true);
  });

  it('offers no decisions on dismissed reports', async () => {
    adminWith([{ ...OPEN_GROUP, reports: [report(4, { status: 'dismissed' })] }]);
    renderApp(`${PATH}?status=dismissed`);
    const open = await card('Gitanjali');
    expect(within(open).queryByRole('button')).not.toBeInTheDocument();
  });

  it('reads in Bangla', async () => {
    await switchLanguage('bn');
    adminWith([HIDDEN_GROUP]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'রিপোর্ট' })).toBeInTheDocument();
    const hidden = within(await screen.findByRole('list', { name: 'রিপোর্ট হওয়া বই ও বিক্রেতা' })).getByRole('article', { name: 'Pather Panchali' });
    expect(within(hidden).getByText('রিপোর্টের কারণে লুকানো')).toBeInTheDocument();
    expect(within(hidden).getByText('৩টি রিপোর্ট')).toBeInTheDocument();
    expect(within(hidden).getByRole('button', { name: 'ফিরিয়ে আনুন: Pather Panchali' })).toBeInTheDocument();
  });
});

describe('decisionsFor', () => {
  it('offers to keep hidden only what the reports hid, and only while its reports are open', () => {
    expect(decisionsFor(HIDDEN_GROUP, 'open')).toEqual(['keepHidden', 'restore', 'closeSeller']);
    expect(decisionsFor(OPEN_GROUP, 'open')).toEqual(['dismiss', 'hide', 'closeSeller']);
    const hiddenByAdmin = { ...HIDDEN_GROUP, target: { ...HIDDEN_GROUP.target, hiddenByReports: false } };
    expect(decisionsFor(hiddenByAdmin, 'open')).toEqual(['restore', 'closeSeller']);
    expect(decisionsFor(HIDDEN_GROUP, 'actioned')).toEqual(['restore']);
  });
});
