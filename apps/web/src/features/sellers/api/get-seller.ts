import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SellerProfileDto } from '@bindings/SellerProfileDto';
import { apiGet } from '@/lib/api-client';
import { SELLERS_KEY } from '@/lib/query-client';

/** GET /api/sellers/{id} (public): a seller's name, verified badge, when they joined and their score; 404 `seller_not_found`. */
export function getSeller(sellerId: string, { signal }: { signal?: AbortSignal } = {}): Promise<SellerProfileDto> {
  return apiGet<SellerProfileDto>(`/api/sellers/${encodeURIComponent(sellerId)}`, { signal });
}

export const sellerQueryOptions = (sellerId: string) =>
  queryOptions({
    queryKey: [...SELLERS_KEY, sellerId, 'profile'],
    queryFn: ({ signal }) => getSeller(sellerId, { signal }),
  });

export function useSeller(sellerId: string) {
  return useQuery(sellerQueryOptions(sellerId));
}

/** Asks for the seller while the page's code is still arriving; a failure is left to the page, which asks again. */
export function prefetchSeller(queryClient: QueryClient, sellerId: string): void {
  void queryClient.prefetchQuery(sellerQueryOptions(sellerId));
}
