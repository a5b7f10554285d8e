import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSellerDto } from '@bindings/AdminSellerDto';
import type { PageDto } from '@bindings/PageDto';
import { authRequest } from '@/lib/session-token';
import { accountQuery, type AccountFilters } from '../account-filters';
import { ACCOUNTS_PER_PAGE, SELLERS_KEY } from './admin-keys';

export type SellersPage = PageDto<AdminSellerDto>;

/**
 * GET /api/admin/sellers (admin): live seller accounts, newest first, with their number of listings, narrowed by a
 * piece of name or address and by whether they are verified and proved their address; `total` counts those that pass.
 */
export function getSellers(
  filters: AccountFilters,
  { perPage = ACCOUNTS_PER_PAGE, signal }: { perPage?: number; signal?: AbortSignal } = {},
): Promise<SellersPage> {
  return authRequest<SellersPage>(`/api/admin/sellers?${accountQuery(filters, perPage)}`, { signal });
}

export const sellersQueryOptions = (filters: AccountFilters, perPage = ACCOUNTS_PER_PAGE) =>
  queryOptions({
    queryKey: [...SELLERS_KEY, { ...filters, perPage }],
    queryFn: ({ signal }) => getSellers(filters, { perPage, signal }),
  });

export function useSellers(filters: AccountFilters) {
  return useQuery({ ...sellersQueryOptions(filters), placeholderData: keepPreviousData });
}
