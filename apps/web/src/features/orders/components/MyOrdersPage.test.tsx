import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDto } from '@bindings/OrderDto';
import { signedInAs } from '@/test/auth';
import { callsTo, requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { BUYER, errorReply, order, pageOf } from '@/test/fixtures';
import { switchLanguage } from '@/lib/i18n/translations';
import { renderApp } from '@/test/render';

const CANCEL_QUESTION = 'Cancel this order?';
const CANCEL_CONFIRM_LABEL = 'Yes, cancel order';
const CANCELLED_TOAST = 'Order cancelled';
const BY_BUYER = 'You cancelled this order.';

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
/** Paid by a card that holds the price until the handover, 5 days after the hold. */
const HELD = order({
  id: 'order-held',
  bookId: 'book-6',
  title: 'Chokher Bali',
  price: 900,
  status: 'held',
  paymentMethod: 'card',
  payableByCard: false,
  paidAt: '2026-11-22T11:00:00+00:00',
  transactionId: 'pi_held',
  handoverDeadline: '2026-11-27T11:00:00+00:00',
});
/** A held order the buyer cancelled: the hold was released. */
const RELEASED = order({
  id: 'order-released',
  bookId: 'book-7',
  title: 'Shesher Kobita',
  status: 'cancelled',
  cancelReason: 'by_buyer',
  paymentMethod: 'card',
  holdReleased: true,
  handoverDeadline: null,
});

/** A buyer whose orders the stub keeps, answering the order calls as the server would. */
function buyerWith(orders: OrderDto[], extra: Record<string, Reply> = {}) {
  let list = [...orders];
  const routes: Record<string, Reply> = {
    ...signedInAs(BUYER),
    '/api/me/orders': () => ({ body: pageOf(list) }),
  };
  for (const item of orders) {
    routes[`/api/orders/${item.id}/cancel`] = () => {
      // As the server does: a card's hold is released with the order.
      list = list.map((o) =>
        o.id === item.id ? { ...o, status: 'cancelled', cancelReason: 'by_buyer', holdReleased: o.status === 'held', handoverDeadline: null } : o,
      );
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
    expect(within(cancelled).getByText(BY_BUYER)).toBeInTheDocument();
    const sellerGone = await row('Aranyak');
    expect(within(sellerGone).getByText("Cancelled because the seller's account was closed, so the book is no longer for sale.")).toBeInTheDocument();
    // The book left the shop with its seller: no link to a page that no longer exists.
    expect(within(sellerGone).queryByRole('link', { name: 'Aranyak' })).not.toBeInTheDocument();
    const expired = await row('Pather Panchali');
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(within(expired).getByText('It was not paid in time, so the book went back on sale.')).toBeInTheDocument();
    expect(within(expired).getByText('Refunded: your payment was returned to your card.')).toBeInTheDocument();
  });

  it('says how a pending order is paid and until when the book is reserved', async () => {
    buyerWith([PENDING, order({ id: 'order-card', bookId: 'book-8', title: 'Devdas', paymentMethod: 'card' })]);
    renderApp(PATH);
    const cash = await row('Gitanjali');
    expect(within(cash).getByText('Pay the seller in cash when you meet.')).toBeInTheDocument();
    // 10:15 UTC is 4:15 pm in Dhaka, where the tests read the time.
    expect(within(cash).getByText('Reserved until Tuesday 24 November, 4:15 pm; then the order expires.')).toBeInTheDocument();
    expect(within(await row('Devdas')).getByText('Pay by card; the price is held until the handover.')).toBeInTheDocument();
  });

  it('labels an order a card holds "Paid, held until handover", with its deadline, a way to its code, and Cancel', async () => {
    buyerWith([HELD]);
    renderApp(PATH);
    const held = await row('Chokher Bali');
    expect(within(held).getByText('Paid, held until handover')).toBeInTheDocument();
    expect(within(held).getByText('Your card holds the price. It is taken when you give the seller your code.')).toBeInTheDocument();
    expect(within(held).getByText('Handover by Friday 27 November, 5:00 pm, or the hold is released and nothing is charged.')).toBeInTheDocument();
    expect(within(held).getByRole('link', { name: 'Handover code for Chokher Bali' })).toHaveAttribute('href', '/dashboard/payment/order-held');
    expect(within(held).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(held).getByRole('button', { name: 'Cancel order for Chokher Bali' })).toBeInTheDocument();
  });

  it('says a hold was released when its order closed: nothing was charged', async () => {
    buyerWith([RELEASED]);
    renderApp(PATH);
    const released = await row('Shesher Kobita');
    expect(within(released).getByText('Cancelled')).toBeInTheDocument();
    expect(within(released).getByText('The hold on your card was released: nothing was charged.')).toBeInTheDocument();
  });

  it('cancels a held order after saying the hold will be released: the row says Cancelled, nothing charged', async () => {
    const fetchMock = buyerWith([HELD]);
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row('Chokher Bali')).getByRole('button', { name: 'Cancel order for Chokher Bali' }));
    const dialog = screen.getByRole('alertdialog', { name: CANCEL_QUESTION });
    expect(dialog).toHaveTextContent('Your order for “Chokher Bali” (900 ৳) will be cancelled and the hold on your card released: nothing is charged.');
    await user.click(within(dialog).getByRole('button', { name: CANCEL_CONFIRM_LABEL }));
    expect(await screen.findByText('Order cancelled: the hold on your card was released.')).toBeInTheDocument();
    const cancelled = await row('Chokher Bali');
    expect(within(cancelled).getByText('The hold on your card was released: nothing was charged.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/orders/order-held/cancel')).toMatchObject([{ method: 'POST', authorization: `Bearer access-${BUYER.id}` }]);
  });

  it('says "You have to orders" with a Buy some link to the shop when there are none', async () => {
    buyerWith([]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'You have to orders' })).toBeInTheDocument();
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
    expect(within(cancelled).getByText(BY_BUYER)).toBeInTheDocument();
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

