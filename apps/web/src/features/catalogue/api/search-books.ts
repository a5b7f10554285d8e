import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookLanguageDto } from '@bindings/BookLanguageDto';
import type { ConditionDto } from '@bindings/ConditionDto';
import type { SearchResultsDto } from '@bindings/SearchResultsDto';
import { apiGet } from '@/lib/api-client';
import { BOOKS_KEY } from '@/lib/query-client';

/** How the server orders search results. `relevance` needs words to be relevant to. */
export type SearchSort = 'relevance' | 'newest' | 'price_asc' | 'price_desc';

export interface SearchBooksParams {
  q?: string;
  categoryId?: string | null;
  minPrice?: number | null;
  maxPrice?: number | null;
  /** Only copies of this grade / in this language; left out (or null) for any. */
  condition?: ConditionDto | null;
  language?: BookLanguageDto | null;
  /** Left out, the server orders by relevance when there are words, newest first otherwise. */
  sort?: SearchSort;
  page?: number;
  perPage?: number;
}

/** The server takes at most this many characters of a query (after trimming). */
export const MAX_QUERY_CHARS = 200;

/** Trimmed and cut to what the server accepts, counting characters as it does (not UTF-16 units). */
export function cleanQuery(raw: string): string {
  const trimmed = raw.trim();
  const chars = Array.from(trimmed);
  return chars.length > MAX_QUERY_CHARS ? chars.slice(0, MAX_QUERY_CHARS).join('').trim() : trimmed;
}

/** How many suggestions the search box shows under itself. */
export const SUGGESTION_COUNT = 8;
/**
 * How long the box reuses an answer for words typed again (deleting a letter, retyping it): the suggestions are a
 * hint, and the book page a suggestion opens always says whether the book is still for sale.
 */
const SUGGESTIONS_FRESH_MS = 30_000;

/** The query string for GET /api/search, with only the parameters that are set. */
export function searchQueryString(params: SearchBooksParams): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.categoryId) query.set('categoryId', params.categoryId);
  if (params.minPrice !== undefined && params.minPrice !== null) query.set('minPrice', String(params.minPrice));
  if (params.maxPrice !== undefined && params.maxPrice !== null) query.set('maxPrice', String(params.maxPrice));
  if (params.condition) query.set('condition', params.condition);
  if (params.language) query.set('language', params.language);
  if (params.sort) query.set('sort', params.sort);
  if (params.page !== undefined && params.page > 1) query.set('page', String(params.page));
  if (params.perPage !== undefined) query.set('perPage', String(params.perPage));
  return query.toString();
}

/** GET /api/search: available books matching words (in any script) and filters, a page at a time. Public. */
export function searchBooks(params: SearchBooksParams, { signal }: { signal?: AbortSignal } = {}): Promise<SearchResultsDto> {
  return apiGet<SearchResultsDto>(`/api/search?${searchQueryString(params)}`, { signal });
}

/** Under the storefront's key: a seller's or the admin's change refreshes searches too. */
export const searchQueryOptions = (params: SearchBooksParams) =>
  queryOptions({
    queryKey: [...BOOKS_KEY, 'search', searchQueryString(params)],
    queryFn: ({ signal }) => searchBooks(params, { signal }),
  });

/** The /search page's results; the previous page stays on screen while the next one loads. */
export function useSearchResults(params: SearchBooksParams) {
  return useQuery({ ...searchQueryOptions(params), placeholderData: keepPreviousData });
}

/**
 * The search box's suggestions for `text` (already debounced and trimmed; nothing is asked for while it is empty).
 * Each distinct text is its own cached query, so a prefix typed again answers at once, and the request for text the
 * user has typed past is cancelled: the query passes its AbortSignal on, and React Query aborts it once nothing
 * watches that text any more.
 */
export function useSearchSuggestions(text: string) {
  return useQuery({
    ...searchQueryOptions({ q: text, perPage: SUGGESTION_COUNT }),
    enabled: text.length > 0,
    staleTime: SUGGESTIONS_FRESH_MS,
    placeholderData: keepPreviousData,
  });
}
