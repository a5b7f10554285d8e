import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookDetailDto } from '@bindings/BookDetailDto';
import type { OrderDto } from '@bindings/OrderDto';
import { loadStripeFor } from '@/lib/stripe/load-stripe';
import { signedInAs } from '@/test/auth';
import { callsTo, requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { BUYER, bookDetail, errorReply, order, pageOf } from '@/test/fixtures';
import { switchLanguage } from '@/lib/i18n/translations';
import { renderApp } from '@/test/render';
import { fakeStripe } from '../fake-stripe';
import { configWith, result } from '../test-routes';

vi.mock('@/lib/stripe/load-stripe', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/stripe/load-stripe')>()),
  loadStripeFor: vi.fn(),
}));

const SUCCESS_TOAST = 'Congratulations !! payment successful';

const BOOK = bookDetail({ id: 'book-1', title: 'Pather Panchali', author: 'Bibhutibhushan Bandyopadhyay', resalePrice: 350 });
const PATH = `/dashboard/payment2/${BOOK.id}`;
/** The buyer's newest order, for another book: where the form's phone and location come from. */
const NEWEST = order({ id: 'order-newest', bookId: 'book-other', title: 'Debi', status: 'paid', phone: '01819-123456', location: 'Mirpur 10, Dhaka' });
const OLDER = order({ id: 'order-older', bookId: 'book-old', title: 'Aranyak', status: 'cancelled', phone: '01712-000000', location: 'Uttara, Dhaka' });

let stripe: ReturnType<typeof fakeStripe>;

beforeEach(() => {
  stripe = fakeStripe();
  vi.mocked(loadStripeFor).mockReset().mockResolvedValue(stripe.stripe);
});

function serve({ book = BOOK, orders = [NEWEST, OLDER], extra = {} }: { book?: BookDetailDto | Reply; orders?: OrderDto[]; extra?: Record<string, Reply> } = {}) {
  return stubFetch({
    ...signedInAs(BUYER),
    '/api/config': { body: configWith() },
    [`/api/books/${BOOK.id}`]: typeof book === 'function' || 'body' in book ? (book as Reply) : { body: book },
    '/api/me/orders': { body: pageOf(orders) },
    '/api/me/wishlist': { body: { items: [] } },
    ...extra,
  });
}

function contactForm() {
  return screen.findByRole('form', { name: 'Your contact details' });
}

