// What global setup hands to the journeys, and small typed readers of the public API.
import { inject } from 'vitest';
import type { BookCardDto } from '../../../bindings/BookCardDto';
import type { BookDetailDto } from '../../../bindings/BookDetailDto';
import type { CategoryGroupDto } from '../../../bindings/CategoryGroupDto';
import type { CategoryPageDto } from '../../../bindings/CategoryPageDto';
import type { CategorySummaryDto } from '../../../bindings/CategorySummaryDto';
import type { SearchResultsDto } from '../../../bindings/SearchResultsDto';

export interface E2eFixtures {
  /** The origin under test, without a trailing slash. */
  baseURL: string;
  /** The database behind it; empty when testing an external E2E_BASE_URL without E2E_DATABASE_URL. */
  databaseURL: string;
  /** host:port of the Firebase Auth emulator the server uses; empty when unknown (E2E_BASE_URL without E2E_AUTH_EMULATOR). */
  authEmulator: string;
  pendingBookId: string;
  soldBookId: string;
  unverifiedSellerBookId: string;
  /** A category global setup filled to span several pages. */
  pagingCategoryId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eFixtures;
  }
}

export function fixtures(): E2eFixtures {
  return inject('e2e');
}

export function url(path: string): string {
  return `${fixtures().baseURL}${path}`;
}

/** GET a JSON answer, as a visitor or, with `accessToken`, as the signed-in user it belongs to. */
async function getJson<T>(path: string, accessToken?: string): Promise<T> {
  const response = await fetch(url(path), accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {});
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export const api = {
  categories: () => getJson<CategorySummaryDto[]>('/api/categories'),
  grouped: (perCategory = 4) => getJson<CategoryGroupDto[]>(`/api/books/grouped?perCategory=${perCategory}`),
  categoryPage: (id: string, page = 1, perPage = 12) =>
    getJson<CategoryPageDto>(`/api/categories/${id}/books?page=${page}&perPage=${perPage}`),
  /** The seller's phone and e-mail are filled in only with an access token. */
  book: (id: string, accessToken?: string) => getJson<BookDetailDto>(`/api/books/${id}`, accessToken),
  advertised: () => getJson<BookCardDto[]>('/api/advertised'),
  /** GET /api/search with these parameters (q, categoryId, sort, perPage...). */
  search: (params: Record<string, string>) => getJson<SearchResultsDto>(`/api/search?${new URLSearchParams(params)}`),
};

/** Money as the app must show it: "<amount> ৳", digits grouped the South Asian way (1,00,000). */
export function taka(amount: number): string {
  return `${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(amount)} ৳`;
}
