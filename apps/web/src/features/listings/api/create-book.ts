import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { authRequest } from '@/lib/session-token';
import { refreshListings } from './get-my-books';

/** Where the book goes: a category from the list, or a new one typed under "Others". The server takes exactly one. */
export type CategoryChoice = { categoryId: string } | { newCategory: string };

/** The add-book form's text fields under the server's names. Optional ones may be empty: they are then left out. */
export type NewListingFields = CategoryChoice & {
  title: string;
  author: string;
  sellerName: string;
  location: string;
  phone: string;
  originalPrice: string;
  resalePrice: string;
  publishYear?: string;
  description?: string;
  ratings?: string;
  reviews?: string;
};

/** The multipart body: every non-empty text field, then the picture as `image`. The seller's e-mail is never sent. */
export function newListingBody(fields: NewListingFields, image: File): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.trim() !== '') body.append(name, value.trim());
  }
  body.append('image', image);
  return body;
}

/** POST /api/books (sellers): lists a book with its picture; answers the new listing. */
export function createBook(fields: NewListingFields, image: File): Promise<SellerBookDto> {
  return authRequest<SellerBookDto>('/api/books', { method: 'POST', body: newListingBody(fields, image) });
}

export function useCreateBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, image }: { fields: NewListingFields; image: File }) => createBook(fields, image),
    onSuccess: () => refreshListings(queryClient),
  });
}
