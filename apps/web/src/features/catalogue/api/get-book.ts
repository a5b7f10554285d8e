import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookDetailDto } from '@bindings/BookDetailDto';
import { apiGet } from '@/lib/api-client';

export function getBook(bookId: string, { signal }: { signal?: AbortSignal } = {}): Promise<BookDetailDto> {
  return apiGet<BookDetailDto>(`/api/books/${encodeURIComponent(bookId)}`, { signal });
}

export const bookQueryOptions = (bookId: string) =>
  queryOptions({
    queryKey: ['books', 'detail', bookId],
    queryFn: ({ signal }) => getBook(bookId, { signal }),
  });

export function useBook(bookId: string) {
  return useQuery(bookQueryOptions(bookId));
}
