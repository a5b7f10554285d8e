import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSellerDto } from '@bindings/AdminSellerDto';
import type { PageDto } from '@bindings/PageDto';
import { authRequest } from '@/lib/session-token';
import { ACCOUNTS_PER_PAGE, SELLERS_KEY } from './admin-keys';

export type SellersPage = PageDto<AdminSellerDto>;

/** GET /api/admin/sellers (admin): every seller account, newest first, with its number of listings. */
export function getSellers(
  { page, perPage = ACCOUNTS_PER_PAGE }: { page: number; perPage?: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<SellersPage> {
  const query = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  return authRequest<SellersPage>(`/api/admin/sellers?${query}`, { signal });
}

export const sellersQueryOptions = (page: number, perPage = ACCOUNTS_PER_PAGE) =>
  queryOptions({
    queryKey: [...SELLERS_KEY, { page, perPage }],
    queryFn: ({ signal }) => getSellers({ page, perPage }, { signal }),
  });

export function useSellers(page: number) {
  return useQuery({ ...sellersQueryOptions(page), placeholderData: keepPreviousData });
}
