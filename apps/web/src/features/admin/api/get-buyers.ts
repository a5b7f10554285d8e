import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBuyerDto } from '@bindings/AdminBuyerDto';
import type { PageDto } from '@bindings/PageDto';
import { authRequest } from '@/lib/session-token';
import { ACCOUNTS_PER_PAGE, BUYERS_KEY } from './admin-keys';

export type BuyersPage = PageDto<AdminBuyerDto>;

/** GET /api/admin/buyers (admin): every buyer account, newest first, with its number of orders. */
export function getBuyers(
  { page, perPage = ACCOUNTS_PER_PAGE }: { page: number; perPage?: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<BuyersPage> {
  const query = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  return authRequest<BuyersPage>(`/api/admin/buyers?${query}`, { signal });
}

export const buyersQueryOptions = (page: number, perPage = ACCOUNTS_PER_PAGE) =>
  queryOptions({
    queryKey: [...BUYERS_KEY, { page, perPage }],
    queryFn: ({ signal }) => getBuyers({ page, perPage }, { signal }),
  });

export function useBuyers(page: number) {
  return useQuery({ ...buyersQueryOptions(page), placeholderData: keepPreviousData });
}
