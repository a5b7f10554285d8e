import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WishListDto } from '@bindings/WishListDto';
import { USER_DATA_KEY } from '../query-client';
import { authRequest } from '../session-token';

/** The signed-in buyer's wish list; user data, so logout drops it. */
export const WISH_LIST_KEY = [...USER_DATA_KEY, 'wishList'] as const;

/** GET /api/me/wishlist (buyer): the books on the list, newest first, each as it is now. */
export function getWishList({ signal }: { signal?: AbortSignal } = {}): Promise<WishListDto> {
  return authRequest<WishListDto>('/api/me/wishlist', { signal });
}

export const wishListQueryOptions = () =>
  queryOptions({
    queryKey: WISH_LIST_KEY,
    queryFn: ({ signal }) => getWishList({ signal }),
  });

/** `enabled`: false where the viewer is not a signed-in buyer (the book page's heart), so nothing is asked. */
export function useWishList(enabled = true) {
  return useQuery({ ...wishListQueryOptions(), enabled });
}
