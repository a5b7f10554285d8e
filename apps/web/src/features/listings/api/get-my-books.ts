import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PageDto } from '@bindings/PageDto';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { invalidateStorefront, USER_DATA_KEY } from '@/lib/query-client';
import { authRequest } from '@/lib/session-token';

export const MY_BOOKS_PER_PAGE = 20;

/** Every page of the signed-in seller's listings; user data, so logout drops it. */
export const MY_BOOKS_KEY = [...USER_DATA_KEY, 'books'] as const;

export type MyBooksPage = PageDto<SellerBookDto>;

/** GET /api/me/books: the seller's own listings, newest first (available, pending and sold). */
export function getMyBooks(
  { page, perPage = MY_BOOKS_PER_PAGE }: { page: number; perPage?: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<MyBooksPage> {
  const query = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  return authRequest<MyBooksPage>(`/api/me/books?${query}`, { signal });
}

export const myBooksQueryOptions = (page: number, perPage = MY_BOOKS_PER_PAGE) =>
  queryOptions({
    queryKey: [...MY_BOOKS_KEY, { page, perPage }],
    queryFn: ({ signal }) => getMyBooks({ page, perPage }, { signal }),
  });

export function useMyBooks(page: number) {
  // The current page stays on screen while the next one loads.
  return useQuery({ ...myBooksQueryOptions(page), placeholderData: keepPreviousData });
}

/** The server's new copy of a listing, shown at once on whichever page of My Products holds it. */
export function showChangedListing(queryClient: QueryClient, book: SellerBookDto): void {
  queryClient.setQueriesData<MyBooksPage>({ queryKey: MY_BOOKS_KEY }, (page) =>
    page ? { ...page, items: page.items.map((item) => (item.id === book.id ? book : item)) } : page,
  );
}

/**
 * After any change to a listing (or a refusal, which means the listing changed elsewhere): My Products and every
 * storefront list ask the server again, so the home page's Advertised Items, the navbar and the shop follow.
 */
export function refreshListings(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: MY_BOOKS_KEY });
  void invalidateStorefront(queryClient);
}
