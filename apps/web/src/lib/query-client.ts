import { QueryClient, type DefaultOptions, type Query } from '@tanstack/react-query';
import { isRetryable } from './error-handling';

export const MAX_RETRIES = 3;

/**
 * Every query of the signed-in user's own data (orders, wish list, listings...) starts its key with this, so
 * logout and account switches can drop them all at once.
 */
export const USER_DATA_KEY = ['user'] as const;

/**
 * The storefront's public lists start their keys with one of these: books (grouped, advertised, one book) and
 * categories (the list, each category's pages). A seller's or the admin's change to a listing or an account refreshes
 * them all through invalidateStorefront, so the home page, the navbar's Advertise Items link and the shop follow at once.
 */
export const BOOKS_KEY = ['books'] as const;
export const CATEGORIES_KEY = ['categories'] as const;
/** A seller's public page: their score, their books on sale and their reviews (a listing or a handover changes them). */
export const SELLERS_KEY = ['sellers'] as const;

export async function invalidateStorefront(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: BOOKS_KEY }),
    queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY }),
    queryClient.invalidateQueries({ queryKey: SELLERS_KEY }),
  ]);
}

/**
 * Retry transient failures up to three times (ERROR_HANDLING says which), but never a client error: a 404 (unknown
 * book, unknown category) or a 400 will answer the same way every time, and the user should see it at once.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return isRetryable(error) && failureCount < MAX_RETRIES;
}

/**
 * An answer this fresh is not asked for again when a screen mounts: it is the one the screen wanted, brought by the
 * prefetch that ran while the screen's code was arriving (see routes.tsx). Anything invalidated since is asked again.
 */
export const JUST_ANSWERED_MS = 2_000;

export function refetchOnMount(query: Query): boolean {
  return query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_ANSWERED_MS;
}

export const queryDefaults = {
  queries: {
    // Lists are asked for again whenever a screen shows them (unless just answered, above), cached for five minutes.
    refetchOnMount,
    staleTime: 0,
    gcTime: 5 * 60 * 1000,
    retry: shouldRetry,
  },
} satisfies DefaultOptions;

export function createQueryClient(overrides: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { ...queryDefaults.queries, ...overrides } },
  });
}
