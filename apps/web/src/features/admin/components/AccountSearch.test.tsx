import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBuyerOrdersDto } from '@bindings/AdminBuyerOrdersDto';
import type { AdminSellerBooksDto } from '@bindings/AdminSellerBooksDto';
import { signedInAs } from '@/test/auth';
import { notFound, requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { ADMIN, adminBuyer, adminSeller, pageOf } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const TANVIR = adminSeller();
const RAHIM = adminSeller({ id: 'a0000000-0000-4000-8000-000000000012', name: 'Rahim Uddin', email: 'rahim@puronoboi.test', verified: true, emailProven: true });
const KARIM = adminBuyer();
const FARHANA = adminBuyer({ id: 'a0000000-0000-4000-8000-000000000022', name: 'Farhana Akter', email: 'farhana@puronoboi.test', emailProven: false, orders: 1 });

type Row = { name: string; email: string; emailProven: boolean; verified?: boolean };

/** The server's table as the stub keeps it: narrowed by q, verified and emailProven the way the API narrows it. */
function table<T extends Row>(rows: T[]): Reply {
  return (url) => {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const flag = (name: string) => url.searchParams.get(name);
    const found = rows.filter(
      (row) =>
        (row.name.toLowerCase().includes(q) || row.email.toLowerCase().includes(q)) &&
        (flag('verified') === null || String(row.verified) === flag('verified')) &&
        (flag('emailProven') === null || String(row.emailProven) === flag('emailProven')),
    );
    return { body: pageOf(found) };
  };
}

function admin(routes: Record<string, Reply>) {
  return stubFetch({ ...signedInAs(ADMIN), '/api/admin/sellers': table([TANVIR, RAHIM]), '/api/admin/buyers': table([KARIM, FARHANA]), ...routes });
}

/** The query strings the page asked a path with, in order. */
function queriesTo(fetchMock: ReturnType<typeof stubFetch>, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

async function rowsOf(name: string) {
  const shown = await screen.findByRole('table', { name });
  return within(shown).getAllByRole('row').slice(1);
}

async function firstRowOf(name: string) {
  const [first] = await rowsOf(name);
  if (!first) throw new Error(`the ${name} table has no rows`);
  return first;
}

describe('Searching the admin tables', () => {
  it('searches sellers by what is typed once typing pauses, shows the matches and keeps the text in the URL', async () => {
    const fetchMock = admin({});
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/allSeller');
    expect(await screen.findByText('2 sellers')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search sellers' }), 'RAHIM@');
    await waitFor(() => expect(queriesTo(fetchMock, '/api/admin/sellers').at(-1)?.get('q')).toBe('RAHIM@'));
    expect(await screen.findByText('1 seller')).toBeInTheDocument();
    expect(await rowsOf('Sellers')).toHaveLength(1);
    expect(await firstRowOf('Sellers')).toHaveTextContent('rahim@puronoboi.test');
    // One request for the pause, none per key.
    expect(queriesTo(fetchMock, '/api/admin/sellers').filter((query) => query.has('q'))).toHaveLength(1);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('RAHIM@');
  });

  it('narrows sellers by the two selects, each change asked of the server from page 1', async () => {
    const fetchMock = admin({});
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/allSeller?page=2');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Verification' }), 'Not verified');
    await waitFor(() => expect(queriesTo(fetchMock, '/api/admin/sellers').at(-1)?.get('verified')).toBe('false'));
    expect(queriesTo(fetchMock, '/api/admin/sellers').at(-1)?.get('page')).toBe('1');
    expect(await rowsOf('Sellers')).toHaveLength(1);
    expect(await firstRowOf('Sellers')).toHaveTextContent(TANVIR.email);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Address' }), 'Proven address');
    await waitFor(() => expect(queriesTo(fetchMock, '/api/admin/sellers').at(-1)?.toString()).toBe('verified=false&emailProven=true&page=1&perPage=20'));
    expect(await screen.findByRole('heading', { name: 'No seller matches these filters' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?verified=false&emailProven=true');
  });

  it('says which text matched no seller, and clears the search and the filters in one go', async () => {
    const fetchMock = admin({});
    const user = userEvent.setup();
    renderApp('/dashboard/allSeller?q=nobody&verified=true');
    expect(await screen.findByRole('heading', { name: 'No seller matches “nobody”' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search sellers' })).toHaveValue('nobody');
    expect(screen.getByText('0 sellers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(await rowsOf('Sellers')).toHaveLength(2);
    expect(screen.getByRole('searchbox', { name: 'Search sellers' })).toHaveValue('');
    expect(queriesTo(fetchMock, '/api/admin/sellers').at(-1)?.toString()).toBe('page=1&perPage=20');
  });

  it('searches buyers by address on Enter, with no verified filter, and opens a buyer’s orders from the row', async () => {
    const orders: AdminBuyerOrdersDto = {
      buyer: FARHANA,
      orders: pageOf([
        {
          bookId: 'b0000000-0000-4000-8000-000000000001',
          title: 'Pather Panchali',
          author: 'Bibhutibhushan Bandyopadhyay',
          price: 250,
          status: 'completed',
          paymentMethod: 'cash',
          placedAt: '2026-11-20T09:00:00+00:00',
        },
      ]),
    };
    const fetchMock = admin({ [`/api/admin/buyers/${FARHANA.id}/orders`]: { body: orders } });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/allBuyer');
    expect(await screen.findByText('2 buyers')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Verification' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search buyers' }), 'farhana@{Enter}');
    expect(await screen.findByText('1 buyer')).toBeInTheDocument();
    expect(queriesTo(fetchMock, '/api/admin/buyers').some((query) => query.get('q') === 'farhana@')).toBe(true);
    expect(queriesTo(fetchMock, '/api/admin/buyers').every((query) => !query.has('verified'))).toBe(true);

    await user.click(within(await firstRowOf('Buyers')).getByRole('link', { name: `Orders of ${FARHANA.email}` }));
    expect(await screen.findByRole('heading', { level: 1, name: FARHANA.name })).toBeInTheDocument();
    expect(screen.getByText('Pather Panchali')).toBeInTheDocument();
    expect(screen.getByText('Handed over')).toBeInTheDocument();
    expect(screen.getByText('1 order')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/allBuyer/${FARHANA.id}`);

    // Back to the table the admin came from, search included.
    await user.click(screen.getByRole('link', { name: 'Back to All Buyer' }));
    expect(await screen.findByRole('searchbox', { name: 'Search buyers' })).toHaveValue('farhana@');
    expect(router.state.location.search).toBe('?q=farhana%40');
  });

  it('opens a seller’s listings in every status, and says so when the id is no seller’s', async () => {
    const books: AdminSellerBooksDto = {
      seller: RAHIM,
      books: pageOf([
        {
          id: 'b0000000-0000-4000-8000-000000000002',
          title: 'Gitanjali',
          author: 'Rabindranath Tagore',
          category: { id: 'c0000000-0000-4000-8000-000000000001', name: 'Poetry' },
          picture: '/images/gitanjali.png',
          resalePrice: 180,
          status: 'withdrawn',
          listedAt: '2026-11-21T09:00:00+00:00',
        },
      ]),
    };
    const fetchMock = admin({
      [`/api/admin/sellers/${RAHIM.id}/books`]: { body: books },
      [`/api/admin/sellers/${TANVIR.id}/books`]: notFound('No live seller account has this id.'),
    });
    renderApp(`/dashboard/allSeller/${RAHIM.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: RAHIM.name })).toBeInTheDocument();
    const listing = within(screen.getByRole('list', { name: 'Listings' })).getByRole('listitem');
    expect(listing).toHaveTextContent('Gitanjali');
    expect(listing).toHaveTextContent('Deleted');
    expect(listing).toHaveTextContent('Poetry');
    expect(requestsTo(fetchMock, `/api/admin/sellers/${RAHIM.id}/books`)).toMatchObject([{ authorization: `Bearer access-${ADMIN.id}` }]);

    renderApp(`/dashboard/allSeller/${TANVIR.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'No such seller' })).toBeInTheDocument();
  });
});
