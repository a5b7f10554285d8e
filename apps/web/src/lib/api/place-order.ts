import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OrderDto } from '@bindings/OrderDto';
import type { PlaceOrderDto } from '@bindings/PlaceOrderDto';
import { isApiError } from '../api-client';
import { invalidateStorefront } from '../query-client';
import { authRequest } from '../session-token';
import { MY_ORDERS_KEY } from './get-my-orders';
import { WISH_LIST_KEY } from './get-wish-list';

/**
 * POST /api/orders (buyer): orders a book; the server takes name, e-mail, title and price from the account and the
 * book. A buyer who already holds a pending order for the book gets that order back (200) instead of a new one.
 */
export function placeOrder(body: PlaceOrderDto): Promise<OrderDto> {
  return authRequest<OrderDto>('/api/orders', { method: 'POST', body });
}

/** The book changed hands (or left the shop): its page, the shop's lists, the wish list and My Orders ask again. */
function refreshAfterOrder(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
  void queryClient.invalidateQueries({ queryKey: WISH_LIST_KEY });
  void invalidateStorefront(queryClient);
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => refreshAfterOrder(queryClient),
    onError: (error) => {
      // Someone else ordered it first, or it left the shop: what this page shows of the book is out of date.
      if (isApiError(error) && (error.code === 'book_unavailable' || error.code === 'book_not_found')) {
        refreshAfterOrder(queryClient);
      }
    },
  });
}
