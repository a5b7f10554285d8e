import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MergedCategoryDto } from '@bindings/MergedCategoryDto';
import type { MergeCategoryDto } from '@bindings/MergeCategoryDto';
import { invalidateStorefront } from '@/lib/query-client';
import { authRequest } from '@/lib/session-token';
import { ADMIN_CATEGORIES_KEY } from './admin-keys';

/**
 * POST /api/admin/categories/{id}/merge (admin): every book of the category, whatever its status, moves into `into`;
 * the category goes. 422 with an `into` field message when `into` is the category itself or no longer exists.
 */
export function mergeCategory(categoryId: string, body: MergeCategoryDto): Promise<MergedCategoryDto> {
  return authRequest<MergedCategoryDto>(`/api/admin/categories/${encodeURIComponent(categoryId)}/merge`, { method: 'POST', body });
}

export function useMergeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, into }: { categoryId: string; into: string }) => mergeCategory(categoryId, { into }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_CATEGORIES_KEY });
      // Books changed category: the shelves, both categories' pages, book pages and the add-book list follow.
      void invalidateStorefront(queryClient);
    },
  });
}
