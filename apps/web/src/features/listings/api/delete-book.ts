import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRequest } from '@/lib/session-token';
import { MY_BOOKS_KEY, refreshListings, type MyBooksPage } from './get-my-books';

/** DELETE /api/books/{id}: takes an available listing off the shop for good (204). */
export function deleteBook(bookId: string): Promise<void> {
  return authRequest<void>(`/api/books/${encodeURIComponent(bookId)}`, { method: 'DELETE' });
}

export function useDeleteBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBook,
    onSuccess: (_nothing, bookId) => {
      // Gone from the list at once; the refetch below brings the next listing up from the following page.
      queryClient.setQueriesData<MyBooksPage>({ queryKey: MY_BOOKS_KEY }, (page) =>
        page?.items.some((item) => item.id === bookId)
          ? { ...page, items: page.items.filter((item) => item.id !== bookId), total: page.total - 1 }
          : page,
      );
    },
    onSettled: () => refreshListings(queryClient),
  });
}
