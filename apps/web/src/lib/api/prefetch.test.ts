import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { useAuthStore, writeAccessToken } from '@/lib/auth-store';
import { createQueryClient } from '@/lib/query-client';
import { stubFetch } from '@/test/fetch-stub';
import { recordPreloads } from '@/test/preloads';
import { bookDetail } from '@/test/fixtures';
import { bookQueryOptions, prefetchBook } from './get-book';

const preloaded = recordPreloads();

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
});
