import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CategoryGroupDto } from '@bindings/CategoryGroupDto';
import { apiGet } from '@/lib/api-client';
import { preloadImage } from '@/lib/preload-image';
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

/** How many covers of the shop's first shelf to fetch ahead: the first row on a phone. */
const SHOP_COVERS_AHEAD = 2;

/**
 * Someone opening /shop: asks for the shelves while the page's code is still arriving, and for the first covers as
 * soon as the answer is in. Failures are left to the page, whose own query asks again and shows them.
 */
export function prefetchShop(queryClient: QueryClient): void {
  queryClient
    .fetchQuery(groupedBooksQueryOptions(SHOP_BOOKS_PER_CATEGORY))
    .then((groups) => {
      const firstShelf = groups.find((group) => group.books.length > 0)?.books ?? [];
      for (const book of firstShelf.slice(0, SHOP_COVERS_AHEAD)) preloadImage(book.picture);
    })
    .catch(() => {});
}
