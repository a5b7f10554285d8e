import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { switchLanguage } from '@/lib/i18n/translations';
import { signedInAs } from '@/test/auth';
import { requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { SELLER, errorReply, pageOf, sellerBook } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const PATH = '/dashboard/myProducts';
const ID = 'book-photos';
const PHOTOS = ['/uploads/a.jpg', '/uploads/b.jpg', '/uploads/c.jpg'];

/** A seller with one listing whose photos the stub keeps, answering the photo calls as the server would. */
function sellerWithPhotos(pictures: string[], extra: Record<string, Reply> = {}) {
  let book: SellerBookDto = sellerBook({ id: ID, title: 'Gitanjali', pictures, picture: pictures[0] ?? '' });
  const answer = (next: string[]) => {
    book = { ...book, pictures: next, picture: next[0] ?? '' };
    return { body: book };
  };
  const routes: Record<string, Reply> = {
    ...signedInAs(SELLER),
    '/api/me/books': () => ({ body: pageOf([book]) }),
    [`/api/books/${ID}/pictures`]: () => ({ status: 201, ...answer([...book.pictures, `/uploads/new-${book.pictures.length}.jpg`]) }),
    [`/api/books/${ID}/pictures/order`]: (_url, init) => answer((JSON.parse(String(init.body)) as { order: string[] }).order),
  };
  for (const position of [0, 1, 2, 3, 4]) {
    routes[`/api/books/${ID}/pictures/${position}`] = () => answer(book.pictures.filter((_, at) => at !== position));
  }
  return stubFetch({ ...routes, ...extra });
}

async function openPhotos() {
  const user = userEvent.setup({ applyAccept: false });
  renderApp(PATH);
  const [open] = await screen.findAllByRole('button', { name: 'Photos of Gitanjali' });
  await user.click(open!);
  const dialog = await screen.findByRole('dialog', { name: 'Photos' });
  const list = within(dialog).getByRole('list', { name: 'Photos of Gitanjali' });
  const order = () => [...list.querySelectorAll('li')].map((item) => item.dataset.photo);
  return { user, dialog, list, order };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe("My Products' photo manager", () => {
  it('lists the photos in order with the cover marked', async () => {
    sellerWithPhotos(PHOTOS);
    const { list, order } = await openPhotos();
    expect(order()).toEqual(PHOTOS);
    const [cover, second] = within(list).getAllByRole('listitem');
    expect(within(cover!).getByText('Cover')).toBeInTheDocument();
    expect(within(second!).queryByText('Cover')).not.toBeInTheDocument();
  });

  it('moves a photo earlier with PUT order, the new cover first, and toasts', async () => {
    const fetchMock = sellerWithPhotos(PHOTOS);
    const { user, list, order } = await openPhotos();
    await user.click(within(list).getByRole('button', { name: 'Move photo 2 earlier' }));
    await waitFor(() => expect(order()).toEqual(['/uploads/b.jpg', '/uploads/a.jpg', '/uploads/c.jpg']));
    expect(requestsTo(fetchMock, `/api/books/${ID}/pictures/order`)).toEqual([
      expect.objectContaining({ method: 'PUT', json: { order: ['/uploads/b.jpg', '/uploads/a.jpg', '/uploads/c.jpg'] } }),
    ]);
    expect(await screen.findByText('Photo order saved')).toBeInTheDocument();
    // Focus follows the photo, now the cover: its "earlier" is gone, so its "later" button.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move photo 1 later'));
  });

  it('moves a photo later', async () => {
    const fetchMock = sellerWithPhotos(PHOTOS);
    const { user, list, order } = await openPhotos();
    await user.click(within(list).getByRole('button', { name: 'Move photo 1 later' }));
    await waitFor(() => expect(order()).toEqual(['/uploads/b.jpg', '/uploads/a.jpg', '/uploads/c.jpg']));
    expect(requestsTo(fetchMock, `/api/books/${ID}/pictures/order`)[0]?.json).toEqual({ order: ['/uploads/b.jpg', '/uploads/a.jpg', '/uploads/c.jpg'] });
  });

  it('removes a photo by its position with DELETE, and toasts', async () => {
    const fetchMock = sellerWithPhotos(PHOTOS);
    const { user, list, order } = await openPhotos();
    await user.click(within(list).getByRole('button', { name: 'Remove photo 1' }));
    await waitFor(() => expect(order()).toEqual(['/uploads/b.jpg', '/uploads/c.jpg']));
    expect(requestsTo(fetchMock, `/api/books/${ID}/pictures/0`)).toEqual([expect.objectContaining({ method: 'DELETE' })]);
    expect(await screen.findByText('Photo removed')).toBeInTheDocument();
  });

  it('adds a photo as one multipart `image` field, and toasts', async () => {
    const fetchMock = sellerWithPhotos(PHOTOS);
    const { user, dialog, order } = await openPhotos();
    await user.upload(within(dialog).getByLabelText('Add a photo'), new File(['png'], 'back.png', { type: 'image/png' }));
    await waitFor(() => expect(order()).toHaveLength(4));
    const [request] = requestsTo(fetchMock, `/api/books/${ID}/pictures`);
    expect(request?.method).toBe('POST');
    expect((request?.body as FormData).getAll('image').map((image) => (image as File).name)).toEqual(['back.png']);
    expect(await screen.findByText('Photo added')).toBeInTheDocument();
  });

  it('never offers to remove the only photo, and offers no more photos at five', async () => {
    sellerWithPhotos(['/uploads/only.jpg']);
    const single = await openPhotos();
    const remove = within(single.list).getByRole('button', { name: 'Remove photo 1' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('A listing keeps at least one photo: add another before removing this one.');
    expect(within(single.list).getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(within(single.list).getByRole('button', { name: 'Move photo 1 later' })).toBeDisabled();
    expect(within(single.dialog).getByLabelText('Add a photo')).toBeInTheDocument();
    await single.user.click(within(single.dialog).getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('has no picker once the listing has five photos', async () => {
    sellerWithPhotos(['/1.jpg', '/2.jpg', '/3.jpg', '/4.jpg', '/5.jpg']);
    const { dialog } = await openPhotos();
    expect(within(dialog).queryByLabelText('Add a photo')).not.toBeInTheDocument();
    expect(within(dialog).getByText('This listing has 5 photos, the most it can have. Remove one to add another.')).toBeInTheDocument();
  });

  it("says in the reader's language why a change was refused", async () => {
    await switchLanguage('bn');
    sellerWithPhotos(PHOTOS, {
      [`/api/books/${ID}/pictures`]: errorReply(422, 'validation_failed', 'image: a listing has at most 5 photos', { image: 'a listing has at most 5 photos' }, { image: { code: 'too_many_photos', limit: 5 } }),
      [`/api/books/${ID}/pictures/1`]: errorReply(409, 'last_photo', 'A listing keeps at least one photo.'),
    });
    const user = userEvent.setup({ applyAccept: false });
    renderApp(PATH);
    const [open] = await screen.findAllByRole('button', { name: 'Gitanjali-এর ছবি' });
    await user.click(open!);
    const dialog = await screen.findByRole('dialog', { name: 'ছবি' });
    await user.upload(within(dialog).getByLabelText('একটি ছবি যোগ করুন'), new File(['png'], 'back.png', { type: 'image/png' }));
    expect(await screen.findByText('একটি বইয়ের সর্বোচ্চ ৫টি ছবি দেওয়া যায়')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'ছবি ২ সরিয়ে দিন' }));
    expect(await screen.findByText('বইটির অন্তত একটি ছবি থাকতেই হবে। এটি সরানোর আগে আরেকটি ছবি যোগ করুন।')).toBeInTheDocument();
  });
});
