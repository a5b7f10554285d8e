import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishListDto } from '@bindings/WishListDto';
import { WISH_LIST_KEY } from '@/lib/api/get-wish-list';
import { authRequest } from '@/lib/session-token';

/** DELETE /api/wishlist/{bookId} (buyer): takes a book off the wish list (204). */
export function removeFromWishList(bookId: string): Promise<void> {
  return authRequest<void>(`/api/wishlist/${encodeURIComponent(bookId)}`, { method: 'DELETE' });
}

export function useRemoveFromWishList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishList,
    onSuccess: (_nothing, bookId) => {
      // Gone from the list (and the book page's heart empties) at once.
      queryClient.setQueryData<WishListDto>(WISH_LIST_KEY, (list) =>
        list ? { items: list.items.filter((item) => item.bookId !== bookId) } : list,
      );
    },
    // A 404 means it was gone already (removed in another tab): the list is asked again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: WISH_LIST_KEY }),
  });
}
