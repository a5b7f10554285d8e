import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDto } from '@bindings/OrderDto';
import type { PaymentResultDto } from '@bindings/PaymentResultDto';
import { MY_ORDERS_KEY } from '@/lib/api/get-my-orders';
import { WISH_LIST_KEY } from '@/lib/api/get-wish-list';
import { loadStripeFor } from '@/lib/stripe/load-stripe';
import { signedInAs } from '@/test/auth';
import { callsTo, requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { BUYER, errorReply, order } from '@/test/fixtures';
import { switchLanguage } from '@/lib/i18n/translations';
import { renderApp } from '@/test/render';
import { fakeStripe } from '../fake-stripe';
import { configWith, result } from '../test-routes';

vi.mock('@/lib/stripe/load-stripe', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/stripe/load-stripe')>()),
  loadStripeFor: vi.fn(),
}));

const SUCCESS_TOAST = 'Congratulations !! payment successful';
const UNEXPECTED_STATE = 'Unexpected State';

/** A pending order the buyer means to pay by card: the page shows the card form. */
const ORDER = order({ id: 'order-1', title: 'Gitanjali', author: 'Rabindranath Tagore', price: 350, paymentMethod: 'card' });
const PATH = `/dashboard/payment/${ORDER.id}`;
const PAYMENT = `/api/orders/${ORDER.id}/payment`;
const SYNC = `/api/orders/${ORDER.id}/payment/sync`;

let stripe: ReturnType<typeof fakeStripe>;

beforeEach(() => {
  stripe = fakeStripe();
  vi.mocked(loadStripeFor).mockReset().mockResolvedValue(stripe.stripe);
});

/** A signed-in buyer, a server taking cards through Stripe, and this order; `payment` and `sync` answer in turn. */
function serve({
  current = ORDER,
  payments = {},
  payment = [],
  sync = [],
  extra = {},
}: {
  current?: OrderDto | Reply;
  payments?: Parameters<typeof configWith>[0];
  payment?: (PaymentResultDto | Reply)[];
  sync?: (PaymentResultDto | Reply)[];
  extra?: Record<string, Reply>;
} = {}) {
  const inTurn = (answers: (PaymentResultDto | Reply)[]): Reply => {
    let next = 0;
    return (url, init) => {
      const answer = answers[Math.min(next++, answers.length - 1)];
      if (answer === undefined) throw new Error(`no answer for ${url.pathname}`);
      if (typeof answer === 'function') return answer(url, init);
      return 'status' in answer && typeof answer.status === 'number' ? (answer as { status: number; body: unknown }) : { body: answer };
    };
  };
  return stubFetch({
    ...signedInAs(BUYER),
    '/api/config': { body: configWith(payments) },
    [`/api/orders/${ORDER.id}`]: typeof current === 'function' || 'body' in current ? (current as Reply) : { body: current },
    [PAYMENT]: inTurn(payment),
    [SYNC]: inTurn(sync),
    '/api/me/orders': { body: { items: [], page: 1, perPage: 20, total: 0 } },
    '/api/me/wishlist': { body: { items: [] } },
    ...extra,
  });
}

async function payButton() {
  return screen.findByRole('button', { name: 'Pay 350 ৳' });
}

