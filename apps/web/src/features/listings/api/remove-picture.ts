import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { authRequest } from '@/lib/session-token';
import { refreshListings, showChangedListing } from './get-my-books';

/**
 * DELETE /api/books/{id}/pictures/{n}: removes the photo at position `n` (0 is the cover; the next one then becomes
 * the cover). The last photo stays (409 `last_photo`). Answers the listing.
 */
export function removePicture(bookId: string, position: number): Promise<SellerBookDto> {
  return authRequest<SellerBookDto>(`/api/books/${encodeURIComponent(bookId)}/pictures/${position}`, { method: 'DELETE' });
}

export function useRemovePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, position }: { bookId: string; position: number }) => removePicture(bookId, position),
    onSuccess: (book) => showChangedListing(queryClient, book),
    onSettled: () => refreshListings(queryClient),
  });
}
