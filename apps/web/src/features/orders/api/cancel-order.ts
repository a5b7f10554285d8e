import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDto } from '@bindings/OrderDto';
import { MY_ORDERS_KEY, type MyOrdersPage } from '@/lib/api/get-my-orders';
import { ORDER_KEY } from '@/lib/api/get-order';
import { WISH_LIST_KEY } from '@/lib/api/get-wish-list';
import { invalidateStorefront } from '@/lib/query-client';
import { authRequest } from '@/lib/session-token';

/** POST /api/orders/{id}/cancel (its buyer): cancels a pending order; the book goes back on sale. */
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
      // The payment page's copy of the order, when it has one, is closed too.
      queryClient.setQueryData<OrderDto>([...ORDER_KEY, order.id], (cached) => (cached ? order : cached));
    },
    // Also after a refusal (`order_closed`: paid, expired or cancelled meanwhile): the order changed elsewhere.
    onSettled: (_order, _error, orderId) => {
      void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: [...ORDER_KEY, orderId] });
      // The book is on sale again: its page, the shop's lists and its status on the wish list follow.
      void queryClient.invalidateQueries({ queryKey: WISH_LIST_KEY });
      void invalidateStorefront(queryClient);
    },
  });
}
