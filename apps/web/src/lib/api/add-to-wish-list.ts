import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToWishListDto } from '@bindings/AddToWishListDto';
import type { WishListDto } from '@bindings/WishListDto';
import type { WishListItemDto } from '@bindings/WishListItemDto';
import { authRequest } from '../session-token';
import { WISH_LIST_KEY } from './get-wish-list';

/** POST /api/wishlist (buyer): puts a book on the wish list; a book already there is answered as it is (200). */
export function addToWishList(bookId: string): Promise<WishListItemDto> {
  const body: AddToWishListDto = { bookId };
  return authRequest<WishListItemDto>('/api/wishlist', { method: 'POST', body });
}

export function useAddToWishList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWishList,
    onSuccess: (item) => {
      // The heart fills at once; the refetch below brings the list in the server's order.
      queryClient.setQueryData<WishListDto>(WISH_LIST_KEY, (list) =>
        list && !list.items.some((entry) => entry.bookId === item.bookId) ? { items: [item, ...list.items] } : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WISH_LIST_KEY }),
  });
}
