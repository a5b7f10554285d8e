import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSellerBooksDto } from '@bindings/AdminSellerBooksDto';
import { authRequest } from '@/lib/session-token';
import { ACCOUNTS_PER_PAGE, SELLER_BOOKS_KEY } from './admin-keys';

/**
 * GET /api/admin/sellers/{id}/books (admin): the seller, then one page of every listing they made (withdrawn ones
 * too), newest first. 404 `account_not_found` for an id that is no live seller's.
 */
export function getSellerBooks(
  sellerId: string,
  page: number,
  { perPage = ACCOUNTS_PER_PAGE, signal }: { perPage?: number; signal?: AbortSignal } = {},
): Promise<AdminSellerBooksDto> {
  const query = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  return authRequest<AdminSellerBooksDto>(`/api/admin/sellers/${encodeURIComponent(sellerId)}/books?${query}`, { signal });
}

export const sellerBooksQueryOptions = (sellerId: string, page: number) =>
  queryOptions({
    queryKey: [...SELLER_BOOKS_KEY, sellerId, { page }],
    queryFn: ({ signal }) => getSellerBooks(sellerId, page, { signal }),
  });

export function useSellerBooks(sellerId: string, page: number) {
  return useQuery({ ...sellerBooksQueryOptions(sellerId, page), placeholderData: keepPreviousData });
}
