import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookLanguageDto } from '@bindings/BookLanguageDto';
import type { CategoryPageDto } from '@bindings/CategoryPageDto';
import type { ConditionDto } from '@bindings/ConditionDto';
import { apiGet } from '@/lib/api-client';
import { CATEGORIES_KEY } from '@/lib/query-client';

export const CATEGORY_PAGE_SIZE = 12;

export interface CategoryBooksParams {
  categoryId: string;
  page: number;
  perPage?: number;
  /** Only copies of this grade / in this language; left out (or null) for any. */
  condition?: ConditionDto | null;
  language?: BookLanguageDto | null;
}

export function getCategoryBooks(
  { categoryId, page, perPage = CATEGORY_PAGE_SIZE, condition, language }: CategoryBooksParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CategoryPageDto> {
  const query = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  if (condition) query.set('condition', condition);
  if (language) query.set('language', language);
  return apiGet<CategoryPageDto>(`/api/categories/${encodeURIComponent(categoryId)}/books?${query}`, {
    signal,
  });
}

export const categoryBooksQueryOptions = (params: CategoryBooksParams) =>
  queryOptions({
    queryKey: [
      ...CATEGORIES_KEY,
      params.categoryId,
      'books',
      {
        page: params.page,
        perPage: params.perPage ?? CATEGORY_PAGE_SIZE,
        condition: params.condition ?? null,
        language: params.language ?? null,
      },
    ],
    queryFn: ({ signal }) => getCategoryBooks(params, { signal }),
  });

export function useCategoryBooks(params: CategoryBooksParams) {
  return useQuery({
    ...categoryBooksQueryOptions(params),
    // Keep the current page on screen while the next one loads, but only within one category.
    placeholderData: (previous) =>
      previous?.category.id === params.categoryId ? keepPreviousData(previous) : undefined,
  });
}
