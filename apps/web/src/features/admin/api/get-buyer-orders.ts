import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBuyerOrdersDto } from '@bindings/AdminBuyerOrdersDto';
import { authRequest } from '@/lib/session-token';
import { ACCOUNTS_PER_PAGE, BUYER_ORDERS_KEY } from './admin-keys';

/**
 * GET /api/admin/buyers/{id}/orders (admin): the buyer, then one page of every order they placed, newest first, with
 * what was bought, its price, its status and when. 404 `account_not_found` for an id that is no live buyer's.
 */
export function getBuyerOrders(
  buyerId: string,
  page: number,
  { perPage = ACCOUNTS_PER_PAGE, signal }: { perPage?: number; signal?: AbortSignal } = {},
): Promise<AdminBuyerOrdersDto> {
  const query = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  return authRequest<AdminBuyerOrdersDto>(`/api/admin/buyers/${encodeURIComponent(buyerId)}/orders?${query}`, { signal });
}

export const buyerOrdersQueryOptions = (buyerId: string, page: number) =>
  queryOptions({
    queryKey: [...BUYER_ORDERS_KEY, buyerId, { page }],
    queryFn: ({ signal }) => getBuyerOrders(buyerId, page, { signal }),
  });

export function useBuyerOrders(buyerId: string, page: number) {
  return useQuery({ ...buyerOrdersQueryOptions(buyerId, page), placeholderData: keepPreviousData });
}
