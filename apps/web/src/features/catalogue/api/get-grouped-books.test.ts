import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createQueryClient } from '@/lib/query-client';
import { stubFetch } from '@/test/fetch-stub';
import { recordPreloads } from '@/test/preloads';
import { bookCard, groups, POETRY } from '@/test/fixtures';
import { groupedBooksQueryOptions, prefetchShop, SHOP_BOOKS_PER_CATEGORY } from './get-grouped-books';

const preloaded = recordPreloads();

describe('asking for the shop’s data while its code arrives', () => {
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
