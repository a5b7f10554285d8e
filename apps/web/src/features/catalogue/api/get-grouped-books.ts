import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryGroupDto } from '@bindings/CategoryGroupDto';
import { apiGet } from '@/lib/api-client';
import { BOOKS_KEY } from '@/lib/query-client';

/** The landing page shows a few books per category; the shop shows up to the server's maximum. */
export const HOME_BOOKS_PER_CATEGORY = 4;
export const SHOP_BOOKS_PER_CATEGORY = 24;

export function getGroupedBooks(
  perCategory: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CategoryGroupDto[]> {
  const query = new URLSearchParams({ perCategory: String(perCategory) });
  return apiGet<CategoryGroupDto[]>(`/api/books/grouped?${query}`, { signal });
}

export const groupedBooksQueryOptions = (perCategory: number) =>
  queryOptions({
    queryKey: [...BOOKS_KEY, 'grouped', { perCategory }],
    queryFn: ({ signal }) => getGroupedBooks(perCategory, { signal }),
  });

export function useGroupedBooks(perCategory: number) {
  return useQuery(groupedBooksQueryOptions(perCategory));
}
