import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parsePage } from '@/lib/page-param';

/** What narrows the admin's seller or buyer table, as its URL holds it, so back, forward and reload keep it. */
export interface AccountFilters {
  /** A piece of a name or an e-mail address, trimmed; empty for everyone. */
  q: string;
  /** Sellers the admin verified (true) or not yet (false); null for both. */
  verified: boolean | null;
  /** Holders who proved their address (true) or not (false); null for both. */
  emailProven: boolean | null;
  page: number;
}

/** The server refuses a longer piece of text (400), so the box takes no more. */
export const MAX_ACCOUNT_QUERY = 100;

function readFlag(raw: string | null): boolean | null {
  return raw === 'true' ? true : raw === 'false' ? false : null;
}

/** The filters a table's URL describes; what cannot be read is left out, never sent to the server. */
export function readAccountFilters(params: URLSearchParams): AccountFilters {
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_ACCOUNT_QUERY),
    verified: readFlag(params.get('verified')),
    emailProven: readFlag(params.get('emailProven')),
    page: parsePage(params.get('page')),
  };
}

/** The URL query for the filters, leaving out what is unset, so a plain table has a plain URL. */
export function writeAccountFilters(filters: AccountFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.verified !== null) params.set('verified', String(filters.verified));
  if (filters.emailProven !== null) params.set('emailProven', String(filters.emailProven));
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The request's query for the API: the filters set, the page and its size. */
export function accountQuery(filters: AccountFilters, perPage: number): URLSearchParams {
  const query = writeAccountFilters({ ...filters, page: 1 });
  query.set('page', String(filters.page));
  query.set('perPage', String(perPage));
  return query;
}

/**
 * The table's filters from the URL, and a way to change them. A changed filter starts again at page 1; a text typed
 * replaces the URL in place (a pause in typing is no step back to return to), every other change is a new history
 * entry. Changes merge into the URL as it is when they land, so a text settling after a filter changed keeps both.
 */
export function useAccountFilters(): [AccountFilters, (changed: Partial<AccountFilters>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readAccountFilters(searchParams);
  const change = useCallback(
    (changed: Partial<AccountFilters>) => {
      setSearchParams((current) => writeAccountFilters({ ...readAccountFilters(current), page: 1, ...changed }), {
        replace: Object.keys(changed).length === 1 && 'q' in changed,
      });
      if ('page' in changed) window.scrollTo({ top: 0 });
    },
    [setSearchParams],
  );
  return [filters, change];
}
