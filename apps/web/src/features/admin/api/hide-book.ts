import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HideBookDto } from '@bindings/HideBookDto';
import { authRequest } from '@/lib/session-token';
import { refreshAfterDecision } from './get-reports';

/**
 * POST /api/admin/books/{id}/hide (admin): takes an available listing off the shop; its seller reads `reason`, and its
 * open reports become actioned (204). 409 `book_unavailable` when it is not available (ordered, sold, hidden).
 */
export function hideBook({ bookId, reason }: { bookId: string } & HideBookDto): Promise<void> {
  const body: HideBookDto = { reason };
  return authRequest<void>(`/api/admin/books/${encodeURIComponent(bookId)}/hide`, { method: 'POST', body });
}

export function useHideBook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: hideBook, onSettled: () => refreshAfterDecision(queryClient) });
}
