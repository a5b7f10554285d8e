import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { authRequest } from '@/lib/session-token';
import { refreshListings, showChangedListing } from './get-my-books';

/** DELETE /api/books/{id}/advertise: takes a listing off Advertised Items; it stays for sale. */
export function stopAdvertisingBook(bookId: string): Promise<SellerBookDto> {
  return authRequest<SellerBookDto>(`/api/books/${encodeURIComponent(bookId)}/advertise`, { method: 'DELETE' });
}

export function useStopAdvertisingBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopAdvertisingBook,
    onSuccess: (book) => showChangedListing(queryClient, book),
    onSettled: () => refreshListings(queryClient),
  });
}
