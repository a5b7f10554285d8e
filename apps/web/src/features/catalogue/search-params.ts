import { VALIDATION_LIMITS } from '@bindings/validation-limits';
import { textToken } from '@/lib/i18n/problem';
import { parsePage } from '@/lib/page-param';
import { cleanQuery, type SearchSort } from './api/search-books';
import { hasCopyFilters, readCopyFilters, writeCopyFilters, type CopyFilters } from './copy-filters';

export type { SearchSort };

/** A search as the /search page's URL holds it: what was typed, the filters, the order and the page. */
export interface SearchFilters {
  /** Trimmed; empty for "every book". */
  q: string;
  categoryId: string | null;
  /** Whole taka. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Only copies of this grade / in this language. */
  condition: CopyFilters['condition'];
  language: CopyFilters['language'];
  sort: SearchSort;
  page: number;
}

/** Results per page on /search. */
export const SEARCH_PAGE_SIZE = 24;
/** The server counts matches up to this many; pages past them are not offered. */
export const MAX_COUNTED_RESULTS = 10_000;
/** No price filter beyond the highest price a book may be listed at. */
export const MAX_FILTER_PRICE = VALIDATION_LIMITS.maxPriceTaka;

const SORTS: readonly SearchSort[] = ['relevance', 'newest', 'price_asc', 'price_desc'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Words are ordered by how well they match; without words, the newest books come first. */
export function defaultSort(q: string): SearchSort {
  return q ? 'relevance' : 'newest';
}

function readPrice(raw: string | null): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  const price = Number(raw);
  return price <= MAX_FILTER_PRICE ? price : null;
}

/**
 * The search a /search URL describes. A hand-edited or stale URL never produces a request the server would refuse:
 * what cannot be read is left out (a malformed price, an unknown order, a price range upside down).
 */
export function readSearch(params: URLSearchParams): SearchFilters {
  const q = cleanQuery(params.get('q') ?? '');
  const category = params.get('categoryId');
  let minPrice = readPrice(params.get('minPrice'));
  let maxPrice = readPrice(params.get('maxPrice'));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    minPrice = null;
    maxPrice = null;
  }
  const sortParam = params.get('sort') as SearchSort | null;
  const known = sortParam !== null && SORTS.includes(sortParam) && (sortParam !== 'relevance' || q !== '');
  const pages = Math.ceil(MAX_COUNTED_RESULTS / SEARCH_PAGE_SIZE);
  return {
    q,
    categoryId: category !== null && UUID.test(category) ? category : null,
    minPrice,
    maxPrice,
    ...readCopyFilters(params),
    sort: known ? sortParam : defaultSort(q),
    page: Math.min(parsePage(params.get('page')), pages),
  };
}

/** The URL query for a search, leaving out what is unset or the default, so shared links stay short. */
export function writeSearch(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.categoryId) params.set('categoryId', filters.categoryId);
  if (filters.minPrice !== null) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('maxPrice', String(filters.maxPrice));
  writeCopyFilters(params, filters);
  if (filters.sort !== defaultSort(filters.q)) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** True when a category, a price, a grade or a language narrows the search (the words and the order are not filters). */
export function hasFilters(filters: SearchFilters): boolean {
  return filters.categoryId !== null || filters.minPrice !== null || filters.maxPrice !== null || hasCopyFilters(filters);
}

/** Why the typed prices are not a price range: tokens (see src/lib/i18n/problem.ts), read in the language on screen. */
export const PRICE_MESSAGES = {
  notWhole: textToken('shop:price.notWhole', { example: 250 }),
  tooHigh: textToken('shop:price.tooHigh', { max: MAX_FILTER_PRICE }),
  upsideDown: textToken('shop:price.upsideDown'),
} as const;

export type PriceRange =
  | { ok: true; minPrice: number | null; maxPrice: number | null }
  | { ok: false; field: 'minPrice' | 'maxPrice'; message: string };

/** Bengali digits (০-৯), which a phone's Bangla keyboard types, as ASCII ones. */
function asciiDigits(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
}

function parsePriceField(text: string): { price: number | null } | { message: string } {
  const trimmed = asciiDigits(text.trim());
  if (trimmed === '') return { price: null };
  if (!/^\d+$/.test(trimmed)) return { message: PRICE_MESSAGES.notWhole };
  const price = Number(trimmed);
  if (price > MAX_FILTER_PRICE) return { message: PRICE_MESSAGES.tooHigh };
  return { price };
}

/** The price range typed into the two boxes: whole taka, each optional, the lowest not above the highest. */
export function parsePriceRange(minText: string, maxText: string): PriceRange {
  const min = parsePriceField(minText);
  if ('message' in min) return { ok: false, field: 'minPrice', message: min.message };
  const max = parsePriceField(maxText);
  if ('message' in max) return { ok: false, field: 'maxPrice', message: max.message };
  if (min.price !== null && max.price !== null && min.price > max.price) {
    return { ok: false, field: 'maxPrice', message: PRICE_MESSAGES.upsideDown };
  }
  return { ok: true, minPrice: min.price, maxPrice: max.price };
}