describe('Payment (/dashboard/payment/:id)', () => {
  it('shows the book, its price in taka, the card field and "Pay 350 ৳"; Stripe.js is loaded with the server\'s key', async () => {
    serve();
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Your order' });
    expect(within(summary).getByText('Gitanjali')).toBeInTheDocument();
    expect(within(summary).getByText('by Rabindranath Tagore')).toBeInTheDocument();
    expect(within(summary).getAllByText('350 ৳').length).toBeGreaterThan(0);
    expect(summary.querySelector('img')).toHaveAttribute('src', ORDER.picture);
    expect(await payButton()).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Card details' })).toContainElement(screen.getByLabelText('Card number'));
    expect(loadStripeFor).toHaveBeenCalledWith({ publishableKey: 'pk_test_puronoboi_local', stripeJsUrl: 'http://localhost:8420/js.stripe.com/v3/' });
  });

  it('pays: the card becomes a token, the server charges it, then the toast, Paid, a disabled button and the transaction id', async () => {
    const fetchMock = serve({ payment: [result({ transactionId: 'pi_3Paid000000001' })] });
    const user = userEvent.setup();
    const { queryClient } = renderApp(PATH);
    // What other pages keep of the order and the book, cached from earlier visits.
    const elsewhere = [
      [...MY_ORDERS_KEY, 'list', { page: 1, perPage: 20 }],
      WISH_LIST_KEY,
      ['books', 'detail', ORDER.bookId, BUYER.id],
      ['categories'],
    ];
    for (const key of elsewhere) queryClient.setQueryData(key, { cached: true });
    await user.click(await payButton());

    expect(await screen.findByText(SUCCESS_TOAST)).toBeInTheDocument();
    expect(stripe.api.createToken).toHaveBeenCalledWith(stripe.card);
    expect(requestsTo(fetchMock, PAYMENT)).toMatchObject([
      { method: 'POST', authorization: `Bearer access-${BUYER.id}`, json: { cardToken: 'tok_visa' } },
    ]);
    expect(screen.getByRole('button', { name: 'Paid' })).toBeDisabled();
    expect(screen.getAllByText('Paid').length).toBeGreaterThan(1);
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_3Paid000000001');
    expect(callsTo(fetchMock, SYNC)).toBe(0);
    // The order is asked for again; My Orders, the wish list and the storefront's lists will be when they show.
    await waitFor(() => expect(callsTo(fetchMock, `/api/orders/${ORDER.id}`)).toBeGreaterThan(1));
    for (const key of elsewhere) expect(queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    // The page stays as it was after the refresh: still Paid, the button still disabled.
    expect(screen.getByRole('button', { name: 'Paid' })).toBeDisabled();
  });

  it('3-D Secure: requires_action opens the bank check with the client secret, then the payment is synced and paid', async () => {
    const fetchMock = serve({
      payment: [result({ status: 'requires_action', clientSecret: 'pi_3ds_secret_abc', transactionId: null })],
      sync: [result({ transactionId: 'pi_3ds' })],
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await payButton());
    expect(await screen.findByText(SUCCESS_TOAST)).toBeInTheDocument();
    expect(stripe.api.confirmCardPayment).toHaveBeenCalledWith('pi_3ds_secret_abc');
    expect(requestsTo(fetchMock, SYNC)).toMatchObject([{ method: 'POST' }]);
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_3ds');
  });

  it("shows the buyer's handover code while the order awaits its handover, and still once a card holds the price", async () => {
    let paid = false;
    serve({
      current: () => ({ body: { ...ORDER, handoverCode: '042117', status: paid ? 'held' : 'pending' } }),
      payment: [
        () => {
          paid = true;
          return { body: result() };
        },
      ],
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const section = await screen.findByRole('region', { name: 'Your handover code' });
    expect(within(section).getByTestId('handover-code')).toHaveTextContent('042 117');
    expect(section).toHaveTextContent('when they enter it, the price held on your card is taken');
    await switchLanguage('bn');
    const bangla = await screen.findByRole('region', { name: 'আপনার হস্তান্তর কোড' });
    expect(within(bangla).getByTestId('handover-code')).toHaveTextContent('০৪২ ১১৭');
    expect(bangla.textContent).not.toMatch(/[A-Za-z]/);
    await switchLanguage('en');
    await user.click(await payButton());
    expect(await screen.findByText(SUCCESS_TOAST)).toBeInTheDocument();
    // The code is what takes the held price at the meeting: it stays, with words for a card.
    const held = await screen.findByRole('region', { name: 'Your handover code' });
    expect(within(held).getByTestId('handover-code')).toHaveTextContent('042 117');
    expect(held).toHaveTextContent('the price held on your card is taken');
  });

  it('shows no handover code for an order without one', async () => {
    serve({ current: ORDER });
    renderApp(PATH);
    await payButton();
    expect(screen.queryByTestId('handover-code')).not.toBeInTheDocument();
  });

  it('3-D Secure refused: the sync answer\'s reason is shown and the form stays ready', async () => {
    serve({
      payment: [result({ status: 'requires_action', clientSecret: 'pi_3ds_secret_abc', transactionId: null })],
      sync: [
        result({
          status: 'failed',
          transactionId: null,
          message: 'The provided PaymentMethod has failed authentication.',
          failureReason: 'authentication_failed',
        }),
      ],
    });
    stripe.api.confirmCardPayment.mockResolvedValueOnce({ error: { message: 'We are unable to authenticate your payment method.' } });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('The provided PaymentMethod has failed authentication.');
    expect(await payButton()).toBeEnabled();
  });

  it("a declined card shows the provider's message in red; another card can then be tried", async () => {
    const fetchMock = serve({
      payment: [result({ status: 'failed', transactionId: null, message: 'Your card was declined.', failureReason: 'card_declined' }), result()],
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await payButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveClass('text-error');
    expect(screen.queryByText(SUCCESS_TOAST)).not.toBeInTheDocument();

    stripe.api.createToken.mockResolvedValueOnce({ token: { id: 'tok_second' } });
    await user.click(await payButton());
    expect(await screen.findByText(SUCCESS_TOAST)).toBeInTheDocument();
    expect(requestsTo(fetchMock, PAYMENT).map((r) => r.json)).toEqual([{ cardToken: 'tok_visa' }, { cardToken: 'tok_second' }]);
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
  });

  it('an answer that is neither paid nor refused shows "Unexpected State"', async () => {
    serve({ payment: [result({ status: 'processing', transactionId: null })], sync: [result({ transactionId: 'pi_late' })] });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(UNEXPECTED_STATE);
    expect(screen.queryByText(SUCCESS_TOAST)).not.toBeInTheDocument();
    expect(await payButton()).toBeDisabled();
    // Asking again settles it.
    await user.click(screen.getByRole('button', { name: 'Check payment status' }));
    expect(await screen.findByText(SUCCESS_TOAST)).toBeInTheDocument();
  });

  it('a status this build does not know is an "Unexpected State" too', async () => {
    serve({ payment: [{ body: { status: 'on_hold', clientSecret: null, transactionId: null, message: null } }] });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(UNEXPECTED_STATE);
  });

  it("an incomplete card shows Stripe's own message and sends nothing to the server", async () => {
    const fetchMock = serve();
    stripe.api.createToken.mockResolvedValueOnce({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(callsTo(fetchMock, PAYMENT)).toBe(0);
    expect(await payButton()).toBeEnabled();
  });

  it('while the payment runs the button is disabled with a spinner and the page says so', async () => {
    let answer: (value: { body: PaymentResultDto }) => void = () => undefined;
    serve({ payment: [() => new Promise((resolve) => (answer = resolve))] });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await payButton());
    const busy = await screen.findByRole('button', { name: 'Processing…' });
    expect(busy).toBeDisabled();
    expect(busy.querySelector('.loading-spinner')).not.toBeNull();
    expect(screen.getByText(/Processing your payment/)).toHaveAttribute('role', 'status');
    // A second click cannot charge twice.
    await user.click(busy);
    answer({ body: result() });
    expect(await screen.findByText(SUCCESS_TOAST)).toBeInTheDocument();
  });

  it('an order paid already shows Paid and its transaction id, and no card form', async () => {
    serve({ current: order({ id: ORDER.id, price: 350, status: 'paid', paidAt: '2026-11-22T11:00:00+00:00', transactionId: 'pi_earlier', payableByCard: false }) });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'This order is paid' })).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_earlier');
    expect(screen.getByText('22 November 2026', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pay by card' })).not.toBeInTheDocument();
    expect(loadStripeFor).not.toHaveBeenCalled();
  });

  it('a price below the card minimum is paid in cash: it says why, offers no card and loads no card form', async () => {
    serve({ current: order({ id: ORDER.id, price: 50, payableByCard: false }), payments: { cardMinimumTaka: 60 } });
    renderApp(PATH);
    const how = await screen.findByRole('region', { name: 'How you pay' });
    expect(within(how).getByTestId('payment-method')).toHaveTextContent('Cash at the meet-up');
    expect(how).toHaveTextContent('Cards are taken from 60 ৳, so this book is paid in cash.');
    expect(within(how).queryByRole('button', { name: 'Pay by card instead' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pay by card' })).not.toBeInTheDocument();
    expect(loadStripeFor).not.toHaveBeenCalled();
  });

  it('a server without card payments: paid in cash, and it says why', async () => {
    serve({ current: order({ id: ORDER.id, payableByCard: false }), payments: { provider: 'none', publishableKey: null, stripeJsUrl: null } });
    renderApp(PATH);
    const how = await screen.findByRole('region', { name: 'How you pay' });
    expect(how).toHaveTextContent('Card payments are not available right now, so this book is paid in cash.');
    expect(within(how).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pay by card' })).not.toBeInTheDocument();
  });

  it('a cancelled order says so, with links to the book and My Orders', async () => {
    serve({ current: order({ id: ORDER.id, status: 'cancelled', cancelReason: 'by_buyer', payableByCard: false }) });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'This order was cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the book' })).toHaveAttribute('href', `/books/${ORDER.bookId}`);
    expect(screen.getAllByRole('link', { name: 'My Orders' }).some((link) => link.getAttribute('href') === '/dashboard/myOrders')).toBe(true);
    expect(screen.queryByRole('form', { name: 'Pay by card' })).not.toBeInTheDocument();
  });

  it('an expired order says so', async () => {
    serve({ current: order({ id: ORDER.id, status: 'expired', payableByCard: false }) });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'This order has expired' })).toBeInTheDocument();
  });

  it("someone else's order, or none, is not found", async () => {
    serve({ current: errorReply(404, 'order_not_found', 'No order of yours has this id.') });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: "We couldn't find this order" })).toBeInTheDocument();
  });

  it('an order closed meanwhile: the refusal is shown and the page then shows the order as it is', async () => {
    let status: OrderDto['status'] = 'pending';
    serve({
      current: () => ({ body: order({ id: ORDER.id, price: 350, status, paymentMethod: 'card', payableByCard: status === 'pending' }) }),
      payment: [
        () => {
          status = 'expired';
          return errorReply(409, 'order_closed', 'This order is closed and can no longer be paid.');
        },
      ],
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await payButton());
    expect(await screen.findByRole('heading', { name: 'This order has expired' })).toBeInTheDocument();
  });

  it('when Stripe.js cannot be loaded it says so and offers to try again', async () => {
    vi.mocked(loadStripeFor).mockReset().mockRejectedValueOnce(new Error('blocked')).mockResolvedValue(stripe.stripe);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve();
    const user = userEvent.setup();
    renderApp(PATH);
    expect(await screen.findByText('The card form could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await payButton()).toBeEnabled();
  });
});

/** A pending order to be paid in cash at the meet-up, with its code and the end of its hold period. */
const CASH_ORDER = order({ id: ORDER.id, title: 'Gitanjali', price: 350, paymentMethod: 'cash', handoverCode: '042117' });
/** The same order once a card holds its price: the handover deadline is 5 days on. */
const HELD_ORDER = order({
  ...CASH_ORDER,
  status: 'held',
  paymentMethod: 'card',
  payableByCard: false,
  paidAt: '2026-11-22T11:00:00+00:00',
  transactionId: 'pi_held',
  handoverDeadline: '2026-11-27T11:00:00+00:00',
});

describe('an order paid in cash at the meet-up', () => {
  it('says until when the book is reserved and what happens then, shows the code, and no card form', async () => {
    serve({ current: CASH_ORDER });
    renderApp(PATH);
    const state = await screen.findByRole('region', { name: 'Reserved for you' });
    // 10:15 UTC is 4:15 pm in Dhaka, where the tests read the time.
    expect(within(state).getByTestId('handover-deadline')).toHaveTextContent(
      'Meet the seller by Tuesday 24 November, 4:15 pm. If the book is not handed over by then, the order expires and the book goes back on sale.',
    );
    expect(within(await screen.findByRole('region', { name: 'Your order' })).getByText('Awaiting payment')).toBeInTheDocument();
    const code = screen.getByRole('region', { name: 'Your handover code' });
    expect(within(code).getByTestId('handover-code')).toHaveTextContent('042 117');
    expect(code).toHaveTextContent('When you pay the seller in cash, tell them this code');
    const how = screen.getByRole('region', { name: 'How you pay' });
    expect(within(how).getByTestId('payment-method')).toHaveTextContent('Cash at the meet-up');
    expect(within(how).getByRole('button', { name: 'Pay by card instead' })).toBeEnabled();
    expect(screen.queryByRole('form', { name: 'Pay by card' })).not.toBeInTheDocument();
    expect(loadStripeFor).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
  });
});

describe('changing how an order is paid', () => {
  /** The order as the server keeps it: PATCH changes its method and answers it, as the server does. */
  function serveChangeable(start: OrderDto, patch?: Reply) {
    let current = start;
    const fetchMock = serve({
      current: (_url, init) => {
        if (init.method !== 'PATCH') return { body: current };
        if (patch) return typeof patch === 'function' ? patch(_url, init) : patch;
        const { paymentMethod } = JSON.parse(String(init.body)) as Pick<OrderDto, 'paymentMethod'>;
        current = { ...current, paymentMethod };
        return { body: current };
      },
    });
    const patches = () => requestsTo(fetchMock, `/api/orders/${ORDER.id}`).filter((request) => request.method === 'PATCH');
    return { fetchMock, patches };
  }

  it('cash to card: PATCH asks for a card, the card form appears and the change is read out; back to cash removes it', async () => {
    const { patches } = serveChangeable(CASH_ORDER);
    const user = userEvent.setup();
    renderApp(PATH);
    const how = await screen.findByRole('region', { name: 'How you pay' });
    await user.click(within(how).getByRole('button', { name: 'Pay by card instead' }));

    expect(await payButton()).toBeEnabled();
    expect(patches()).toMatchObject([{ authorization: `Bearer access-${BUYER.id}`, json: { paymentMethod: 'card' } }]);
    expect(within(how).getByTestId('payment-method')).toHaveTextContent('Card, held until you have the book');
    expect(within(how).getByRole('status')).toHaveTextContent('You now pay by card: enter your card below.');
    expect(screen.getByTestId('handover-deadline')).toHaveTextContent('Pay by card by Tuesday 24 November, 4:15 pm.');

    await user.click(within(how).getByRole('button', { name: 'Pay in cash instead' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Pay by card' })).not.toBeInTheDocument());
    expect(patches().map((request) => request.json)).toEqual([{ paymentMethod: 'card' }, { paymentMethod: 'cash' }]);
    expect(within(how).getByRole('status')).toHaveTextContent('You now pay in cash at the meet-up.');
  });

  it('a refusal is shown under the button, and the order stays as it was', async () => {
    const refusal = 'Card payments start at 60 ৳; this book costs less, so it cannot be paid by card.';
    serveChangeable(CASH_ORDER, errorReply(422, 'below_card_minimum', refusal));
    const user = userEvent.setup();
    renderApp(PATH);
    const how = await screen.findByRole('region', { name: 'How you pay' });
    await user.click(within(how).getByRole('button', { name: 'Pay by card instead' }));
    expect(await within(how).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(how).getByTestId('payment-method')).toHaveTextContent('Cash at the meet-up');
    expect(screen.queryByRole('form', { name: 'Pay by card' })).not.toBeInTheDocument();
  });

  it('says in Bangla that a server without cards refused the change', async () => {
    serveChangeable(CASH_ORDER, errorReply(503, 'unavailable', 'Card payments are not available on this server.'));
    await switchLanguage('bn');
    const user = userEvent.setup();
    renderApp(PATH);
    const how = await screen.findByRole('region', { name: 'কীভাবে পেমেন্ট করবেন' });
    await user.click(within(how).getByRole('button', { name: 'বরং কার্ডে পেমেন্ট করুন' }));
    const alert = await within(how).findByRole('alert');
    expect(alert).toHaveTextContent('এখানে এখন কার্ডে পেমেন্ট নেওয়া হচ্ছে না।');
    expect(alert.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('an order closed meanwhile: the refusal says so, and the page then shows the order as it is', async () => {
    let closed = false;
    serve({
      current: (_url, init) => {
        if (init.method === 'PATCH') {
          closed = true;
          return errorReply(409, 'order_closed', 'This order is expired; only a pending order can be paid or cancelled.');
        }
        return { body: closed ? { ...CASH_ORDER, status: 'expired', handoverCode: null, handoverDeadline: null } : CASH_ORDER };
      },
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await screen.findByRole('region', { name: 'How you pay' })).getByRole('button', { name: 'Pay by card instead' }));
    expect(await screen.findByRole('heading', { name: 'This order has expired' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your handover code' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });
});

describe('an order paid by a card that holds the price', () => {
  it('says Paid, held until handover, until when, that the hold is then released, and keeps the code', async () => {
    serve({ current: HELD_ORDER });
    renderApp(PATH);
    const state = await screen.findByRole('region', { name: 'Paid, held until handover' });
    expect(state).toHaveTextContent('Your card holds 350 ৳; nothing has been taken.');
    expect(within(state).getByTestId('handover-deadline')).toHaveTextContent(
      'Handover by Friday 27 November, 5:00 pm. If it has not happened by then, the hold on your card is released and nothing is charged.',
    );
    expect(within(state).getByTestId('transaction-id')).toHaveTextContent('pi_held');
    expect(within(screen.getByRole('region', { name: 'Your order' })).getByText('Paid, held until handover')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Your handover code' })).getByTestId('handover-code')).toHaveTextContent('042 117');
    // Nothing left to pay or to change.
    expect(screen.queryByRole('region', { name: 'How you pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pay by card' })).not.toBeInTheDocument();
    expect(loadStripeFor).not.toHaveBeenCalled();
  });

  it('Cancel asks first, saying the hold will be released; then the order is cancelled and nothing charged', async () => {
    let cancelled = false;
    const fetchMock = serve({
      current: () => ({ body: cancelled ? { ...HELD_ORDER, status: 'cancelled', cancelReason: 'by_buyer', holdReleased: true, handoverCode: null } : HELD_ORDER }),
      extra: {
        [`/api/orders/${ORDER.id}/cancel`]: () => {
          cancelled = true;
          return { body: { ...HELD_ORDER, status: 'cancelled', cancelReason: 'by_buyer', holdReleased: true, handoverCode: null, handoverDeadline: null } };
        },
      },
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const cancel = await screen.findByRole('button', { name: 'Cancel order' });
    await user.click(cancel);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('the hold on your card released: nothing is charged');
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(callsTo(fetchMock, `/api/orders/${ORDER.id}/cancel`)).toBe(0);

    await user.click(cancel);
    await user.click(within(screen.getByRole('alertdialog', { name: 'Cancel this order?' })).getByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByText('Order cancelled: the hold on your card was released.')).toBeInTheDocument();
    const notice = (await screen.findByRole('heading', { name: 'This order was cancelled' })).closest('section');
    expect(notice).toHaveTextContent('The hold on your card was released: nothing was charged.');
    expect(requestsTo(fetchMock, `/api/orders/${ORDER.id}/cancel`)).toMatchObject([{ method: 'POST', authorization: `Bearer access-${BUYER.id}` }]);
    expect(screen.queryByRole('region', { name: 'Your handover code' })).not.toBeInTheDocument();
  });

  it('paying here keeps the success panel (the toast, Paid) and says the price is held until the handover', async () => {
    let paid = false;
    serve({
      current: () => ({ body: paid ? HELD_ORDER : { ...CASH_ORDER, paymentMethod: 'card' } }),
      payment: [
        () => {
          paid = true;
          return { body: result({ transactionId: 'pi_held' }) };
        },
      ],
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await payButton());
    expect(await screen.findByText(SUCCESS_TOAST)).toBeInTheDocument();
    const card = screen.getByRole('form', { name: 'Pay by card' });
    expect(within(card).getByRole('button', { name: 'Paid' })).toBeDisabled();
    expect(card).toHaveTextContent('Held until the handover: the price is taken only when you have the book');
    expect(within(screen.getByRole('region', { name: 'Your order' })).getByText('Paid, held until handover')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Paid, held until handover' })).toHaveTextContent('Friday 27 November, 5:00 pm');
    expect(screen.queryByRole('region', { name: 'How you pay' })).not.toBeInTheDocument();
  });

  it('reads in Bangla: the state, the deadline with its time of day, and the code, with no Latin letters or digits', async () => {
    serve({ current: { ...HELD_ORDER, title: 'গীতাঞ্জলি', author: 'রবীন্দ্রনাথ ঠাকুর', phone: '০১৭১২-৩৪৫৬৭৮', location: 'নীলক্ষেত, ঢাকা' } });
    await switchLanguage('bn');
    renderApp(PATH);
    const state = await screen.findByRole('region', { name: 'পরিশোধিত, হস্তান্তর পর্যন্ত আটকে আছে' });
    expect(state).toHaveTextContent('আপনার কার্ডে ৩৫০ ৳ আটকে আছে; এখনো কিছুই কাটা হয়নি।');
    expect(within(state).getByTestId('handover-deadline')).toHaveTextContent(
      '২৭ নভেম্বর, শুক্রবার, বিকাল ৫:০০-এর মধ্যে হস্তান্তর করতে হবে। এর মধ্যে না হলে আপনার কার্ডে আটকে রাখা টাকা ছেড়ে দেওয়া হবে, কিছুই কাটা হবে না।',
    );
    const code = screen.getByRole('region', { name: 'আপনার হস্তান্তর কোড' });
    expect(within(code).getByTestId('handover-code')).toHaveTextContent('০৪২ ১১৭');
    // The provider's id stays as the provider wrote it: it is what the buyer quotes to the bank.
    expect(within(state).getByTestId('transaction-id')).toHaveTextContent('pi_held');
    for (const region of [state, code, screen.getByRole('region', { name: 'আপনার অর্ডার' })]) {
      expect(region.textContent?.replace('pi_held', '')).not.toMatch(/[A-Za-z0-9]/);
    }
    expect(screen.getByRole('button', { name: 'অর্ডার বাতিল করুন' })).toBeInTheDocument();
  });
});

describe('Payment in Bangla', () => {
  const BN_ORDER = order({
    id: ORDER.id,
    title: 'গীতাঞ্জলি',
    author: 'রবীন্দ্রনাথ ঠাকুর',
    price: 1350,
    phone: '০১৭১২-৩৪৫৬৭৮',
    location: 'নীলক্ষেত, ঢাকা',
    paymentMethod: 'card',
  });
  const bnPayButton = () => screen.findByRole('button', { name: '১,৩৫০ ৳ পেমেন্ট করুন' });

  it('shows the order, its price and total in Bengali digits, and the card form in Bangla', async () => {
    serve({ current: BN_ORDER });
    await switchLanguage('bn');
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'পেমেন্ট' })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'আপনার অর্ডার' });
    expect(within(summary).getByText('লেখক: রবীন্দ্রনাথ ঠাকুর')).toBeInTheDocument();
    expect(within(summary).getByText('পেমেন্টের অপেক্ষায়')).toBeInTheDocument();
    expect(within(summary).getByText('মোট')).toBeInTheDocument();
    expect(within(summary).getAllByText('১,৩৫০ ৳')).toHaveLength(2);
    expect(within(summary).getByRole('list', { name: 'দেখা করার তথ্য' })).toHaveTextContent('জায়গা: নীলক্ষেত, ঢাকা');
    expect(summary.textContent).not.toMatch(/[A-Za-z]{3,}/);

    expect(await bnPayButton()).toBeEnabled();
    const card = screen.getByRole('region', { name: 'কার্ডে পেমেন্ট' });
    expect(within(card).getByRole('group', { name: 'কার্ডের তথ্য' })).toBeInTheDocument();
    // Stripe's name stays; the test card stays in Latin digits, the only ones Stripe's field takes.
    expect(card).toHaveTextContent('টেস্ট মোড: আসল টাকার লেনদেন হয় না। 4242 4242 4242 4242 কার্ডটি দিন');
    expect(card.textContent?.replace(/Stripe/g, '')).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('says a card Stripe.js refused, by its code, in Bangla; in English in Stripe\'s own words', async () => {
    const fetchMock = serve({ current: BN_ORDER });
    stripe.api.createToken.mockResolvedValue({
      error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
    });
    await switchLanguage('bn');
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await bnPayButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('আপনার কার্ড নম্বর অসম্পূর্ণ।');
    expect(callsTo(fetchMock, PAYMENT)).toBe(0);
    // The message follows a switch of language.
    await switchLanguage('en');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
  });

  it("says why the server refused the card in Bangla, the provider's English words after a switch, and the success", async () => {
    serve({
      current: BN_ORDER,
      payment: [
        result({ status: 'failed', transactionId: null, message: 'Your card has insufficient funds.', failureReason: 'insufficient_funds' }),
        result({ status: 'failed', transactionId: null, message: 'No such token', failureReason: 'refused' }),
        result(),
      ],
    });
    await switchLanguage('bn');
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await bnPayButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('আপনার কার্ডে যথেষ্ট টাকা নেই।');
    await switchLanguage('en');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    await switchLanguage('bn');
    await user.click(await bnPayButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('এই পেমেন্টে কার্ডটি ব্যবহার করা যায়নি।');
    expect(screen.getByRole('alert').textContent).not.toMatch(/[A-Za-z]{3,}/);
    await user.click(await bnPayButton());
    expect(await screen.findByText('অভিনন্দন! পেমেন্ট সফল হয়েছে')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'পরিশোধিত' })).toBeDisabled();
    expect(screen.getByText('লেনদেন আইডি')).toBeInTheDocument();
  });

  it('shows the words of a failure that came without a reason as they are', async () => {
    serve({ current: BN_ORDER, payment: [result({ status: 'failed', transactionId: null, message: 'Your card was declined.' })] });
    await switchLanguage('bn');
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await bnPayButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
  });

  it('says "Unexpected State" in Bangla', async () => {
    serve({ current: BN_ORDER, payment: [result({ status: 'processing', transactionId: null })] });
    await switchLanguage('bn');
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await bnPayButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('অপ্রত্যাশিত অবস্থা');
    expect(within(alert).getByRole('button', { name: 'পেমেন্টের অবস্থা দেখুন' })).toBeInTheDocument();
    expect(alert.textContent).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('says why a book below the card minimum is paid in cash, the minimum in Bengali digits', async () => {
    serve({ current: order({ id: ORDER.id, price: 50, payableByCard: false }), payments: { cardMinimumTaka: 60 } });
    await switchLanguage('bn');
    renderApp(PATH);
    const how = await screen.findByRole('region', { name: 'কীভাবে পেমেন্ট করবেন' });
    expect(within(how).getByTestId('payment-method')).toHaveTextContent('দেখা করার সময় নগদে');
    expect(how).toHaveTextContent('কার্ডে পেমেন্ট নেওয়া হয় ৬০ ৳ থেকে, তাই এই বইয়ের পেমেন্ট নগদে হবে।');
    expect(how.textContent).not.toMatch(/[A-Za-z0-9]/);
  });

  it('says an order is paid, on which date, in Bangla', async () => {
    serve({ current: order({ id: ORDER.id, status: 'paid', paidAt: '2026-11-22T11:00:00+00:00', transactionId: 'pi_earlier', payableByCard: false }) });
    await switchLanguage('bn');
    renderApp(PATH);
    const notice = (await screen.findByRole('heading', { name: 'এই অর্ডারের পেমেন্ট হয়ে গেছে' })).closest('section');
    expect(notice).toHaveTextContent('২২ নভেম্বর, ২০২৬ তারিখে');
    expect(within(notice as HTMLElement).getByRole('link', { name: 'আমার অর্ডার' })).toHaveAttribute('href', '/dashboard/myOrders');
    expect(notice?.textContent?.replace('pi_earlier', '')).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('says why a cancelled order cannot be paid, in Bangla', async () => {
    serve({ current: order({ id: ORDER.id, status: 'cancelled', cancelReason: 'seller_account_closed', payableByCard: false }) });
    await switchLanguage('bn');
    renderApp(PATH);
    const notice = (await screen.findByRole('heading', { name: 'এই অর্ডারটি বাতিল হয়েছে' })).closest('section');
    expect(notice).toHaveTextContent('বিক্রেতার অ্যাকাউন্ট বন্ধ হয়ে গেছে, বইটিও দোকান থেকে সরে গেছে। এই অর্ডারের পেমেন্ট আর করা যাবে না।');
    expect(notice?.textContent).not.toMatch(/[A-Za-z]{3,}/);
  });
});
