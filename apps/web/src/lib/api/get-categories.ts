import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategorySummaryDto } from '@bindings/CategorySummaryDto';
import { apiGet } from '@/lib/api-client';
import { CATEGORIES_KEY } from '@/lib/query-client';

/** GET /api/categories: every category with its count of available books (the add-book form's list, search's filter). Public. */
export function getCategories({ signal }: { signal?: AbortSignal } = {}): Promise<CategorySummaryDto[]> {
  return apiGet<CategorySummaryDto[]>('/api/categories', { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...CATEGORIES_KEY, 'summaries'],
    queryFn: ({ signal }) => getCategories({ signal }),
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
