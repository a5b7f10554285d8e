import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookCardDto } from '@bindings/BookCardDto';
import type { PageDto } from '@bindings/PageDto';
import { apiGet } from '@/lib/api-client';
import { SELLERS_KEY } from '@/lib/query-client';

export const SELLER_BOOKS_PER_PAGE = 12;

export type SellerBooksPage = PageDto<BookCardDto>;

/** GET /api/sellers/{id}/books (public): the seller's books on sale, newest first, as cards; 404 `seller_not_found`. */
export function getSellerBooks(sellerId: string, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<SellerBooksPage> {
  const query = new URLSearchParams({ page: String(page), perPage: String(SELLER_BOOKS_PER_PAGE) });
  return apiGet<SellerBooksPage>(`/api/sellers/${encodeURIComponent(sellerId)}/books?${query}`, { signal });
}

export const sellerBooksQueryOptions = (sellerId: string, page: number) =>
  queryOptions({
    // Under the seller's key: a change to any listing (invalidateStorefront) asks for it again.
    queryKey: [...SELLERS_KEY, sellerId, 'books', { page, perPage: SELLER_BOOKS_PER_PAGE }],
    queryFn: ({ signal }) => getSellerBooks(sellerId, page, { signal }),
  });

export function useSellerBooks(sellerId: string, page: number) {
  // The current page stays on screen while the next one loads.
  return useQuery({ ...sellerBooksQueryOptions(sellerId, page), placeholderData: keepPreviousData });
}
