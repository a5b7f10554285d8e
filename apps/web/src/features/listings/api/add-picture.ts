import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { authRequest } from '@/lib/session-token';
import { refreshListings, showChangedListing } from './get-my-books';

/** POST /api/books/{id}/pictures: one more photo after the others (at most 5 in all); answers the listing. */
export function addPicture(bookId: string, image: File): Promise<SellerBookDto> {
  const body = new FormData();
  body.append('image', image);
  return authRequest<SellerBookDto>(`/api/books/${encodeURIComponent(bookId)}/pictures`, { method: 'POST', body });
}

export function useAddPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, image }: { bookId: string; image: File }) => addPicture(bookId, image),
    onSuccess: (book) => showChangedListing(queryClient, book),
    onSettled: () => refreshListings(queryClient),
  });
}
