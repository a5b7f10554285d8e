import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCategoryDto } from '@bindings/AdminCategoryDto';
import type { PageDto } from '@bindings/PageDto';
import { authRequest } from '@/lib/session-token';
import { ADMIN_CATEGORIES_KEY, CATEGORIES_PER_PAGE } from './admin-keys';

export type AdminCategoriesPage = PageDto<AdminCategoryDto>;

/**
 * GET /api/admin/categories (admin): every category by name, with its books in every status (`books`) and those for
 * sale (`availableBooks`).
 */
export function getAdminCategories(
  { page, perPage = CATEGORIES_PER_PAGE }: { page: number; perPage?: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminCategoriesPage> {
  const query = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  return authRequest<AdminCategoriesPage>(`/api/admin/categories?${query}`, { signal });
}

export const adminCategoriesQueryOptions = (page: number, perPage = CATEGORIES_PER_PAGE) =>
  queryOptions({
    queryKey: [...ADMIN_CATEGORIES_KEY, { page, perPage }],
    queryFn: ({ signal }) => getAdminCategories({ page, perPage }, { signal }),
  });

export function useAdminCategories(page: number, perPage = CATEGORIES_PER_PAGE) {
  return useQuery({ ...adminCategoriesQueryOptions(page, perPage), placeholderData: keepPreviousData });
}
