import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookDetailDto } from '@bindings/BookDetailDto';
import { apiGet } from '@/lib/api-client';
import { BOOKS_KEY } from '@/lib/query-client';

/**
 * GET /api/books/{id} for the wish-list payment page, which needs only the public part (title, author, picture,
 * price, status): asked for as a visitor. Under BOOKS_KEY, so an order or a payment anywhere refreshes it.
 */
export const bookToPayQueryOptions = (bookId: string) =>
  queryOptions({
    queryKey: [...BOOKS_KEY, 'toPay', bookId],
    queryFn: ({ signal }) => apiGet<BookDetailDto>(`/api/books/${encodeURIComponent(bookId)}`, { signal }),
  });

export function useBookToPay(bookId: string) {
  return useQuery(bookToPayQueryOptions(bookId));
}
