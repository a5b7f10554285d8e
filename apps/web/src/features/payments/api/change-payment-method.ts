import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeOrderDto } from '@bindings/ChangeOrderDto';
import type { OrderDto } from '@bindings/OrderDto';
import type { PaymentMethodDto } from '@bindings/PaymentMethodDto';
import { isApiError } from '@/lib/api-client';
import { MY_ORDERS_KEY } from '@/lib/api/get-my-orders';
import { orderQueryOptions } from '@/lib/api/get-order';
import { authRequest } from '@/lib/session-token';

/**
 * PATCH /api/orders/{id} (its buyer): how a pending order is to be paid, cash at the meet-up or a card held until the
 * handover. Answers the order as its own page shows it (with the handover code). Refusals: `order_closed` (no longer
 * pending), `below_card_minimum`, `unavailable` (this server takes no cards), `order_not_found`.
 */
export function changePaymentMethod(orderId: string, body: ChangeOrderDto): Promise<OrderDto> {
  return authRequest<OrderDto>(`/api/orders/${encodeURIComponent(orderId)}`, { method: 'PATCH', body });
}

export function useChangePaymentMethod(orderId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = orderQueryOptions(orderId);
  return useMutation({
    mutationFn: (paymentMethod: PaymentMethodDto) => changePaymentMethod(orderId, { paymentMethod }),
    onSuccess: (order) => {
      // The page shows the answer at once; My Orders' notes follow the next time they show.
      queryClient.setQueryData(queryKey, order);
      void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
    },
    onError: (error) => {
      // Paid, cancelled or expired meanwhile (or gone): the page asks again and shows the order as it is now.
      if (isApiError(error) && (error.code === 'order_closed' || error.code === 'order_not_found')) {
        void queryClient.invalidateQueries({ queryKey });
        void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
      }
    },
  });
}
