import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDto } from '@bindings/OrderDto';
import type { PageDto } from '@bindings/PageDto';
import { USER_DATA_KEY } from '../query-client';
import { authRequest } from '../session-token';

export const MY_ORDERS_PER_PAGE = 20;

/** Every page of the signed-in buyer's orders; user data, so logout drops it. */
export const MY_ORDERS_KEY = [...USER_DATA_KEY, 'orders'] as const;

export type MyOrdersPage = PageDto<OrderDto>;

/** GET /api/me/orders (buyer): the buyer's orders, newest first. */
export function getMyOrders(page: number, { signal }: { signal?: AbortSignal } = {}): Promise<MyOrdersPage> {
  const query = new URLSearchParams({ page: String(page), perPage: String(MY_ORDERS_PER_PAGE) });
  return authRequest<MyOrdersPage>(`/api/me/orders?${query}`, { signal });
}

export const myOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...MY_ORDERS_KEY, 'list', { page, perPage: MY_ORDERS_PER_PAGE }],
    queryFn: ({ signal }) => getMyOrders(page, { signal }),
  });

export function useMyOrders(page: number) {
  // The current page stays on screen while the next one loads.
  return useQuery({ ...myOrdersQueryOptions(page), placeholderData: keepPreviousData });
}
