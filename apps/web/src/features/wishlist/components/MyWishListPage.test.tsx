import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WishListItemDto } from '@bindings/WishListItemDto';
import { signedInAs } from '@/test/auth';
import { requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { BUYER, errorReply, wishListItem } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { NO_WISH_LIST, REMOVED_TOAST } from './MyWishListPage';

const PATH = '/dashboard/myWishList';

const AVAILABLE = wishListItem({ bookId: 'book-available', title: 'Gitanjali', price: 220 });
const PENDING = wishListItem({ bookId: 'book-pending', title: 'Sonar Kella', status: 'pending' });
const SOLD = wishListItem({ bookId: 'book-sold', title: 'Debdas', status: 'sold' });
const WITHDRAWN = wishListItem({ bookId: 'book-withdrawn', title: 'Aranyak', status: 'withdrawn' });

/** A buyer whose wish list the stub keeps, answering GET and DELETE as the server would. */
function buyerWith(items: WishListItemDto[], extra: Record<string, Reply> = {}) {
  let list = [...items];
  const routes: Record<string, Reply> = {
    ...signedInAs(BUYER),
    '/api/me/wishlist': () => ({ body: { items: list } }),
  };
  for (const item of items) {
    routes[`/api/wishlist/${item.bookId}`] = () => {
      list = list.filter((entry) => entry.bookId !== item.bookId);
      return { status: 204, body: null };
    };
  }
  return stubFetch({ ...routes, ...extra });
}

async function row(title: string) {
  const table = await screen.findByRole('table', { name: 'Your wish list' });
  return within(table).findByRole('row', { name: new RegExp(title) });
}

describe('Wish List', () => {
  it('lists each book with its picture, title, price in taka and status', async () => {
    buyerWith([AVAILABLE, PENDING, SOLD, WITHDRAWN]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Wish List' })).toBeInTheDocument();
    const available = await row('Gitanjali');
    expect(within(available).getByRole('link', { name: 'Gitanjali' })).toHaveAttribute('href', '/books/book-available');
    expect(within(available).getByText('220 ৳')).toBeInTheDocument();
    expect(within(available).getByText('Available')).toBeInTheDocument();
    expect(available.querySelector('img')).toHaveAttribute('src', AVAILABLE.picture);
    expect(within(await row('Sonar Kella')).getByText('Pending')).toBeInTheDocument();
    expect(within(await row('Debdas')).getByText('Sold')).toBeInTheDocument();
    expect(within(await row('Aranyak')).getByText('Withdrawn')).toBeInTheDocument();
    expect(screen.getByText('4 books saved, 1 available to buy now.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Your wish list' })).getAllByRole('listitem')).toHaveLength(4);
  });

  it('offers Pay only while the book is available', async () => {
    buyerWith([AVAILABLE, PENDING, SOLD, WITHDRAWN]);
    renderApp(PATH);
    expect(within(await row('Gitanjali')).getByRole('link', { name: 'Pay for Gitanjali' })).toHaveAttribute(
      'href',
      '/dashboard/payment2/book-available',
    );
    for (const title of ['Sonar Kella', 'Debdas', 'Aranyak']) {
      const other = await row(title);
      expect(within(other).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
      expect(within(other).getByRole('button', { name: `Remove ${title} from your wish list` })).toBeInTheDocument();
    }
  });

  it('removes a book: "Removed from wish list", and it leaves the list', async () => {
    const fetchMock = buyerWith([AVAILABLE, SOLD]);
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row('Gitanjali')).getByRole('button', { name: 'Remove Gitanjali from your wish list' }));
    expect(await screen.findByText(REMOVED_TOAST)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).queryByRole('row', { name: /Gitanjali/ })).not.toBeInTheDocument());
    expect(await row('Debdas')).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/wishlist/book-available')).toMatchObject([
      { method: 'DELETE', authorization: `Bearer access-${BUYER.id}` },
    ]);
  });

  it('takes a book already removed elsewhere off the list as well', async () => {
    buyerWith([AVAILABLE], { '/api/wishlist/book-available': errorReply(404, 'book_not_found', 'That book is not on your wish list.') });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row('Gitanjali')).getByRole('button', { name: 'Remove Gitanjali from your wish list' }));
    expect(await screen.findByText(REMOVED_TOAST)).toBeInTheDocument();
  });

  it('says "You have no wishList" when it is empty', async () => {
    buyerWith([]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: NO_WISH_LIST })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
