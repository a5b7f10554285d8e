import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageDto } from '@bindings/PageDto';
import { invalidateStorefront } from '@/lib/query-client';
import { authRequest } from '@/lib/session-token';
import { ADMIN_KEY } from './admin-keys';

/**
 * DELETE /api/admin/accounts/{id} (admin): closes a seller's or a buyer's account (204). Their next call is answered
 * "Forbidden Access" and signs them out; a seller's books leave the shop.
 */
export function deleteAccount(accountId: string): Promise<void> {
  return authRequest<void>(`/api/admin/accounts/${encodeURIComponent(accountId)}`, { method: 'DELETE' });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (_nothing, accountId) => {
      // Gone from whichever table showed it, at once; the refetch below fills the page up again.
      queryClient.setQueriesData<PageDto<{ id: string }>>({ queryKey: ADMIN_KEY }, (page) =>
        page?.items.some((item) => item.id === accountId)
          ? { ...page, items: page.items.filter((item) => item.id !== accountId), total: page.total - 1 }
          : page,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
      void invalidateStorefront(queryClient);
    },
  });
}
