import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookCardDto } from '@bindings/BookCardDto';
import { apiGet } from '@/lib/api-client';
import { BOOKS_KEY } from '@/lib/query-client';

/** Books their sellers advertise that can still be bought. */
export function getAdvertisedBooks({ signal }: { signal?: AbortSignal } = {}): Promise<BookCardDto[]> {
  return apiGet<BookCardDto[]>('/api/advertised', { signal });
}

export const advertisedBooksQueryOptions = () =>
  queryOptions({
    queryKey: [...BOOKS_KEY, 'advertised'],
    queryFn: ({ signal }) => getAdvertisedBooks({ signal }),
  });

export function useAdvertisedBooks() {
  return useQuery(advertisedBooksQueryOptions());
}
