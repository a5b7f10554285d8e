import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDto } from '@bindings/OrderDto';
import { USER_DATA_KEY } from '../query-client';
import { authRequest } from '../session-token';

/** One order of the signed-in buyer, by id; user data, so logout drops it. */
export const ORDER_KEY = [...USER_DATA_KEY, 'order'] as const;

/** GET /api/orders/{id} (buyer): one of the buyer's own orders; 404 `order_not_found` for anyone else's. */
export function getOrder(orderId: string, { signal }: { signal?: AbortSignal } = {}): Promise<OrderDto> {
  return authRequest<OrderDto>(`/api/orders/${encodeURIComponent(orderId)}`, { signal });
}

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...ORDER_KEY, orderId],
    queryFn: ({ signal }) => getOrder(orderId, { signal }),
  });

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
