import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerReviewDto } from '@bindings/AnswerReviewDto';
import type { ReviewDto } from '@bindings/ReviewDto';
import { authRequest } from '@/lib/session-token';
import { sellerReviewsKey, type SellerReviewsPage } from './get-seller-reviews';

/**
 * POST /api/reviews/{id}/answer (the seller whose order was reviewed): one answer of 1 to 1,000 characters, shown under
 * the review. 409 `already_answered` for a second one; 422 with a `text` field message.
 */
export function answerReview(reviewId: string, body: AnswerReviewDto): Promise<ReviewDto> {
  return authRequest<ReviewDto>(`/api/reviews/${encodeURIComponent(reviewId)}/answer`, { method: 'POST', body });
}

export function useAnswerReview(sellerId: string, reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => answerReview(reviewId, { text }),
    onSuccess: (review) => {
      // The answer shows under the review at once; the refetch below confirms it.
      queryClient.setQueriesData<SellerReviewsPage>({ queryKey: sellerReviewsKey(sellerId) }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === review.id ? { ...item, answer: review.answer } : item)) } : page,
      );
    },
    // Also after `already_answered`: the answer written elsewhere shows.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sellerReviewsKey(sellerId) }),
  });
}
