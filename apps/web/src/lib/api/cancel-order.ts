import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDto } from '@bindings/OrderDto';
import { invalidateStorefront } from '../query-client';
import { authRequest } from '../session-token';
import { MY_ORDERS_KEY, type MyOrdersPage } from './get-my-orders';
import { ORDER_KEY } from './get-order';
import { WISH_LIST_KEY } from './get-wish-list';

/**
 * POST /api/orders/{id}/cancel (its buyer): cancels an order awaiting its handover, pending or held by a card (the hold
 * is released: `holdReleased` in the answer); the book goes back on sale. Shared by My Orders and the order's page.
 */
export function cancelOrder(orderId: string): Promise<OrderDto> {
  return authRequest<OrderDto>(`/api/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST' });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      // The row says Cancelled at once; the refetch below confirms it.
      queryClient.setQueriesData<MyOrdersPage>({ queryKey: MY_ORDERS_KEY }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === order.id ? order : item)) } : page,
      );
      // The order page's copy of the order, when it has one, is closed too.
      queryClient.setQueryData<OrderDto>([...ORDER_KEY, order.id], (cached) => (cached ? order : cached));
    },
    // Also after a refusal (`order_closed`: handed over, expired or cancelled meanwhile): the order changed elsewhere.
    onSettled: (_order, _error, orderId) => {
      void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: [...ORDER_KEY, orderId] });
      // The book is on sale again: its page, the shop's lists and its status on the wish list follow.
      void queryClient.invalidateQueries({ queryKey: WISH_LIST_KEY });
      void invalidateStorefront(queryClient);
    },
  });
}
