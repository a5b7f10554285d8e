import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { authRequest } from '@/lib/session-token';
import { refreshListings, showChangedListing } from './get-my-books';

/** POST /api/books/{id}/advertise: puts an available listing on the home page's Advertised Items. */
export function advertiseBook(bookId: string): Promise<SellerBookDto> {
  return authRequest<SellerBookDto>(`/api/books/${encodeURIComponent(bookId)}/advertise`, { method: 'POST' });
}

export function useAdvertiseBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advertiseBook,
    onSuccess: (book) => showChangedListing(queryClient, book),
    onSettled: () => refreshListings(queryClient),
  });
}
