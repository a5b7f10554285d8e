import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDto } from '@bindings/OrderDto';
import { signedInAs } from '@/test/auth';
import { callsTo, requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { BUYER, errorReply, order, pageOf } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { CANCELLED_TOAST, CANCEL_CONFIRM_LABEL, CANCEL_QUESTION } from './CancelOrderDialog';
import { NO_ORDERS } from './MyOrdersPage';
import { CANCEL_REASONS, EXPIRED_NOTE, REFUNDED_NOTE } from './OrderStatus';

const PATH = '/dashboard/myOrders';

const PENDING = order({ id: 'order-pending', bookId: 'book-1', title: 'Gitanjali', price: 220 });
const PAID = order({
  id: 'order-paid',
  bookId: 'book-2',
  title: 'Sonar Kella',
  price: 1500,
  status: 'paid',
  paidAt: '2026-11-23T08:00:00+00:00',
  transactionId: 'pi_3QxTestPayment',
});
const CANCELLED = order({ id: 'order-cancelled', bookId: 'book-3', title: 'Debdas', status: 'cancelled', cancelReason: 'by_buyer' });
const SELLER_GONE = order({ id: 'order-seller-gone', bookId: 'book-4', title: 'Aranyak', status: 'cancelled', cancelReason: 'seller_account_closed' });
const EXPIRED = order({ id: 'order-expired', bookId: 'book-5', title: 'Pather Panchali', status: 'expired', refunded: true });

/** A buyer whose orders the stub keeps, answering the order calls as the server would. */
function buyerWith(orders: OrderDto[], extra: Record<string, Reply> = {}) {
  let list = [...orders];
  const routes: Record<string, Reply> = {
    ...signedInAs(BUYER),
    '/api/me/orders': () => ({ body: pageOf(list) }),
  };
  for (const item of orders) {
    routes[`/api/orders/${item.id}/cancel`] = () => {
      list = list.map((o) => (o.id === item.id ? { ...o, status: 'cancelled', cancelReason: 'by_buyer' } : o));
      return { body: list.find((o) => o.id === item.id) };
    };
  }
  return stubFetch({ ...routes, ...extra });
}

async function row(title: string) {
  const table = await screen.findByRole('table', { name: 'Your orders' });
  return within(table).findByRole('row', { name: new RegExp(title) });
}

describe('My Orders', () => {
  it('lists each order with its picture, title, price in taka and status', async () => {
    buyerWith([PENDING, PAID, CANCELLED, SELLER_GONE, EXPIRED]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    const pending = await row('Gitanjali');
    expect(within(pending).getByRole('link', { name: 'Gitanjali' })).toHaveAttribute('href', '/books/book-1');
    expect(within(pending).getByText('220 ৳')).toBeInTheDocument();
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(pending.querySelector('img')).toHaveAttribute('src', PENDING.picture);
    expect(screen.getByText(/^5 orders\./)).toBeInTheDocument();
    // The same orders as cards, for phones.
    expect(within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('listitem')).toHaveLength(5);
  });

  it('offers Pay (to the payment page) and Cancel only while an order is pending', async () => {
    buyerWith([PENDING, PAID, CANCELLED, EXPIRED]);
    renderApp(PATH);
    const pending = await row('Gitanjali');
    expect(within(pending).getByRole('link', { name: 'Pay for Gitanjali' })).toHaveAttribute('href', '/dashboard/payment/order-pending');
    expect(within(pending).getByRole('button', { name: 'Cancel order for Gitanjali' })).toBeInTheDocument();
    for (const title of ['Sonar Kella', 'Debdas', 'Pather Panchali']) {
      const other = await row(title);
      expect(within(other).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
      expect(within(other).queryByRole('button')).not.toBeInTheDocument();
    }
  });

  it('labels a paid order Paid, with its transaction id', async () => {
    buyerWith([PAID]);
    renderApp(PATH);
    const paid = await row('Sonar Kella');
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).getByText('pi_3QxTestPayment')).toBeInTheDocument();
    expect(within(paid).getByText('Paid on 23 November 2026')).toBeInTheDocument();
  });

  it('says why an order was cancelled, that one expired, and that a payment was refunded', async () => {
    buyerWith([CANCELLED, SELLER_GONE, EXPIRED]);
    renderApp(PATH);
    const cancelled = await row('Debdas');
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
    expect(within(cancelled).getByText(CANCEL_REASONS.by_buyer)).toBeInTheDocument();
    const sellerGone = await row('Aranyak');
    expect(within(sellerGone).getByText(CANCEL_REASONS.seller_account_closed)).toBeInTheDocument();
    // The book left the shop with its seller: no link to a page that no longer exists.
    expect(within(sellerGone).queryByRole('link', { name: 'Aranyak' })).not.toBeInTheDocument();
    const expired = await row('Pather Panchali');
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(within(expired).getByText(EXPIRED_NOTE)).toBeInTheDocument();
    expect(within(expired).getByText(REFUNDED_NOTE)).toBeInTheDocument();
  });

  it('says "You have to orders" with a Buy some link to the shop when there are none', async () => {
    buyerWith([]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: NO_ORDERS })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy some' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('cancels a pending order after asking: "Order cancelled", and the row says Cancelled', async () => {
    const fetchMock = buyerWith([PENDING]);
    const user = userEvent.setup();
    renderApp(PATH);
    const cancelButton = within(await row('Gitanjali')).getByRole('button', { name: 'Cancel order for Gitanjali' });
    await user.click(cancelButton);
    const dialog = screen.getByRole('alertdialog', { name: CANCEL_QUESTION });
    expect(dialog).toHaveTextContent('Gitanjali');
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(cancelButton).toHaveFocus();
    expect(callsTo(fetchMock, '/api/orders/order-pending/cancel')).toBe(0);

    await user.click(cancelButton);
    await user.click(within(screen.getByRole('alertdialog', { name: CANCEL_QUESTION })).getByRole('button', { name: CANCEL_CONFIRM_LABEL }));
    expect(await screen.findByText(CANCELLED_TOAST)).toBeInTheDocument();
    const cancelled = await row('Gitanjali');
    await waitFor(() => expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument());
    expect(within(cancelled).getByText(CANCEL_REASONS.by_buyer)).toBeInTheDocument();
    expect(within(cancelled).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/orders/order-pending/cancel')).toMatchObject([
      { method: 'POST', authorization: `Bearer access-${BUYER.id}` },
    ]);
  });

  it("shows the server's message when the order closed meanwhile, and refreshes the list", async () => {
    const message = 'This order is no longer pending.';
    const fetchMock = buyerWith([PENDING], { '/api/orders/order-pending/cancel': errorReply(409, 'order_closed', message) });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row('Gitanjali')).getByRole('button', { name: 'Cancel order for Gitanjali' }));
    await user.click(within(screen.getByRole('alertdialog', { name: CANCEL_QUESTION })).getByRole('button', { name: CANCEL_CONFIRM_LABEL }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, '/api/me/orders')).toBeGreaterThan(1));
  });

  it('pages through the orders with the shared Pagination', async () => {
    const fetchMock = stubFetch({
      ...signedInAs(BUYER),
      '/api/me/orders': (url) => {
        const page = Number(url.searchParams.get('page'));
        return { body: pageOf([order({ id: `o${page}`, title: `Book on page ${page}` })], { page, total: 25 }) };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp(PATH);
    await row('Book on page 1');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await row('Book on page 2');
    expect(router.state.location.search).toBe('?page=2');
    expect(requestsTo(fetchMock, '/api/me/orders').length).toBeGreaterThanOrEqual(2);
  });

  it('offers Retry when the orders cannot be loaded', async () => {
    let healthy = false;
    stubFetch({
      ...signedInAs(BUYER),
      '/api/me/orders': () => (healthy ? { body: pageOf([PENDING]) } : errorReply(500, 'internal', 'Something broke on our side.')),
    });
    renderApp(PATH);
    expect(await screen.findByText('Something broke on our side.', {}, { timeout: 3000 })).toBeInTheDocument();
    healthy = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await row('Gitanjali')).toBeInTheDocument();
  });
});
