import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageDto } from '@bindings/PageDto';
import type { PublishedReviewDto } from '@bindings/PublishedReviewDto';
import { apiGet } from '@/lib/api-client';
import { SELLERS_KEY } from '@/lib/query-client';

export const SELLER_REVIEWS_PER_PAGE = 10;

export type SellerReviewsPage = PageDto<PublishedReviewDto>;

/** Every page of one seller's reviews. */
export const sellerReviewsKey = (sellerId: string) => [...SELLERS_KEY, sellerId, 'reviews'] as const;

/** GET /api/sellers/{id}/reviews (public): newest first, with the buyer's first name, the book's title and the answer. */
export function getSellerReviews(sellerId: string, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<SellerReviewsPage> {
  const query = new URLSearchParams({ page: String(page), perPage: String(SELLER_REVIEWS_PER_PAGE) });
  return apiGet<SellerReviewsPage>(`/api/sellers/${encodeURIComponent(sellerId)}/reviews?${query}`, { signal });
}

export const sellerReviewsQueryOptions = (sellerId: string, page: number) =>
  queryOptions({
    queryKey: [...sellerReviewsKey(sellerId), { page, perPage: SELLER_REVIEWS_PER_PAGE }],
    queryFn: ({ signal }) => getSellerReviews(sellerId, page, { signal }),
  });

export function useSellerReviews(sellerId: string, page: number) {
  // The current page stays on screen while the next one loads.
  return useQuery({ ...sellerReviewsQueryOptions(sellerId, page), placeholderData: keepPreviousData });
}
