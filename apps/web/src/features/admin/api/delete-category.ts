import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateStorefront } from '@/lib/query-client';
import { authRequest } from '@/lib/session-token';
import { ADMIN_CATEGORIES_KEY } from './admin-keys';
import type { AdminCategoriesPage } from './get-admin-categories';

/**
 * DELETE /api/admin/categories/{id} (admin): deletes a category without books (204). One that holds books, withdrawn
 * ones included, is refused with 409 `category_not_empty`: merge it instead.
 */
export function deleteCategory(categoryId: string): Promise<void> {
  return authRequest<void>(`/api/admin/categories/${encodeURIComponent(categoryId)}`, { method: 'DELETE' });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: (_nothing, categoryId) => {
      queryClient.setQueriesData<AdminCategoriesPage>({ queryKey: ADMIN_CATEGORIES_KEY }, (page) =>
        page?.items.some((item) => item.id === categoryId)
          ? { ...page, items: page.items.filter((item) => item.id !== categoryId), total: page.total - 1 }
          : page,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_CATEGORIES_KEY });
      void invalidateStorefront(queryClient);
    },
  });
}
