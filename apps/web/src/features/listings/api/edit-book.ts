import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditListingDto } from '@bindings/EditListingDto';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { authRequest } from '@/lib/session-token';
import { refreshListings, showChangedListing } from './get-my-books';

/** PATCH /api/books/{id}: changes prices, description, location or phone of an available listing; absent fields stay. */
export function editBook(bookId: string, changes: EditListingDto): Promise<SellerBookDto> {
  return authRequest<SellerBookDto>(`/api/books/${encodeURIComponent(bookId)}`, { method: 'PATCH', body: changes });
}

export function useEditBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, changes }: { bookId: string; changes: EditListingDto }) => editBook(bookId, changes),
    onSuccess: (book) => showChangedListing(queryClient, book),
    onSettled: () => refreshListings(queryClient),
  });
}
