import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { groupedBooksQueryOptions, prefetchShop, SHOP_BOOKS_PER_CATEGORY } from '@/features/catalogue/api/get-grouped-books';
import { useAuthStore, writeAccessToken } from '@/lib/auth-store';
import { createQueryClient } from '@/lib/query-client';
import { stubFetch } from '@/test/fetch-stub';
import { bookCard, bookDetail, groups, POETRY } from '@/test/fixtures';
import { bookQueryOptions, prefetchBook } from './get-book';

/** The pictures preloaded through `new Image()`, in order. */
let preloaded: string[] = [];

beforeEach(() => {
  preloaded = [];
  vi.stubGlobal(
    'Image',
    class {
      setAttribute() {}
      set src(value: string) {
        preloaded.push(value);
      }
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('asking for a page’s data while its code arrives', () => {
  it('a visitor’s book page: the book, then its cover, under the key the page reads', async () => {
    const book = bookDetail();
    const fetchMock = stubFetch({ [`/api/books/${book.id}`]: { body: book } });
    const client = createQueryClient();
    prefetchBook(client, book.id);
    await waitFor(() => expect(preloaded).toEqual([book.picture]));
    expect(client.getQueryData(bookQueryOptions(book.id, null).queryKey)).toEqual(book);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a returning visitor’s book page waits for sign-in: whose eyes the book is for decides what comes back', async () => {
    writeAccessToken('stored', new Date(Date.now() + 60_000).toISOString());
    useAuthStore.getState().reset();
    expect(useAuthStore.getState().status).toBe('loading');
    const book = bookDetail();
    const fetchMock = stubFetch({ [`/api/books/${book.id}`]: { body: book } });
    prefetchBook(createQueryClient(), book.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(preloaded).toEqual([]);
  });

  it('an unknown book preloads nothing and leaves the answer to the page', async () => {
    const fetchMock = stubFetch({ '/api/books/missing': { status: 404, body: { error: { code: 'not_found', message: 'No such book.' } } } });
    prefetchBook(createQueryClient(), 'missing');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preloaded).toEqual([]);
  });

  it('the shop: its shelves, then the first two covers of the first shelf that has books', async () => {
    const shelves = groups();
    const empty = { category: POETRY, books: [], bookCount: 0 };
    const first = shelves[0];
    if (!first) throw new Error('the fixture has shelves');
    first.books.push(bookCard({ id: 'second', picture: '/images/second.webp' }), bookCard({ id: 'third', picture: '/images/third.webp' }));
    stubFetch({ '/api/books/grouped': { body: [empty, ...shelves] } });
    const client = createQueryClient();
    prefetchShop(client);
    await waitFor(() => expect(preloaded).toEqual(first.books.slice(0, 2).map((book) => book.picture)));
    expect(client.getQueryData(groupedBooksQueryOptions(SHOP_BOOKS_PER_CATEGORY).queryKey)).toEqual([empty, ...shelves]);
  });
});
