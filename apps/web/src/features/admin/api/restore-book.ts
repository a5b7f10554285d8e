import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRequest } from '@/lib/session-token';
import { refreshAfterDecision } from './get-reports';

/**
 * POST /api/admin/books/{id}/restore (admin): a hidden listing is for sale again and its open reports are dismissed
 * (204). 409 `book_unavailable` when it is not hidden.
 */
export function restoreBook(bookId: string): Promise<void> {
  return authRequest<void>(`/api/admin/books/${encodeURIComponent(bookId)}/restore`, { method: 'POST' });
}

export function useRestoreBook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreBook, onSettled: () => refreshAfterDecision(queryClient) });
}
