import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { useAuthStore } from '@/lib/auth-store';
import { switchLanguage } from '@/lib/i18n/translations';
import { signedInAs } from '@/test/auth';
import { callsTo, requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { SELLER, buyerContact, errorReply, pageOf, sellerBook } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const SAVED_TOAST = 'Changes saved';
const ADVERTISED_TOAST = 'Items have been advertised';
const STOPPED_TOAST = 'Advertising stopped';
const DELETED_TOAST = 'Item deleted successfully';
const DELETE_QUESTION = 'Are you sure you want to delete?';
const EMPTY_TEXT = 'You have to products to display.';

const PATH = '/dashboard/myProducts';

const AVAILABLE = sellerBook({ id: 'book-available', title: 'Gitanjali', resalePrice: 220 });
const ADVERTISED = sellerBook({ id: 'book-advertised', title: 'Sonar Kella', resalePrice: 1500, advertised: true });
const PENDING = sellerBook({ id: 'book-pending', title: 'Debdas', status: 'pending' });
const SOLD = sellerBook({ id: 'book-sold', title: 'Aranyak', status: 'sold' });
/** A book a buyer ordered: its buyer to meet, and the handover to confirm. */
const ORDERED = sellerBook({
  id: 'book-ordered',
  title: 'Debdas',
  status: 'pending',
  buyer: buyerContact({ orderId: 'order-debdas', name: 'Farhana Akter', phone: '01712-345678', location: 'Dhanmondi 27, Dhaka', orderStatus: 'pending' }),
});

/** A seller whose listings the stub keeps, answering the listing calls as the server would. */
function sellerWith(books: SellerBookDto[], extra: Record<string, Reply> = {}) {
  let listings = [...books];
  const update = (id: string, change: Partial<SellerBookDto>) => {
    listings = listings.map((book) => (book.id === id ? { ...book, ...change } : book));
    return listings.find((book) => book.id === id);
  };
  const routes: Record<string, Reply> = {
    ...signedInAs(SELLER),
    '/api/me/books': () => ({ body: pageOf(listings) }),
  };
  for (const book of books) {
    routes[`/api/books/${book.id}/advertise`] = (_url, init) => ({ body: update(book.id, { advertised: init.method === 'POST' }) });
    routes[`/api/books/${book.id}`] = (_url, init) => {
      if (init.method === 'DELETE') {
        listings = listings.filter((item) => item.id !== book.id);
        return { status: 204, body: null };
      }
      return { body: update(book.id, JSON.parse(String(init.body)) as Partial<SellerBookDto>) };
    };
  }
  return stubFetch({ ...routes, ...extra });
}

async function table() {
  return screen.findByRole('table', { name: 'Your books' });
}

async function row(title: string) {
  return within(await table()).findByRole('row', { name: new RegExp(title) });
}

describe('My Products', () => {
  it('lists each book with its picture, title, resale price in taka and status', async () => {
    sellerWith([AVAILABLE, ADVERTISED, PENDING, SOLD]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Products' })).toBeInTheDocument();
    const available = await row('Gitanjali');
    expect(within(available).getByRole('link', { name: 'Gitanjali' })).toHaveAttribute('href', '/books/book-available');
    expect(within(available).getByText('220 ৳')).toBeInTheDocument();
    expect(within(available).getByText('Available')).toBeInTheDocument();
    expect(available.querySelector('img')).toHaveAttribute('src', AVAILABLE.picture);
    expect(within(await row('Debdas')).getByText('Waiting for payment')).toBeInTheDocument();
    expect(within(await row('Aranyak')).getByText('Sold')).toBeInTheDocument();
    expect(screen.getByText('4 books listed.')).toBeInTheDocument();
    // The same listings as cards, for phones.
    expect(within(screen.getByRole('list', { name: 'Your books' })).getAllByRole('listitem')).toHaveLength(4);
  });

  it("shows who ordered or bought a book: the buyer's name, a phone to call and where to meet", async () => {
    const ordered = ORDERED;
    const bought = sellerBook({
      id: 'book-bought',
      title: 'Aranyak',
      status: 'sold',
      buyer: buyerContact({ orderId: 'order-aranyak', name: 'Karim Hossain', phone: '01819-765432', location: 'Mirpur 10, Dhaka', orderStatus: 'paid', paymentMethod: 'card', handoverDeadline: null }),
    });
    sellerWith([AVAILABLE, ordered, bought]);
    renderApp(PATH);
    const pending = await row('Debdas');
    expect(within(pending).getByText('Waiting for payment')).toBeInTheDocument();
    expect(within(pending).getByText('Ordered by')).toBeInTheDocument();
    expect(within(pending).getByText('Farhana Akter')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: '01712-345678' })).toHaveAttribute('href', 'tel:01712345678');
    expect(within(pending).getByText('Dhanmondi 27, Dhaka')).toBeInTheDocument();

    const sold = await row('Aranyak');
    expect(within(sold).getByText('Sold')).toBeInTheDocument();
    expect(within(sold).getByText('Bought by')).toBeInTheDocument();
    expect(within(sold).getByText('Karim Hossain')).toBeInTheDocument();
    expect(within(sold).getByRole('link', { name: '01819-765432' })).toHaveAttribute('href', 'tel:01819765432');

    expect(within(await row('Gitanjali')).queryByTestId('buyer-contact')).not.toBeInTheDocument();
    // The cards for phones carry the same contact.
    const cards = screen.getByRole('list', { name: 'Your books' });
    expect(within(cards).getAllByTestId('buyer-contact')).toHaveLength(2);
  });

  it('confirms a handover with the code the buyer reads out: a wrong code says so, the right one sells the book', async () => {
    const ordered = ORDERED;
    let sold = false;
    const fetchMock = sellerWith([ordered], {
      '/api/orders/order-debdas/handover': (_url, init) => {
        const { code } = JSON.parse(String(init.body)) as { code: string };
        if (code !== '042 117') {
          return errorReply(422, 'wrong_handover_code', "That is not this order's handover code. 4 more tries before it locks for 15 minutes.");
        }
        sold = true;
        return { body: { id: 'order-debdas', bookId: 'book-ordered', title: 'Debdas', price: 220, status: 'completed', paymentMethod: 'cash', completedAt: '2026-11-28T10:00:00Z' } };
      },
      '/api/me/books': () => ({
        body: pageOf([sold ? { ...ordered, status: 'sold', buyer: { ...ordered.buyer!, orderStatus: 'completed' } } : ordered]),
      }),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const form = within(await row('Debdas')).getByRole('form', { name: 'Confirm the handover of Debdas' });
    const field = within(form).getByLabelText("Buyer's handover code");
    await user.type(field, '111 111');
    await user.click(within(form).getByRole('button', { name: 'Confirm handover' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('4 more tries before it locks');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, '042 117');
    await user.click(within(form).getByRole('button', { name: 'Confirm handover' }));
    expect(await screen.findByText('Debdas is handed over and sold.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/orders/order-debdas/handover').map((r) => r.json)).toEqual([{ code: '111 111' }, { code: '042 117' }]);
    await waitFor(async () => expect(within(await row('Debdas')).queryByRole('form')).not.toBeInTheDocument());
    expect(within(await row('Debdas')).getByText('Sold')).toBeInTheDocument();
  });

  it('says how each buyer pays and until when: cash, a card not paid yet, a card holding the price', async () => {
    const card = sellerBook({
      id: 'book-card',
      title: 'Sonar Kella',
      status: 'pending',
      buyer: buyerContact({ orderId: 'order-card', name: 'Karim Hossain', paymentMethod: 'card' }),
    });
    const held = sellerBook({
      id: 'book-held',
      title: 'Chokher Bali',
      status: 'pending',
      buyer: buyerContact({ orderId: 'order-held', name: 'Nusrat Jahan', orderStatus: 'held', paymentMethod: 'card', handoverDeadline: '2026-11-27T11:00:00+00:00' }),
    });
    sellerWith([ORDERED, card, held]);
    renderApp(PATH);
    const cash = await row('Debdas');
    expect(within(cash).getByTestId('buyer-payment')).toHaveTextContent('Cash at the meet-up');
    // 10:15 UTC is 4:15 pm in Dhaka, where the tests read the time.
    expect(within(cash).getByTestId('buyer-deadline')).toHaveTextContent('Reserved until Tuesday 24 November, 4:15 pm');
    expect(within(await row('Sonar Kella')).getByTestId('buyer-payment')).toHaveTextContent('Card, not paid yet');

    const paidHeld = await row('Chokher Bali');
    expect(within(paidHeld).getByText('Paid, awaiting handover')).toBeInTheDocument();
    expect(within(paidHeld).getByTestId('buyer-payment')).toHaveTextContent('Card, price held: take no cash');
    expect(within(paidHeld).getByTestId('buyer-deadline')).toHaveTextContent('Hand over by Friday 27 November, 5:00 pm, or the hold is released');
    // The handover is confirmed the same way: the code takes the held price.
    const form = within(paidHeld).getByRole('form', { name: 'Confirm the handover of Chokher Bali' });
    expect(form).toHaveTextContent('the price held on their card is then taken. Take no cash.');
  });

  it("confirms the handover of an order a card holds; when the card no longer holds the price it says to take cash", async () => {
    const held = sellerBook({
      id: 'book-held',
      title: 'Chokher Bali',
      status: 'pending',
      buyer: buyerContact({ orderId: 'order-held', orderStatus: 'held', paymentMethod: 'card' }),
    });
    const message =
      "The buyer's card no longer holds the price, so nothing could be taken. Take the price in cash, or the buyer may cancel and order again.";
    const fetchMock = sellerWith([held], { '/api/orders/order-held/handover': errorReply(409, 'card_hold_ended', message) });
    const user = userEvent.setup();
    renderApp(PATH);
    const form = within(await row('Chokher Bali')).getByRole('form', { name: 'Confirm the handover of Chokher Bali' });
    await user.type(within(form).getByLabelText("Buyer's handover code"), '042 117');
    await user.click(within(form).getByRole('button', { name: 'Confirm handover' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(requestsTo(fetchMock, '/api/orders/order-held/handover').map((r) => r.json)).toEqual([{ code: '042 117' }]);
    // The list is asked again: the order may have changed with the hold.
    await waitFor(() => expect(callsTo(fetchMock, '/api/me/books')).toBeGreaterThan(1));
  });

  it('says an order no longer awaiting its handover cannot be handed over, and refreshes the list', async () => {
    const fetchMock = sellerWith([ORDERED], {
      '/api/orders/order-debdas/handover': errorReply(409, 'order_closed', 'This order is cancelled; only an order awaiting its handover is handed over with the buyer\'s code.'),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const form = within(await row('Debdas')).getByRole('form', { name: 'Confirm the handover of Debdas' });
    await user.type(within(form).getByLabelText("Buyer's handover code"), '042 117');
    await user.click(within(form).getByRole('button', { name: 'Confirm handover' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This order is cancelled; only an order awaiting its handover');
    await waitFor(() => expect(callsTo(fetchMock, '/api/me/books')).toBeGreaterThan(1));
  });

  it('offers no handover for a book sold by card', async () => {
    const bought = sellerBook({
      id: 'book-bought',
      title: 'Aranyak',
      status: 'sold',
      buyer: buyerContact({ orderId: 'order-aranyak', name: 'Karim Hossain', phone: '01819-765432', location: 'Mirpur 10, Dhaka', orderStatus: 'paid', paymentMethod: 'card', handoverDeadline: null }),
    });
    sellerWith([bought]);
    renderApp(PATH);
    expect(within(await row('Aranyak')).queryByRole('form')).not.toBeInTheDocument();
  });

  it('offers Advertise, Edit and Delete only while a book is available, and shows an advertised one differently', async () => {
    sellerWith([AVAILABLE, ADVERTISED, PENDING, SOLD]);
    renderApp(PATH);
    const available = await row('Gitanjali');
    for (const name of ['Advertise Gitanjali', 'Edit Gitanjali', 'Delete Gitanjali']) {
      expect(within(available).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(available).queryByText('Advertised')).not.toBeInTheDocument();

    const advertised = await row('Sonar Kella');
    expect(within(advertised).getByText('Advertised')).toBeInTheDocument();
    expect(within(advertised).queryByRole('button', { name: /^Advertise/ })).not.toBeInTheDocument();
    expect(within(advertised).getByRole('button', { name: 'Stop advertising Sonar Kella' })).toBeInTheDocument();

    for (const title of ['Debdas', 'Aranyak']) {
      expect(within(await row(title)).queryByRole('button')).not.toBeInTheDocument();
    }
  });

  it('advertises a book: "Items have been advertised", the row shows it, and the storefront lists are asked again', async () => {
    const fetchMock = sellerWith([AVAILABLE]);
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row('Gitanjali')).getByRole('button', { name: 'Advertise Gitanjali' }));
    expect(await screen.findByText(ADVERTISED_TOAST)).toBeInTheDocument();
    const updated = await row('Gitanjali');
    expect(within(updated).getByText('Advertised')).toBeInTheDocument();
    expect(within(updated).getByRole('button', { name: 'Stop advertising Gitanjali' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/books/book-available/advertise')).toMatchObject([
      { method: 'POST', authorization: `Bearer access-${SELLER.id}` },
    ]);
    // The navbar's Advertise Items link follows the advertised list.
    await waitFor(() => expect(callsTo(fetchMock, '/api/advertised')).toBeGreaterThan(1));

    await user.click(within(updated).getByRole('button', { name: 'Stop advertising Gitanjali' }));
    expect(await screen.findByText(STOPPED_TOAST)).toBeInTheDocument();
    expect(within(await row('Gitanjali')).getByRole('button', { name: 'Advertise Gitanjali' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/books/book-available/advertise').map((r) => r.method)).toEqual(['POST', 'DELETE']);
  });

  it("shows the server's reason when a book cannot be advertised any more", async () => {
    const message = 'This book is no longer available.';
    sellerWith([AVAILABLE], { '/api/books/book-available/advertise': errorReply(409, 'book_unavailable', message) });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row('Gitanjali')).getByRole('button', { name: 'Advertise Gitanjali' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('asks "Are you sure you want to delete?" first: Cancel deletes nothing', async () => {
    const fetchMock = sellerWith([AVAILABLE]);
    const user = userEvent.setup();
    renderApp(PATH);
    const deleteButton = within(await row('Gitanjali')).getByRole('button', { name: 'Delete Gitanjali' });
    await user.click(deleteButton);
    const dialog = screen.getByRole('alertdialog', { name: DELETE_QUESTION });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();

    await user.click(deleteButton);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/books/book-available').filter((r) => r.method === 'DELETE')).toHaveLength(0);
    expect(await row('Gitanjali')).toBeInTheDocument();
  });

  it('OK deletes the book: "Item deleted successfully" and it leaves the list', async () => {
    const fetchMock = sellerWith([AVAILABLE, ADVERTISED]);
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row('Gitanjali')).getByRole('button', { name: 'Delete Gitanjali' }));
    await user.click(within(screen.getByRole('alertdialog', { name: DELETE_QUESTION })).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(DELETED_TOAST)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).queryByRole('row', { name: /Gitanjali/ })).not.toBeInTheDocument());
    expect(await row('Sonar Kella')).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/books/book-available')).toMatchObject([{ method: 'DELETE' }]);
  });

  it('edits prices and contact details: only what changed is sent, then "Changes saved"', async () => {
    const fetchMock = sellerWith([AVAILABLE]);
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row('Gitanjali')).getByRole('button', { name: 'Edit Gitanjali' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit listing' });
    const resale = within(dialog).getByLabelText('Resale price (৳)');
    expect(resale).toHaveValue('220');
    expect(within(dialog).getByLabelText('Phone')).toHaveValue(AVAILABLE.phone);
    await user.clear(resale);
    await user.type(resale, '180');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(SAVED_TOAST)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit listing' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/books/book-available')).toMatchObject([{ method: 'PATCH', json: { resalePrice: 180 } }]);
    expect(within(await row('Gitanjali')).getByText('180 ৳')).toBeInTheDocument();
  });

  it("edits the copy's condition, language and ISBN; an emptied language or ISBN is sent empty to take it away", async () => {
    const fetchMock = sellerWith([AVAILABLE]);
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row('Gitanjali')).getByRole('button', { name: 'Edit Gitanjali' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit listing' });
    const condition = within(dialog).getByRole('group', { name: 'Condition' });
    expect(within(condition).getByRole('radio', { name: 'Very Good' })).toBeChecked();
    expect(within(condition).getByRole('radio', { name: 'Like New' })).toHaveAccessibleDescription('As if unread: no marks, tight spine, clean pages.');
    expect(within(dialog).getByLabelText('Language of the book')).toHaveValue('en');
    const isbn = within(dialog).getByLabelText('ISBN (optional)');
    expect(isbn).toHaveValue('978-033390298-1');

    // The same ISBN typed another way is no change.
    await user.clear(isbn);
    await user.type(isbn, '0-333-90298-X');
    await user.click(within(condition).getByRole('radio', { name: 'Acceptable' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(SAVED_TOAST)).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/books/book-available').at(-1)?.json).toEqual({ condition: 'acceptable' });

    await user.click(within(await row('Gitanjali')).getByRole('button', { name: 'Edit Gitanjali' }));
    const again = screen.getByRole('dialog', { name: 'Edit listing' });
    await user.selectOptions(within(again).getByLabelText('Language of the book'), 'Not saying');
    await user.clear(within(again).getByLabelText('ISBN (optional)'));
    await user.click(within(again).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/books/book-available').at(-1)?.json).toEqual({ language: '', isbn: '' }));
  });

  it('refuses a mistyped ISBN in the edit form before sending', async () => {
    const fetchMock = sellerWith([AVAILABLE]);
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row('Gitanjali')).getByRole('button', { name: 'Edit Gitanjali' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit listing' });
    const isbn = within(dialog).getByLabelText('ISBN (optional)');
    await user.clear(isbn);
    await user.type(isbn, '978-0-333-90298-2');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(isbn).toHaveAccessibleDescription(expect.stringContaining("This ISBN's last digit does not match")));
    expect(requestsTo(fetchMock, '/api/books/book-available')).toHaveLength(0);
  });

  it("keeps the edit open with the server's field messages beside the fields", async () => {
    sellerWith([AVAILABLE], {
      '/api/books/book-available': errorReply(422, 'validation_failed', 'location: at most 200 characters are allowed', {
        location: 'at most 200 characters are allowed, got 201',
      }),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row('Gitanjali')).getByRole('button', { name: 'Edit Gitanjali' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit listing' });
    const location = within(dialog).getByLabelText('Location');
    await user.clear(location);
    await user.type(location, 'Farmgate, Dhaka');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(location).toHaveAccessibleDescription('at most 200 characters are allowed, got 201'));
    expect(location).toHaveValue('Farmgate, Dhaka');
    expect(screen.queryByText(SAVED_TOAST)).not.toBeInTheDocument();
  });

  it('says "You have to products to display." with an Add Some link when there are none', async () => {
    sellerWith([]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: EMPTY_TEXT })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Some' })).toHaveAttribute('href', '/dashboard/addAProduct');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages through more than twenty books', async () => {
    const books = Array.from({ length: 25 }, (_, i) => sellerBook({ id: `book-${i}`, title: `Book number ${i}` }));
    const fetchMock = stubFetch({
      ...signedInAs(SELLER),
      '/api/me/books': (url) => {
        const page = Number(url.searchParams.get('page'));
        return { body: pageOf(books.slice((page - 1) * 20, page * 20), { page, total: 25 }) };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp(PATH);
    await row('Book number 0');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(within(pagination).getByRole('button', { name: 'Next' }));
    expect(await row('Book number 24')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/api/me/books');
    expect(asked.at(-1)?.searchParams.get('perPage')).toBe('20');
  });

  it("shows the server's explanation when the account is not a seller's", async () => {
    const message = 'Only a seller account can list and manage books; yours is a buyer account.';
    stubFetch({ ...signedInAs(SELLER), '/api/me/books': errorReply(403, 'wrong_role', message) });
    renderApp(PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(useAuthStore.getState().status).toBe('signedIn');
  });

  it('signs out and goes to /login when the account was deleted', async () => {
    stubFetch({ ...signedInAs(SELLER), '/api/me/books': errorReply(403, 'account_deleted', 'Forbidden Access') });
    const { router } = renderApp(PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAuthStore.getState().status).toBe('signedOut');
  });
});

describe('My Products in Bangla', () => {
  // Books as a Bangladeshi seller lists them: nothing on the page is then in Latin letters unless the app put it there.
  const KOBITA = { id: '11111111-1111-4111-8111-111111111111', name: 'কবিতা' };
  const GITANJALI = sellerBook({ id: 'book-available', title: 'গীতাঞ্জলি', author: 'রবীন্দ্রনাথ ঠাকুর', category: KOBITA, resalePrice: 1250, originalPrice: 2400 });
  const SONAR_KELLA = sellerBook({ id: 'book-advertised', title: 'সোনার কেল্লা', author: 'সত্যজিৎ রায়', category: KOBITA, resalePrice: 150, advertised: true });
  const DEBDAS = sellerBook({
    id: 'book-pending',
    title: 'দেবদাস',
    author: 'শরৎচন্দ্র চট্টোপাধ্যায়',
    category: KOBITA,
    status: 'pending',
    buyer: buyerContact({ orderId: 'order-debdas-bn', name: 'ফারহানা আক্তার', phone: '০১৭১২-৩৪৫৬৭৮', location: 'ধানমন্ডি ২৭, ঢাকা', orderStatus: 'pending' }),
  });
  const ARANYAK = sellerBook({ id: 'book-sold', title: 'আরণ্যক', author: 'বিভূতিভূষণ বন্দ্যোপাধ্যায়', category: KOBITA, status: 'sold' });

  it('says in Bangla why a handover code was refused', async () => {
    await switchLanguage('bn');
    sellerWith([DEBDAS], {
      '/api/orders/order-debdas-bn/handover': errorReply(
        422,
        'validation_failed',
        'code: a handover code is the 6 digits on the buyer\'s order page',
        { code: "a handover code is the 6 digits on the buyer's order page" },
        { code: { code: 'invalid_handover_code' } },
      ),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'আপনার বই' });
    const form = within(within(table).getByRole('row', { name: /দেবদাস/ })).getByRole('form', { name: 'দেবদাস বইটির হস্তান্তর নিশ্চিত করুন' });
    await user.type(within(form).getByLabelText('ক্রেতার হস্তান্তর কোড'), '১২৩');
    await user.click(within(form).getByRole('button', { name: 'হস্তান্তর নিশ্চিত করুন' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('হস্তান্তর কোড হলো ক্রেতার অর্ডার পাতায় থাকা ৬টি অঙ্ক');
  });

  it('says in Bangla how many tries are left after a wrong handover code', async () => {
    await switchLanguage('bn');
    const wrong = errorReply(422, 'wrong_handover_code', "That is not this order's handover code. 3 more tries before it locks for 15 minutes.");
    sellerWith([DEBDAS], {
      '/api/orders/order-debdas-bn/handover': { status: 422, body: { error: { ...wrong.body.error, attemptsLeft: 3 } } },
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'আপনার বই' });
    const form = within(within(table).getByRole('row', { name: /দেবদাস/ })).getByRole('form', { name: 'দেবদাস বইটির হস্তান্তর নিশ্চিত করুন' });
    await user.type(within(form).getByLabelText('ক্রেতার হস্তান্তর কোড'), '১২৩ ৪৫৬');
    await user.click(within(form).getByRole('button', { name: 'হস্তান্তর নিশ্চিত করুন' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('আর ৩ বার চেষ্টা করা যাবে');
    expect(alert.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('says in Bangla that a card holds the price, not to take cash, until when, and why a handover failed', async () => {
    await switchLanguage('bn');
    const held = sellerBook({
      ...DEBDAS,
      buyer: buyerContact({ ...DEBDAS.buyer, orderStatus: 'held', paymentMethod: 'card', handoverDeadline: '2026-11-27T11:00:00+00:00' }),
    });
    sellerWith([held], {
      '/api/orders/order-debdas-bn/handover': errorReply(409, 'card_hold_ended', "The buyer's card no longer holds the price, so nothing could be taken."),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'আপনার বই' });
    const debdas = within(table).getByRole('row', { name: /দেবদাস/ });
    expect(within(debdas).getByText('পরিশোধিত, হস্তান্তরের অপেক্ষায়')).toBeInTheDocument();
    expect(within(debdas).getByTestId('buyer-payment')).toHaveTextContent('কার্ডে দাম আটকে আছে: নগদ নেবেন না');
    expect(within(debdas).getByTestId('buyer-deadline')).toHaveTextContent('২৭ নভেম্বর, শুক্রবার, বিকাল ৫:০০-এর মধ্যে হস্তান্তর করুন');
    const form = within(debdas).getByRole('form', { name: 'দেবদাস বইটির হস্তান্তর নিশ্চিত করুন' });
    await user.type(within(form).getByLabelText('ক্রেতার হস্তান্তর কোড'), '০৪২ ১১৭');
    await user.click(within(form).getByRole('button', { name: 'হস্তান্তর নিশ্চিত করুন' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('ক্রেতার কার্ডে দামটি আর আটকে নেই, তাই কোনো টাকা নেওয়া যায়নি। দাম নগদে নিন');
    expect(debdas.textContent).not.toMatch(/[A-Za-z0-9]{2,}/);
  });

  it('shows prices and the count in Bengali digits, statuses, buyers and actions in Bangla', async () => {
    await switchLanguage('bn');
    sellerWith([GITANJALI, SONAR_KELLA, DEBDAS, ARANYAK]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'আমার বই' })).toBeInTheDocument();
    expect(document.title).toMatch(/^আমার বই · /);
    expect(await screen.findByText('বিক্রির তালিকায় ৪টি বই।')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'আপনার বই' });
    const gitanjali = within(table).getByRole('row', { name: /গীতাঞ্জলি/ });
    expect(within(gitanjali).getByText('১,২৫০ ৳')).toBeInTheDocument();
    expect(within(gitanjali).getByText('২,৪০০ ৳')).toBeInTheDocument();
    expect(within(gitanjali).getByText('বিক্রির জন্য আছে')).toBeInTheDocument();
    for (const name of ['বিজ্ঞাপন দিন: গীতাঞ্জলি', 'সম্পাদনা করুন: গীতাঞ্জলি', 'মুছে ফেলুন: গীতাঞ্জলি']) {
      expect(within(gitanjali).getByRole('button', { name })).toBeInTheDocument();
    }
    const sonarKella = within(table).getByRole('row', { name: /সোনার কেল্লা/ });
    expect(within(sonarKella).getByText('বিজ্ঞাপনে আছে')).toBeInTheDocument();
    expect(within(sonarKella).getByText('১৫০ ৳')).toBeInTheDocument();
    const debdas = within(table).getByRole('row', { name: /দেবদাস/ });
    expect(within(debdas).getByText('পেমেন্টের অপেক্ষায়')).toBeInTheDocument();
    expect(within(debdas).getByText('অর্ডার করেছেন')).toBeInTheDocument();
    expect(within(debdas).getByText('অর্ডার হওয়ার পর আর বদলানো যায় না')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /আরণ্যক/ })).getByText('বিক্রি হয়ে গেছে')).toBeInTheDocument();
    expect(table.textContent).not.toMatch(/[A-Za-z]{3,}/);
    expect(screen.getByRole('list', { name: 'আপনার বই' }).textContent).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('asks before deleting and toasts in Bangla', async () => {
    await switchLanguage('bn');
    sellerWith([GITANJALI]);
    const user = userEvent.setup();
    renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'আপনার বই' });
    await user.click(within(table).getByRole('button', { name: 'মুছে ফেলুন: গীতাঞ্জলি' }));
    const dialog = screen.getByRole('alertdialog', { name: 'আপনি কি নিশ্চিতভাবে মুছে ফেলতে চান?' });
    expect(dialog).toHaveAccessibleDescription('“গীতাঞ্জলি” দোকান থেকে সরিয়ে নেওয়া হবে। এটি আর ফেরানো যাবে না।');
    await user.click(within(dialog).getByRole('button', { name: 'ঠিক আছে' }));
    expect(await screen.findByText('বইটি সফলভাবে মুছে ফেলা হয়েছে')).toBeInTheDocument();
  });

  it('edits in Bangla, prices in Bengali digits, and sends only what changed', async () => {
    await switchLanguage('bn');
    const fetchMock = sellerWith([GITANJALI]);
    const user = userEvent.setup();
    renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'আপনার বই' });
    await user.click(within(table).getByRole('button', { name: 'সম্পাদনা করুন: গীতাঞ্জলি' }));
    const dialog = screen.getByRole('dialog', { name: 'বইয়ের তথ্য সম্পাদনা' });
    const resale = within(dialog).getByLabelText('বিক্রির দাম (৳)');
    expect(resale).toHaveValue('১২৫০');
    await user.clear(resale);
    await user.type(resale, '১,০০০');
    await user.click(within(dialog).getByRole('button', { name: 'পরিবর্তন সংরক্ষণ করুন' }));
    expect(resale).toHaveAccessibleDescription(expect.stringContaining('১ থেকে ৫,০০,০০০ টাকার মধ্যে পুরো টাকার অঙ্ক লিখুন'));
    await user.clear(resale);
    await user.type(resale, '১০০০');
    await user.click(within(dialog).getByRole('button', { name: 'পরিবর্তন সংরক্ষণ করুন' }));
    expect(await screen.findByText('পরিবর্তন সংরক্ষণ করা হয়েছে')).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/books/book-available')).toMatchObject([{ method: 'PATCH', json: { resalePrice: 1000 } }]);
    expect(requestsTo(fetchMock, '/api/books/book-available')[0]?.json).toEqual({ resalePrice: 1000 });
    expect(within(within(table).getByRole('row', { name: /গীতাঞ্জলি/ })).getByText('১,০০০ ৳')).toBeInTheDocument();
  });

  it('says there is nothing to show in Bangla', async () => {
    await switchLanguage('bn');
    sellerWith([]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'দেখানোর মতো কোনো বই নেই।' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'কিছু বই যোগ করুন' })).toHaveAttribute('href', '/dashboard/addAProduct');
  });
});