describe('Wish-list payment (/dashboard/payment2/:id)', () => {
  it('asks phone, location and how to pay, the contact filled in from the newest order, reserves the book, then the card pays it', async () => {
    const placed = order({
      id: 'order-new',
      bookId: BOOK.id,
      title: BOOK.title,
      author: BOOK.author,
      price: 350,
      phone: '01819-123456',
      location: 'Nilkhet, Dhaka',
      paymentMethod: 'card',
    });
    const fetchMock = serve({
      extra: {
        '/api/orders': { status: 201, body: placed },
        '/api/orders/order-new': { body: placed },
        '/api/orders/order-new/payment': { body: result({ transactionId: 'pi_wish' }) },
      },
    });
    const user = userEvent.setup();
    renderApp(PATH);

    const summary = await screen.findByRole('region', { name: 'Your order' });
    expect(within(summary).getByText('Pather Panchali')).toBeInTheDocument();
    expect(within(summary).getAllByText('350 ৳').length).toBeGreaterThan(0);
    const form = await contactForm();
    expect(within(form).getByLabelText('Phone')).toHaveValue('01819-123456');
    const location = within(form).getByLabelText('Location');
    expect(location).toHaveValue('Mirpur 10, Dhaka');
    await user.clear(location);
    await user.type(location, 'Nilkhet, Dhaka');
    // Cash places the order at once; a card goes on to the card form.
    expect(within(form).getByRole('button', { name: 'Place order' })).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Card, held until you have the book' }));
    await user.click(within(form).getByRole('button', { name: 'Continue to payment' }));

    expect(requestsTo(fetchMock, '/api/orders')).toMatchObject([
      {
        method: 'POST',
        authorization: `Bearer access-${BUYER.id}`,
        json: { bookId: BOOK.id, phone: '01819-123456', location: 'Nilkhet, Dhaka', paymentMethod: 'card' },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Pay 350 ৳' }));
    expect(await screen.findByText(SUCCESS_TOAST)).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/orders/order-new/payment')).toMatchObject([{ method: 'POST', json: { cardToken: 'tok_visa' } }]);
    expect(screen.getByRole('button', { name: 'Paid' })).toBeDisabled();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_wish');
  });

  it('continues with a pending order the buyer already holds for the book: no form, straight to the card', async () => {
    const pending = order({ id: 'order-pending', bookId: BOOK.id, title: BOOK.title, price: 350, status: 'pending', paymentMethod: 'card' });
    const fetchMock = serve({
      book: bookDetail({ ...BOOK, status: 'pending' }),
      orders: [pending, NEWEST],
      extra: {
        '/api/orders/order-pending': { body: pending },
        '/api/orders/order-pending/payment': { body: result() },
      },
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Pay 350 ৳' }));
    expect(await screen.findByText(SUCCESS_TOAST)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Your contact details' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/orders')).toBe(0);
    expect(requestsTo(fetchMock, '/api/orders/order-pending/payment')).toHaveLength(1);
  });

  it('a buyer with no orders yet starts with empty fields, and both are required in the spec\'s words', async () => {
    const fetchMock = serve({ orders: [] });
    const user = userEvent.setup();
    renderApp(PATH);
    const form = await contactForm();
    expect(within(form).getByLabelText('Phone')).toHaveValue('');
    await user.click(within(form).getByRole('button', { name: 'Place order' }));
    expect(await within(form).findByText('Phone no is required')).toBeInTheDocument();
    expect(within(form).getByText('Location is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, '/api/orders')).toBe(0);
  });

  it("shows the server's phone message beside the field", async () => {
    serve({ extra: { '/api/orders': errorReply(422, 'validation_failed', 'Some fields are not valid.', { phone: 'must be a Bangladesh mobile number' }) } });
    const user = userEvent.setup();
    renderApp(PATH);
    const form = await contactForm();
    await user.click(within(form).getByRole('button', { name: 'Place order' }));
    expect(await within(form).findByText('must be a Bangladesh mobile number')).toBeInTheDocument();
  });

  it('when someone else ordered the book first it says so clearly, and offers no card form', async () => {
    let status: BookDetailDto['status'] = 'available';
    serve({
      book: () => ({ body: bookDetail({ ...BOOK, status }) }),
      extra: {
        '/api/orders': () => {
          status = 'pending';
          return errorReply(409, 'book_unavailable', 'This book is no longer available.');
        },
      },
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await contactForm()).getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else has just ordered this book.');
    expect(screen.queryByRole('form', { name: 'Your contact details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('a book sold to someone else says it is no longer available', async () => {
    serve({ book: bookDetail({ ...BOOK, status: 'sold' }) });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'This book is no longer available' })).toBeInTheDocument();
    expect(screen.getByText('This book has been sold.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Your contact details' })).not.toBeInTheDocument();
  });

  it('a book the buyer has paid for shows the paid order', async () => {
    const paid = order({ id: 'order-paid', bookId: BOOK.id, status: 'paid', transactionId: 'pi_mine', paidAt: '2026-11-22T11:00:00+00:00', payableByCard: false });
    serve({ book: bookDetail({ ...BOOK, status: 'sold' }), orders: [paid], extra: { '/api/orders/order-paid': { body: paid } } });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'This order is paid' })).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_mine');
  });

  it('a book below the card minimum is reserved to be paid in cash, saying why; its order page and handover code follow', async () => {
    const placed = order({ id: 'order-cash', bookId: BOOK.id, price: 40, payableByCard: false, handoverCode: '042117' });
    const fetchMock = serve({
      book: bookDetail({ ...BOOK, resalePrice: 40 }),
      extra: { '/api/orders': { status: 201, body: placed }, '/api/orders/order-cash': { body: placed } },
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const form = await contactForm();
    const group = within(form).getByRole('group', { name: 'How will you pay?' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['cash']);
    expect(group).toHaveAccessibleDescription('Cards are taken from 60 ৳, so this book is paid in cash.');
    await user.click(within(form).getByRole('button', { name: 'Place order' }));
    expect(requestsTo(fetchMock, '/api/orders').map((request) => request.json)).toEqual([
      { bookId: BOOK.id, phone: NEWEST.phone, location: NEWEST.location, paymentMethod: 'cash' },
    ]);
    expect(within(await screen.findByRole('region', { name: 'Your handover code' })).getByTestId('handover-code')).toHaveTextContent('042 117');
    expect(screen.getByRole('heading', { name: 'Reserved for you' })).toHaveFocus();
    expect(screen.queryByRole('form', { name: 'Pay by card' })).not.toBeInTheDocument();
  });

  it('continues with an order a card holds: Paid, held until handover, and the code', async () => {
    const held = order({ id: 'order-held', bookId: BOOK.id, status: 'held', paymentMethod: 'card', handoverCode: '042117', payableByCard: false });
    serve({ book: bookDetail({ ...BOOK, status: 'pending' }), orders: [held], extra: { '/api/orders/order-held': { body: held } } });
    renderApp(PATH);
    expect(await screen.findByRole('region', { name: 'Paid, held until handover' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Your handover code' })).getByTestId('handover-code')).toHaveTextContent('042 117');
  });

  it('an unknown book is not found', async () => {
    serve({ book: errorReply(404, 'book_not_found', 'No book has this id.') });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: "We couldn't find this book" })).toBeInTheDocument();
  });
});

describe('Wish-list payment in Bangla', () => {
  const BN_BOOK = bookDetail({ ...BOOK, title: 'পথের পাঁচালী', author: 'বিভূতিভূষণ বন্দ্যোপাধ্যায়', resalePrice: 1350 });

  it('asks where the seller can reach the buyer, in Bangla, beside the book and its price in Bengali digits', async () => {
    serve({ book: BN_BOOK, orders: [] });
    await switchLanguage('bn');
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'পেমেন্ট' })).toBeInTheDocument();
    expect(screen.getByText('আপনার উইশলিস্টের একটি বই।')).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'আপনার অর্ডার' });
    expect(within(summary).getAllByText('১,৩৫০ ৳')).toHaveLength(2);
    expect(summary.textContent).not.toMatch(/[A-Za-z]{3,}/);

    const form = await screen.findByRole('form', { name: 'আপনার যোগাযোগের তথ্য' });
    const step = form.closest('section') as HTMLElement;
    expect(within(step).getByText('ধাপ ১ (মোট ২টি)')).toBeInTheDocument();
    expect(within(step).getByRole('heading', { name: 'বিক্রেতা কীভাবে আপনার সঙ্গে যোগাযোগ করবেন?' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'অর্ডার করুন' })).toBeEnabled();
    expect(within(form).getByRole('group', { name: 'কীভাবে পেমেন্ট করবেন?' })).toBeInTheDocument();
    // With the contact fields' own texts (src/components/forms/ContactFields.tsx).
    expect(step.textContent).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('says, in Bangla, that someone else has just ordered the book', async () => {
    let status: BookDetailDto['status'] = 'available';
    serve({
      book: () => ({ body: bookDetail({ ...BN_BOOK, status }) }),
      extra: {
        '/api/orders': () => {
          status = 'pending';
          return errorReply(409, 'book_unavailable', 'This book is no longer available.');
        },
      },
    });
    await switchLanguage('bn');
    const user = userEvent.setup();
    renderApp(PATH);
    const form = await screen.findByRole('form', { name: 'আপনার যোগাযোগের তথ্য' });
    await user.click(within(form).getByRole('button', { name: 'অর্ডার করুন' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('অন্য একজন এইমাত্র বইটি অর্ডার করেছেন।');
    expect(within(alert).getByRole('link', { name: 'অন্য বই খুঁজুন' })).toHaveAttribute('href', '/shop');
    expect(within(alert).getByRole('link', { name: 'উইশলিস্ট' })).toHaveAttribute('href', '/dashboard/myWishList');
    expect(alert.textContent).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('says, in Bangla, that a book was sold', async () => {
    serve({ book: bookDetail({ ...BN_BOOK, status: 'sold' }) });
    await switchLanguage('bn');
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'বইটি আর পাওয়া যাচ্ছে না' })).toBeInTheDocument();
    expect(screen.getByText('বইটি বিক্রি হয়ে গেছে।')).toBeInTheDocument();
  });
});