describe('My Orders in Bangla', () => {
  // Bangla titles and authors, so that whatever Latin text is left on the list is the page's own.
  const BN_PENDING = order({ id: 'bn-pending', bookId: 'book-1', title: 'গীতাঞ্জলি', author: 'রবীন্দ্রনাথ ঠাকুর', price: 1200 });
  const ORDERS = [
    BN_PENDING,
    order({
      id: 'bn-paid',
      bookId: 'book-2',
      title: 'সোনার কেল্লা',
      author: 'সত্যজিৎ রায়',
      price: 1500,
      status: 'paid',
      paidAt: '2026-11-23T08:00:00+00:00',
      transactionId: 'pi_3QxTestPayment',
    }),
    order({ id: 'bn-cancelled', bookId: 'book-3', title: 'দেবদাস', author: 'শরৎচন্দ্র চট্টোপাধ্যায়', status: 'cancelled', cancelReason: 'by_buyer' }),
    order({ id: 'bn-expired', bookId: 'book-5', title: 'পথের পাঁচালী', author: 'বিভূতিভূষণ বন্দ্যোপাধ্যায়', status: 'expired', refunded: true }),
  ];

  async function bnRow(title: string) {
    const table = await screen.findByRole('table', { name: 'আপনার অর্ডারগুলো' });
    return within(table).findByRole('row', { name: new RegExp(title) });
  }

  it('shows each status, why, when, and the prices in Bengali digits', async () => {
    buyerWith(ORDERS);
    await switchLanguage('bn');
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'আমার অর্ডার' })).toBeInTheDocument();
    expect(document.title).toMatch(/^আমার অর্ডার/);
    expect(await screen.findByText(/^৪টি অর্ডার। /)).toBeInTheDocument();

    const pending = await bnRow('গীতাঞ্জলি');
    expect(within(pending).getByText('১,২০০ ৳')).toBeInTheDocument();
    expect(within(pending).getByText('অপেক্ষমাণ')).toBeInTheDocument();
    expect(within(pending).getByText('বিক্রেতার সঙ্গে দেখা করার সময় নগদে পেমেন্ট করুন।')).toBeInTheDocument();
    expect(within(pending).getByText('২৪ নভেম্বর, মঙ্গলবার, বিকাল ৪:১৫ পর্যন্ত রাখা আছে; তারপর অর্ডারের মেয়াদ শেষ হবে।')).toBeInTheDocument();
    expect(within(pending).getByText('অর্ডারের তারিখ: ২২ নভেম্বর, ২০২৬')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'গীতাঞ্জলি বইটির পেমেন্ট করুন' })).toHaveTextContent('পেমেন্ট করুন');
    expect(within(pending).getByRole('button', { name: 'গীতাঞ্জলি বইটির অর্ডার বাতিল করুন' })).toHaveTextContent('বাতিল করুন');

    const paid = await bnRow('সোনার কেল্লা');
    expect(within(paid).getByText('১,৫০০ ৳')).toBeInTheDocument();
    expect(within(paid).getByText('পরিশোধিত')).toBeInTheDocument();
    expect(within(paid).getByText('পরিশোধের তারিখ: ২৩ নভেম্বর, ২০২৬')).toBeInTheDocument();
    // The provider's id stays as the provider wrote it: it is what the buyer quotes to the bank.
    expect(within(paid).getByText('pi_3QxTestPayment')).toBeInTheDocument();

    const cancelled = await bnRow('দেবদাস');
    expect(within(cancelled).getByText('বাতিল')).toBeInTheDocument();
    expect(within(cancelled).getByText('আপনি অর্ডারটি বাতিল করেছেন।')).toBeInTheDocument();
    const expired = await bnRow('পথের পাঁচালী');
    expect(within(expired).getByText('মেয়াদ শেষ')).toBeInTheDocument();
    expect(within(expired).getByText('টাকা ফেরত: আপনার পেমেন্ট আপনার কার্ডে ফেরত পাঠানো হয়েছে।')).toBeInTheDocument();

    const table = screen.getByRole('table');
    expect(table.textContent?.replace('pi_3QxTestPayment', '')).not.toMatch(/[A-Za-z]{3,}/);
    expect(screen.getByRole('list', { name: 'আপনার অর্ডারগুলো' }).textContent?.replace('pi_3QxTestPayment', '')).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('says in Bangla that a card holds the price, until when, and that a released hold charged nothing', async () => {
    buyerWith([{ ...HELD, title: 'চোখের বালি', author: 'রবীন্দ্রনাথ ঠাকুর' }, { ...RELEASED, title: 'শেষের কবিতা', author: 'রবীন্দ্রনাথ ঠাকুর' }]);
    await switchLanguage('bn');
    renderApp(PATH);
    const held = await bnRow('চোখের বালি');
    expect(within(held).getByText('পরিশোধিত, হস্তান্তর পর্যন্ত আটকে আছে')).toBeInTheDocument();
    expect(within(held).getByText('২৭ নভেম্বর, শুক্রবার, বিকাল ৫:০০-এর মধ্যে হস্তান্তর না হলে আটকে রাখা টাকা ছেড়ে দেওয়া হবে, কিছুই কাটা হবে না।')).toBeInTheDocument();
    expect(within(held).getByRole('link', { name: 'চোখের বালি বইটির হস্তান্তর কোড' })).toBeInTheDocument();
    expect(within(await bnRow('শেষের কবিতা')).getByText('আপনার কার্ডে আটকে রাখা টাকা ছেড়ে দেওয়া হয়েছে: কিছুই কাটা হয়নি।')).toBeInTheDocument();
    expect(screen.getByRole('table').textContent?.replace('pi_held', '')).not.toMatch(/[A-Za-z0-9]/);
  });

  it('asks before cancelling, in Bangla, and says the order was cancelled', async () => {
    buyerWith([BN_PENDING]);
    await switchLanguage('bn');
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await bnRow('গীতাঞ্জলি')).getByRole('button', { name: 'গীতাঞ্জলি বইটির অর্ডার বাতিল করুন' }));
    const dialog = screen.getByRole('alertdialog', { name: 'অর্ডারটি বাতিল করবেন?' });
    expect(dialog).toHaveTextContent('“গীতাঞ্জলি” বইটির অর্ডার (১,২০০ ৳) বাতিল হবে');
    expect(within(dialog).getByRole('button', { name: 'অর্ডার রাখুন' })).toBeInTheDocument();
    expect(dialog.textContent).not.toMatch(/[A-Za-z]{3,}/);
    await user.click(within(dialog).getByRole('button', { name: 'হ্যাঁ, অর্ডার বাতিল করুন' }));
    expect(await screen.findByText('অর্ডার বাতিল হয়েছে')).toBeInTheDocument();
    await waitFor(async () => expect(within(await bnRow('গীতাঞ্জলি')).getByText('বাতিল')).toBeInTheDocument());
  });

  it('says there are no orders yet, in Bangla', async () => {
    buyerWith([]);
    await switchLanguage('bn');
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'আপনার কোনো অর্ডার নেই' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'বই কিনুন' })).toHaveAttribute('href', '/shop');
  });

  it('follows a switch of language on the page at once', async () => {
    buyerWith([BN_PENDING]);
    renderApp(PATH);
    expect(within(await row('গীতাঞ্জলি')).getByText('Pending')).toBeInTheDocument();
    await switchLanguage('bn');
    const pending = await bnRow('গীতাঞ্জলি');
    expect(within(pending).getByText('অপেক্ষমাণ')).toBeInTheDocument();
    expect(within(pending).getByText('১,২০০ ৳')).toBeInTheDocument();
  });
});
