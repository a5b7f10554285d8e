import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBuyerDto } from '@bindings/AdminBuyerDto';
import type { PageDto } from '@bindings/PageDto';
import { authRequest } from '@/lib/session-token';
import { accountQuery, type AccountFilters } from '../account-filters';
import { ACCOUNTS_PER_PAGE, BUYERS_KEY } from './admin-keys';

export type BuyersPage = PageDto<AdminBuyerDto>;

/** Buyers are never verified (only sellers are): the buyer table has no such filter. */
export type BuyerFilters = Omit<AccountFilters, 'verified'>;

/**
 * GET /api/admin/buyers (admin): live buyer accounts, newest first, with their number of orders, narrowed by a piece
 * of name or address and by whether they proved their address; `total` counts those that pass.
 */
export function getBuyers(
  filters: BuyerFilters,
  { perPage = ACCOUNTS_PER_PAGE, signal }: { perPage?: number; signal?: AbortSignal } = {},
): Promise<BuyersPage> {
  return authRequest<BuyersPage>(`/api/admin/buyers?${accountQuery({ ...filters, verified: null }, perPage)}`, { signal });
}

export const buyersQueryOptions = (filters: BuyerFilters, perPage = ACCOUNTS_PER_PAGE) =>
  queryOptions({
    queryKey: [...BUYERS_KEY, { q: filters.q, emailProven: filters.emailProven, page: filters.page, perPage }],
    queryFn: ({ signal }) => getBuyers(filters, { perPage, signal }),
  });

export function useBuyers(filters: BuyerFilters) {
  return useQuery({ ...buyersQueryOptions(filters), placeholderData: keepPreviousData });
}
