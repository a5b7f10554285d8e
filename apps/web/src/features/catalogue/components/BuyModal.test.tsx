import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookDetailDto } from '@bindings/BookDetailDto';
import type { MeDto } from '@bindings/MeDto';
import type { OrderDto } from '@bindings/OrderDto';
import type { PublicConfigDto } from '@bindings/PublicConfigDto';
import { signedInAs } from '@/test/auth';
import { callsTo, requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { ADMIN, BUYER, EMULATOR_CONFIG, SELLER, bookDetail, errorReply, order, pageOf, wishListItem } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { problemText } from '@/lib/i18n/problem';
import { switchLanguage } from '@/lib/i18n/translations';
import { buySchema } from './BuyModal';

const ID = 'b0000000-0000-4000-8000-000000000001';
const BOOK_PATH = `/api/books/${ID}`;
const ORDER_CONFIRMED_TOAST = 'Order Confirmed';
const BOOK_TAKEN_MESSAGE = 'Someone else has just ordered this book.';
const SELLER_BUY_QUESTION = 'Your account is a seller account. You can not purchase. Want to add a product?';
const ADMIN_BUY_NOTE = 'Admin accounts cannot buy books. Sign in with a buyer account to order one.';

/** A signed-in user on the book page; the book as `book` answers it (a function to change it over time). */
function openBookAs(user: MeDto, extra: Record<string, Reply> = {}, book: () => BookDetailDto = () => bookDetail()) {
  const fetchMock = stubFetch({
    ...signedInAs(user),
    [BOOK_PATH]: () => ({ body: book() }),
    '/api/me/wishlist': { body: { items: [] } },
    '/api/me/orders': { body: pageOf<OrderDto>([]) },
    ...extra,
  });
  const rendered = renderApp(`/books/${ID}`);
  return { fetchMock, ...rendered };
}

async function openBuyForm() {
  const user = userEvent.setup();
  const buy = await screen.findByRole('button', { name: 'Buy Now' });
  await waitFor(() => expect(buy).toBeEnabled());
  await user.click(buy);
  const dialog = await screen.findByRole('dialog', { name: 'Buy this book' });
  return { user, buy, dialog };
}

async function fillAndSend(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, phone = '01712-345678', location = 'Dhanmondi 27, Dhaka') {
  await user.type(within(dialog).getByLabelText('Phone'), phone);
  await user.type(within(dialog).getByLabelText('Location'), location);
  await user.click(within(dialog).getByRole('button', { name: /Place order/ }));
}

describe('the buy form', () => {
  it('comes filled in from the account and the book, read-only, and starts on the phone', async () => {
    openBookAs(BUYER);
    const { dialog } = await openBuyForm();
    const expected: [string, string][] = [
      ['Name', BUYER.name],
      ['Email', BUYER.email],
      ['Book', 'Gitanjali'],
      ['Price', '220 ৳'],
    ];
    for (const [label, value] of expected) {
      const input = within(dialog).getByLabelText(label);
      expect(input).toHaveValue(value);
      expect(input).toHaveAttribute('readonly');
    }
    for (const label of ['Phone', 'Location']) {
      expect(within(dialog).getByLabelText(label)).not.toHaveAttribute('readonly');
      expect(within(dialog).getByLabelText(label)).toHaveValue('');
    }
    expect(within(dialog).getByLabelText('Phone')).toHaveFocus();
  });

  it('says "Phone no is required" and "Location is required" and sends nothing', async () => {
    const { fetchMock } = openBookAs(BUYER);
    const { user, dialog } = await openBuyForm();
    await user.click(within(dialog).getByRole('button', { name: /Place order/ }));
    expect(await within(dialog).findByText('Phone no is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Location is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Phone')).toHaveAccessibleDescription(/Phone no is required/);
    expect(callsTo(fetchMock, '/api/orders')).toBe(0);
  });

  it('words every missing field as the spec does', () => {
    const result = buySchema.safeParse({ name: ' ', email: '', title: '', price: '', phone: '', location: '  ', paymentMethod: 'cash' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), problemText(issue.message)]));
    expect(messages).toEqual({
      name: 'Name is required',
      email: 'Email Address is required',
      title: 'book is required',
      price: 'Price is required',
      phone: 'Phone no is required',
      location: 'Location is required',
    });
  });

  it('says "Name is required", "Email Address is required" and "book is required" when the account or book lacks them', async () => {
    const nameless = { ...BUYER, name: '', email: '' };
    const { fetchMock } = openBookAs(nameless, {}, () => bookDetail({ title: '' }));
    const { user, dialog } = await openBuyForm();
    await user.click(within(dialog).getByRole('button', { name: /Place order/ }));
    for (const message of ['Name is required', 'Email Address is required', 'book is required', 'Phone no is required', 'Location is required']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(callsTo(fetchMock, '/api/orders')).toBe(0);
  });

  it('places the order in cash: "Order Confirmed", then the order\'s page with the handover code takes the focus', async () => {
    const placed = order({ status: 'pending', handoverCode: '042117' });
    let ordered = false;
    const { fetchMock, router } = openBookAs(
      BUYER,
      {
        '/api/orders': () => {
          ordered = true;
          return { status: 201, body: placed };
        },
        [`/api/orders/${placed.id}`]: { body: placed },
        '/api/me/orders': () => ({ body: pageOf(ordered ? [placed] : []) }),
      },
      () => bookDetail({ status: ordered ? 'pending' : 'available' }),
    );
    const { user, dialog } = await openBuyForm();
    // Cash unless the buyer chooses otherwise; without card payments on this server it is the only choice.
    expect(within(dialog).getByRole('radio', { name: 'Cash at the meet-up' })).toBeChecked();
    await fillAndSend(user, dialog);

    expect(await screen.findByText(ORDER_CONFIRMED_TOAST)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Buy this book' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/payment/${placed.id}`));
    expect(within(await screen.findByRole('region', { name: 'Your handover code' })).getByTestId('handover-code')).toHaveTextContent('042 117');
    expect(screen.getByRole('heading', { name: 'Reserved for you' })).toHaveFocus();
    expect(requestsTo(fetchMock, '/api/orders')).toMatchObject([
      {
        method: 'POST',
        authorization: `Bearer access-${BUYER.id}`,
        json: { bookId: ID, phone: '01712-345678', location: 'Dhanmondi 27, Dhaka', paymentMethod: 'cash' },
      },
    ]);
  });

  it('says a phone that is not a Bangladesh mobile is wrong before anything is sent', async () => {
    const { fetchMock } = openBookAs(BUYER);
    const { user, dialog } = await openBuyForm();
    await fillAndSend(user, dialog, '12345');
    expect(await within(dialog).findByText('Enter a Bangladesh mobile number, e.g. 01712-345678')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, '/api/orders')).toBe(0);
  });

  it("shows the server's field messages beside the phone and the location", async () => {
    openBookAs(BUYER, {
      '/api/orders': errorReply(422, 'validation_failed', 'phone: enter a Bangladesh mobile number', {
        phone: 'enter a Bangladesh mobile number, e.g. 01712-345678',
        location: 'Location is required',
      }),
    });
    const { user, dialog } = await openBuyForm();
    await fillAndSend(user, dialog, '01712345678', ' x');
    expect(await within(dialog).findByText('enter a Bangladesh mobile number, e.g. 01712-345678')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Location')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Buy this book' })).toBeInTheDocument();
  });

  it('tells the buyer someone else has just ordered the book, and the page then shows it reserved', async () => {
    let taken = false;
    const { fetchMock } = openBookAs(
      BUYER,
      {
        '/api/orders': () => {
          taken = true;
          return errorReply(409, 'book_unavailable', BOOK_TAKEN_MESSAGE);
        },
      },
      () => bookDetail({ status: taken ? 'pending' : 'available' }),
    );
    const { user, dialog } = await openBuyForm();
    await fillAndSend(user, dialog);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BOOK_TAKEN_MESSAGE);
    expect(within(dialog).queryByRole('button', { name: /Place order/ })).not.toBeInTheDocument();
    expect(screen.queryByText(ORDER_CONFIRMED_TOAST)).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, BOOK_PATH)).toBeGreaterThan(1));

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Buy this book' })).not.toBeInTheDocument();
    expect(await screen.findByText('This book is reserved for a buyer (payment pending)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the buyer holds too many unpaid orders, with a way to My Orders", async () => {
    const message = 'You already have 5 unpaid orders. Pay for one or cancel it before ordering another book.';
    openBookAs(BUYER, { '/api/orders': errorReply(409, 'too_many_pending_orders', message) });
    const { user, dialog } = await openBuyForm();
    await fillAndSend(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute('href', '/dashboard/myOrders');
  });

  it('closes with Cancel or Escape, giving focus back to Buy Now, without ordering', async () => {
    const { fetchMock } = openBookAs(BUYER);
    const { user, buy, dialog } = await openBuyForm();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(buy).toHaveFocus();

    await user.click(buy);
    expect(await screen.findByRole('dialog', { name: 'Buy this book' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(buy).toHaveFocus();
    expect(callsTo(fetchMock, '/api/orders')).toBe(0);
  });
});

describe('how the buyer pays', () => {
  /** A server that takes cards (through Stripe), from 60 ৳. */
  const CARD_CONFIG: PublicConfigDto = {
    ...EMULATOR_CONFIG,
    payments: { provider: 'stripe', publishableKey: 'pk_test_puronoboi_local', stripeJsUrl: null, cardMinimumTaka: 60 },
  };

  function choice(dialog: HTMLElement) {
    return within(dialog).getByRole('group', { name: 'How will you pay?' });
  }

  it('offers cash at the meet-up or a card held until the handover, and sends the card chosen; the order page follows', async () => {
    const placed = order({ status: 'pending', paymentMethod: 'card', handoverCode: '042117' });
    const { fetchMock, router } = openBookAs(BUYER, {
      '/api/config': { body: CARD_CONFIG },
      '/api/orders': { status: 201, body: placed },
      [`/api/orders/${placed.id}`]: { body: placed },
    });
    const { user, dialog } = await openBuyForm();
    const group = choice(dialog);
    const cash = within(group).getByRole('radio', { name: 'Cash at the meet-up' });
    const card = within(group).getByRole('radio', { name: 'Card, held until you have the book' });
    expect(cash).toBeChecked();
    expect(card).toHaveAccessibleDescription(/Nothing is taken until you have the book/);
    expect(within(group).queryByText(/paid in cash/)).not.toBeInTheDocument();
    await user.click(card);
    expect(card).toBeChecked();
    await fillAndSend(user, dialog);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/payment/${placed.id}`));
    expect(requestsTo(fetchMock, '/api/orders').map((request) => request.json)).toEqual([
      { bookId: ID, phone: '01712-345678', location: 'Dhanmondi 27, Dhaka', paymentMethod: 'card' },
    ]);
    expect(within(await screen.findByRole('region', { name: 'How you pay' })).getByTestId('payment-method')).toHaveTextContent(
      'Card, held until you have the book',
    );
  });

  it('offers only cash for a book under the card minimum, saying why, and sends cash', async () => {
    const { fetchMock } = openBookAs(BUYER, { '/api/config': { body: CARD_CONFIG }, '/api/orders': errorReply(409, 'book_unavailable', BOOK_TAKEN_MESSAGE) }, () =>
      bookDetail({ resalePrice: 50 }),
    );
    const { user, dialog } = await openBuyForm();
    const group = choice(dialog);
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['cash']);
    expect(group).toHaveAccessibleDescription('Cards are taken from 60 ৳, so this book is paid in cash.');
    await fillAndSend(user, dialog);
    await within(dialog).findByRole('alert');
    expect(requestsTo(fetchMock, '/api/orders').map((request) => (request.json as { paymentMethod: string }).paymentMethod)).toEqual(['cash']);
  });

  it('offers only cash where the server takes no cards, saying so', async () => {
    openBookAs(BUYER);
    const { dialog } = await openBuyForm();
    const group = choice(dialog);
    expect(within(group).queryByRole('radio', { name: 'Card, held until you have the book' })).not.toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Cash at the meet-up' })).toBeChecked();
    expect(group).toHaveAccessibleDescription('Card payments are not available right now, so this book is paid in cash.');
  });

  it('asks in Bangla, the card minimum in Bengali digits', async () => {
    await switchLanguage('bn');
    openBookAs(BUYER, { '/api/config': { body: CARD_CONFIG } }, () => bookDetail({ resalePrice: 1200 }));
    const user = userEvent.setup();
    const buy = await screen.findByRole('button', { name: 'এখনই কিনুন' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'বইটি কিনুন' });
    const group = within(dialog).getByRole('group', { name: 'কীভাবে পেমেন্ট করবেন?' });
    expect(within(group).getByRole('radio', { name: 'দেখা করার সময় নগদে' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'কার্ডে, বই হাতে পাওয়া পর্যন্ত টাকা আটকে থাকবে' })).not.toBeChecked();
    expect(group.textContent).not.toMatch(/[A-Za-z0-9]/);
  });
});

describe('Buy Now for accounts that cannot buy', () => {
  it('asks a seller whether to add a product instead, and goes to Add A Product when they agree', async () => {
    const { fetchMock, router } = openBookAs(SELLER, { '/api/categories': { body: [] } });
    const user = userEvent.setup();
    const buy = await screen.findByRole('button', { name: 'Buy Now' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    const dialog = screen.getByRole('alertdialog', { name: SELLER_BUY_QUESTION });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/books/${ID}`);

    await user.click(buy);
    await user.click(within(screen.getByRole('alertdialog', { name: SELLER_BUY_QUESTION })).getByRole('button', { name: 'Add a product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/addAProduct'));
    expect(callsTo(fetchMock, '/api/orders')).toBe(0);
  });

  it('tells an admin that admins cannot buy', async () => {
    const { fetchMock } = openBookAs(ADMIN);
    const user = userEvent.setup();
    const buy = await screen.findByRole('button', { name: 'Buy Now' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    expect(await screen.findByText(ADMIN_BUY_NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/orders')).toBe(0);
    expect(callsTo(fetchMock, '/api/me/wishlist')).toBe(0);
  });
});

describe('a book this buyer ordered earlier', () => {
  it('says so, with View Orders instead of the reserved notice', async () => {
    openBookAs(BUYER, { '/api/me/orders': { body: pageOf([order({ bookId: ID })]) } }, () => bookDetail({ status: 'pending' }));
    expect(await screen.findByText(/You have ordered this book/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/dashboard/myOrders');
    expect(screen.queryByText('This book is reserved for a buyer (payment pending)')).not.toBeInTheDocument();
  });

  it('says a book paid by card is held until the handover', async () => {
    openBookAs(BUYER, { '/api/me/orders': { body: pageOf([order({ bookId: ID, status: 'held', paymentMethod: 'card' })]) } }, () =>
      bookDetail({ status: 'pending' }),
    );
    expect(await screen.findByText('You have paid for this book by card: the price is held until the handover.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/dashboard/myOrders');
  });

  it('is still reserved for someone else when the order was cancelled', async () => {
    openBookAs(
      BUYER,
      { '/api/me/orders': { body: pageOf([order({ bookId: ID, status: 'cancelled', cancelReason: 'by_buyer' })]) } },
      () => bookDetail({ status: 'pending' }),
    );
    expect(await screen.findByText('This book is reserved for a buyer (payment pending)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View Orders' })).not.toBeInTheDocument();
  });
});

describe('the wish-list heart', () => {
  it('is pressed, filled and labelled "On your wish list" when the book is on the list', async () => {
    openBookAs(BUYER, { '/api/me/wishlist': { body: { items: [wishListItem({ bookId: ID })] } } });
    const heart = await screen.findByRole('button', { name: 'On your wish list' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  it('adds the book for a buyer: "Items added to wish list", and it shows as on the list', async () => {
    let items: ReturnType<typeof wishListItem>[] = [];
    const { fetchMock } = openBookAs(BUYER, {
      '/api/me/wishlist': () => ({ body: { items } }),
      '/api/wishlist': () => {
        items = [wishListItem({ bookId: ID })];
        return { status: 201, body: items[0] };
      },
    });
    const user = userEvent.setup();
    const heart = await screen.findByRole('button', { name: 'Add to wish list' });
    await waitFor(() => expect(heart).toBeEnabled());
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(await screen.findByText('Items added to wish list')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'On your wish list' })).toHaveAttribute('aria-pressed', 'true');
    expect(requestsTo(fetchMock, '/api/wishlist')).toMatchObject([
      { method: 'POST', authorization: `Bearer access-${BUYER.id}`, json: { bookId: ID } },
    ]);
  });

  it("shows the server's message when the wish list is full", async () => {
    const message = 'Your wish list is full (100 books). Remove one to add another.';
    openBookAs(BUYER, { '/api/wishlist': errorReply(409, 'wish_list_full', message) });
    const user = userEvent.setup();
    const heart = await screen.findByRole('button', { name: 'Add to wish list' });
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to wish list' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('explains to a seller that only buyers keep a wish list, without asking the server', async () => {
    const { fetchMock } = openBookAs(SELLER);
    const user = userEvent.setup();
    const heart = await screen.findByRole('button', { name: 'Add to wish list' });
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    expect(await screen.findByText(/Seller accounts cannot keep a wish list/)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/wishlist')).toBe(0);
    expect(callsTo(fetchMock, '/api/me/wishlist')).toBe(0);
  });
});

describe('the buy form in Bangla', () => {
  async function openBanglaBuyForm() {
    const user = userEvent.setup();
    const buy = await screen.findByRole('button', { name: 'এখনই কিনুন' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'বইটি কিনুন' });
    return { user, dialog };
  }

  /** Fills in the contact fields (the shared ContactFields': found by their order, whatever their words) and sends. */
  async function sendInBangla(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    const [phone, location] = within(dialog).getAllByRole('textbox').filter((box) => !box.hasAttribute('readonly'));
    if (!phone || !location) throw new Error('the form has its phone and location fields');
    await user.type(phone, '01712-345678');
    await user.type(location, 'ধানমন্ডি ২৭, ঢাকা');
    await user.click(within(dialog).getByRole('button', { name: 'অর্ডার করুন · ২২০ ৳' }));
  }

  it('labels its fields in Bangla and writes the price in Bengali digits', async () => {
    await switchLanguage('bn');
    openBookAs(BUYER);
    const { dialog } = await openBanglaBuyForm();
    expect(within(dialog).getByLabelText('নাম')).toHaveValue(BUYER.name);
    expect(within(dialog).getByLabelText('ই-মেইল')).toHaveValue(BUYER.email);
    expect(within(dialog).getByLabelText('বই')).toHaveValue('Gitanjali');
    expect(within(dialog).getByLabelText('দাম')).toHaveValue('২২০ ৳');
    expect(within(dialog).getByText(/বিক্রেতা আপনাকে ফোন করবেন/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'অর্ডার করুন · ২২০ ৳' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'বাতিল' })).toBeInTheDocument();
  });

  it('follows a switch of language while it is open', async () => {
    openBookAs(BUYER);
    const { dialog } = await openBuyForm();
    await act(() => switchLanguage('bn'));
    expect(within(dialog).getByLabelText('দাম')).toHaveValue('২২০ ৳');
    expect(within(dialog).getByRole('button', { name: 'অর্ডার করুন · ২২০ ৳' })).toBeInTheDocument();
  });

  it('words its own rules in Bangla', async () => {
    await switchLanguage('bn');
    const result = buySchema.safeParse({ name: '', email: '', title: '', price: '', phone: '01712-345678', location: 'ঢাকা', paymentMethod: 'cash' });
    expect((result.error?.issues ?? []).map((issue) => problemText(issue.message))).toEqual([
      'নাম দিতে হবে',
      'ই-মেইল ঠিকানা দিতে হবে',
      'বইয়ের নাম দিতে হবে',
      'দাম দিতে হবে',
    ]);
  });

  it('places the order: a Bangla toast, and the order\'s page in Bangla', async () => {
    await switchLanguage('bn');
    const placed = order({ status: 'pending' });
    let ordered = false;
    openBookAs(
      BUYER,
      {
        '/api/orders': () => {
          ordered = true;
          return { status: 201, body: placed };
        },
        [`/api/orders/${placed.id}`]: { body: placed },
        '/api/me/orders': () => ({ body: pageOf(ordered ? [placed] : []) }),
      },
      () => bookDetail({ status: ordered ? 'pending' : 'available' }),
    );
    const { user, dialog } = await openBanglaBuyForm();
    await sendInBangla(user, dialog);
    expect(await screen.findByText('অর্ডার নিশ্চিত হয়েছে')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'আপনার জন্য রাখা আছে' })).toHaveFocus();
  });

  it("says in Bangla that someone else ordered the book first, whatever the server's English words", async () => {
    await switchLanguage('bn');
    openBookAs(BUYER, { '/api/orders': errorReply(409, 'book_unavailable', BOOK_TAKEN_MESSAGE) });
    const { user, dialog } = await openBanglaBuyForm();
    await sendInBangla(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('এইমাত্র অন্য একজন বইটি অর্ডার করেছেন।');
    expect(within(dialog).getByRole('button', { name: 'বন্ধ করুন' })).toBeInTheDocument();
  });

  it('says in Bangla that too many orders are unpaid, with a way to My Orders', async () => {
    await switchLanguage('bn');
    openBookAs(BUYER, {
      '/api/orders': errorReply(409, 'too_many_pending_orders', 'You already have 5 unpaid orders. Pay for or cancel one of them in My Orders before ordering another book.'),
    });
    const { user, dialog } = await openBanglaBuyForm();
    await sendInBangla(user, dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(/অর্ডারের পেমেন্ট এখনো বাকি/);
    expect(alert.textContent).not.toMatch(/[A-Za-z0-9]/);
    expect(within(dialog).getByRole('link', { name: '"আমার অর্ডার"-এ যান' })).toHaveAttribute('href', '/dashboard/myOrders');
  });

  it('asks a seller in Bangla whether to add a book instead', async () => {
    await switchLanguage('bn');
    openBookAs(SELLER, { '/api/categories': { body: [] } });
    const user = userEvent.setup();
    const buy = await screen.findByRole('button', { name: 'এখনই কিনুন' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    const dialog = screen.getByRole('alertdialog', {
      name: 'আপনার অ্যাকাউন্টটি বিক্রেতার অ্যাকাউন্ট, তাই কিনতে পারবেন না। বিক্রির জন্য একটি বই যোগ করতে চান?',
    });
    expect(within(dialog).getByRole('button', { name: 'বই যোগ করুন' })).toBeInTheDocument();
    expect(within(dialog).getByText(/শুধু ক্রেতার অ্যাকাউন্ট থেকেই বই অর্ডার করা যায়/)).toBeInTheDocument();
  });

  it('tells an admin in Bangla that admins cannot buy', async () => {
    await switchLanguage('bn');
    openBookAs(ADMIN);
    const user = userEvent.setup();
    const buy = await screen.findByRole('button', { name: 'এখনই কিনুন' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    expect(await screen.findByText('অ্যাডমিন অ্যাকাউন্ট থেকে বই কেনা যায় না। অর্ডার করতে ক্রেতার অ্যাকাউন্টে লগইন করুন।')).toBeInTheDocument();
  });

  it('adds to the wish list with a Bangla toast, the heart then labelled in Bangla', async () => {
    await switchLanguage('bn');
    let items: ReturnType<typeof wishListItem>[] = [];
    openBookAs(BUYER, {
      '/api/me/wishlist': () => ({ body: { items } }),
      '/api/wishlist': () => {
        items = [wishListItem({ bookId: ID })];
        return { status: 201, body: items[0] };
      },
    });
    const user = userEvent.setup();
    const heart = await screen.findByRole('button', { name: 'উইশলিস্টে যোগ করুন' });
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    expect(await screen.findByText('উইশলিস্টে যোগ হয়েছে')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'আপনার উইশলিস্টে আছে' })).toHaveAttribute('aria-pressed', 'true');
  });
});
