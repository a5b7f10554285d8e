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
  /** `like_new`, `very_good`, `good` or `acceptable`: required. */
  condition: string;
  /** `bn`, `en` or `other`; empty when the seller does not say. */
  language?: string;
  /** ISBN-10 or -13 as typed (the server reads hyphens and Bengali digits); empty for none. */
  isbn?: string;
};

/**
 * The multipart body: every non-empty text field, then one `image` field per photo in their order (the server takes
 * the first as the cover). The seller's e-mail is never sent.
 */
export function newListingBody(fields: NewListingFields, images: readonly File[]): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.trim() !== '') body.append(name, value.trim());
  }
  for (const image of images) body.append('image', image);
  return body;
}

/** POST /api/books (sellers): lists a book with its 1 to 5 photos, the cover first; answers the new listing. */
export function createBook(fields: NewListingFields, images: readonly File[]): Promise<SellerBookDto> {
  return authRequest<SellerBookDto>('/api/books', { method: 'POST', body: newListingBody(fields, images) });
}

export function useCreateBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, images }: { fields: NewListingFields; images: readonly File[] }) => createBook(fields, images),
    onSuccess: () => refreshListings(queryClient),
  });
}
