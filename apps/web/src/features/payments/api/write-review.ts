import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDto } from '@bindings/OrderDto';
import type { ReviewDto } from '@bindings/ReviewDto';
import type { WriteReviewDto } from '@bindings/WriteReviewDto';
import { MY_ORDERS_KEY, type MyOrdersPage } from '@/lib/api/get-my-orders';
import { ORDER_KEY } from '@/lib/api/get-order';
import { BOOKS_KEY, SELLERS_KEY } from '@/lib/query-client';
import { authRequest } from '@/lib/session-token';

/**
 * POST /api/orders/{id}/review (the order's buyer): three ratings of 1 to 5 and an optional comment, once, within 14
 * days of the handover. 409 `order_not_completed`, `already_reviewed`, `review_window_closed` or `shared_phone` when
 * the rules refuse it; 422 with field messages (`asDescribed`, `communication`, `onTime`, `comment`).
 */
export function writeReview(orderId: string, body: WriteReviewDto): Promise<ReviewDto> {
  return authRequest<ReviewDto>(`/api/orders/${encodeURIComponent(orderId)}/review`, { method: 'POST', body });
}

/** The order as it is once reviewed: its review shown, no second one offered. */
function reviewed(order: OrderDto, review: ReviewDto): OrderDto {
  return order.id === review.orderId ? { ...order, review, canReview: false } : order;
}

export function useWriteReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WriteReviewDto) => writeReview(orderId, body),
    onSuccess: (review) => {
      // The order page shows "Your review" at once; the refetch below confirms it.
      queryClient.setQueryData<OrderDto>([...ORDER_KEY, orderId], (order) => (order ? reviewed(order, review) : order));
      queryClient.setQueriesData<MyOrdersPage>({ queryKey: MY_ORDERS_KEY }, (page) =>
        page ? { ...page, items: page.items.map((order) => reviewed(order, review)) } : page,
      );
    },
    // Also after a refusal: a 409 means the order changed elsewhere (reviewed in another tab, its 14 days over).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...ORDER_KEY, orderId] });
      void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
      // The seller's score changed: on their page and in the seller block of each of their book pages.
      void queryClient.invalidateQueries({ queryKey: SELLERS_KEY });
      void queryClient.invalidateQueries({ queryKey: BOOKS_KEY });
    },
  });
}
