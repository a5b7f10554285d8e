import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PictureOrderDto } from '@bindings/PictureOrderDto';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { authRequest } from '@/lib/session-token';
import { refreshListings, showChangedListing } from './get-my-books';

/**
 * PUT /api/books/{id}/pictures/order: the listing's photos in a new order, the cover first. `order` names each current
 * photo exactly once (422 `not_the_photos` otherwise: they changed meanwhile). Answers the listing.
 */
export function orderPictures(bookId: string, order: readonly string[]): Promise<SellerBookDto> {
  const body: PictureOrderDto = { order: [...order] };
  return authRequest<SellerBookDto>(`/api/books/${encodeURIComponent(bookId)}/pictures/order`, { method: 'PUT', body });
}

export function useOrderPictures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, order }: { bookId: string; order: readonly string[] }) => orderPictures(bookId, order),
    onSuccess: (book) => showChangedListing(queryClient, book),
    onSettled: () => refreshListings(queryClient),
  });
}
