import type { QueryClient } from '@tanstack/react-query';
import type { PaymentResultDto } from '@bindings/PaymentResultDto';
import { isApiError } from '@/lib/api-client';
import { MY_ORDERS_KEY } from '@/lib/api/get-my-orders';
import { orderQueryOptions } from '@/lib/api/get-order';
import { WISH_LIST_KEY } from '@/lib/api/get-wish-list';
import { invalidateStorefront } from '@/lib/query-client';

/**
 * A paid order changes more than itself: My Orders shows it paid (held until the handover, for a card), the wish list
 * and every storefront list show the book as it now stands. All of them ask the server again.
 */
export function refreshAfterPayment(queryClient: QueryClient, orderId: string): void {
  void queryClient.invalidateQueries({ queryKey: orderQueryOptions(orderId).queryKey });
  void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
  void queryClient.invalidateQueries({ queryKey: WISH_LIST_KEY });
  void invalidateStorefront(queryClient);
}

/** After a payment call answered: refresh what a success changed. */
export function afterPaymentAnswer(queryClient: QueryClient, orderId: string, result: PaymentResultDto): void {
  if (result.status === 'succeeded') refreshAfterPayment(queryClient, orderId);
}

/**
 * After a payment call was refused: when the order itself turned out different from what the page shows (closed,
 * gone), the page asks for it again and shows what it is now.
 */
export function afterPaymentRefusal(queryClient: QueryClient, orderId: string, error: unknown): void {
  if (isApiError(error) && (error.code === 'order_closed' || error.code === 'order_not_found')) {
    void queryClient.invalidateQueries({ queryKey: orderQueryOptions(orderId).queryKey });
    void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
  }
}
