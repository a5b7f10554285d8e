import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryDto } from '@bindings/CategoryDto';
import type { RenameCategoryDto } from '@bindings/RenameCategoryDto';
import { invalidateStorefront } from '@/lib/query-client';
import { authRequest } from '@/lib/session-token';
import { ADMIN_CATEGORIES_KEY } from './admin-keys';
import type { AdminCategoriesPage } from './get-admin-categories';

/**
 * PATCH /api/admin/categories/{id} (admin): renames a category. 409 `category_name_taken` when another category has
 * the name in any letter case; 422 with a `name` field message when the name breaks the rules.
 */
export function renameCategory(categoryId: string, body: RenameCategoryDto): Promise<CategoryDto> {
  return authRequest<CategoryDto>(`/api/admin/categories/${encodeURIComponent(categoryId)}`, { method: 'PATCH', body });
}

export function useRenameCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, name }: { categoryId: string; name: string }) => renameCategory(categoryId, { name }),
    onSuccess: (category) => {
      queryClient.setQueriesData<AdminCategoriesPage>({ queryKey: ADMIN_CATEGORIES_KEY }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === category.id ? { ...item, name: category.name } : item)) } : page,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_CATEGORIES_KEY });
      // The shop's shelves, the category pages and the add-book list show categories by name.
      void invalidateStorefront(queryClient);
    },
  });
}
