import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { BookDetailDto } from '@bindings/BookDetailDto';
import { apiGet } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { preloadImage } from '@/lib/preload-image';
import { BOOKS_KEY } from '@/lib/query-client';
import { viewerRequest } from '@/lib/session-token';

/** The server leaves out the seller's phone and e-mail (null) for visitors, and for a token it did not accept. */
export function contactHidden(book: BookDetailDto): boolean {
  return book.seller.phone === null && book.seller.email === null;
}

/**
 * GET /api/books/{id}. Public; a signed-in user's access token goes along so the seller's phone and e-mail come back
 * filled in. Looking at a book never signs anyone out: without a usable token it is asked for as a visitor.
 */
export function getBook(
  bookId: string,
  { signal, signedIn = false }: { signal?: AbortSignal; signedIn?: boolean } = {},
): Promise<BookDetailDto> {
  const path = `/api/books/${encodeURIComponent(bookId)}`;
  if (!signedIn) return apiGet<BookDetailDto>(path, { signal });
  return viewerRequest<BookDetailDto>(path, { signal }, contactHidden);
}

/** `viewerId` is the signed-in account (null for a visitor): signing in, out or as someone else asks again. */
export const bookQueryOptions = (bookId: string, viewerId: string | null) =>
  queryOptions({
    queryKey: [...BOOKS_KEY, 'detail', bookId, viewerId ?? 'visitor'],
    queryFn: ({ signal }) => getBook(bookId, { signal, signedIn: viewerId !== null }),
  });

export function useBook(bookId: string) {
  const status = useAuthStore((state) => state.status);
  const viewerId = useAuthStore((state) => (state.status === 'signedIn' ? (state.user?.id ?? null) : null));
  return useQuery({
    ...bookQueryOptions(bookId, viewerId),
    // Until sign-in has settled it is unknown whose eyes the book is for: one request, with the right token.
    enabled: status !== 'loading',
    // The same book while the viewer changes (logging out, say): keep it on screen until the new answer arrives.
    placeholderData: (previous) => (previous?.id === bookId ? previous : undefined),
  });
}

/**
 * A visitor opening a book page: asks for the book while the page's code is still arriving, and for its cover as
 * soon as the answer is in, so the page draws complete the moment its code runs. A signed-in viewer's request waits
 * for sign-in to settle instead (whose eyes the book is for decides what comes back). Failures are left to the page,
 * whose own query asks again and shows them.
 */
export function prefetchBook(queryClient: QueryClient, bookId: string): void {
  if (useAuthStore.getState().status !== 'signedOut') return;
  queryClient
    .fetchQuery(bookQueryOptions(bookId, null))
    .then((book) => preloadImage(book.picture))
    .catch(() => {});
}
