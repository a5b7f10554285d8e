import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** "?page=3" -> 3; anything missing or nonsensical -> 1. */
export function parsePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** How many pages `total` items fill, `perPage` to a page; an empty list still has its one (empty) page. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * The page of a paged list, kept in the URL (`?page=N`, none for the first) so a reload or a shared link opens the
 * same page. Changing it scrolls back to the top, where the list starts.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const goToPage = useCallback(
    (next: number) => {
      setSearchParams(next <= 1 ? {} : { page: String(next) });
      window.scrollTo({ top: 0 });
    },
    [setSearchParams],
  );
  return [page, goToPage];
}

/**
 * Deleting the last item of the last page leaves that page empty, and a stale link may point past the end: once the
 * list's size is known (`ready`), a page past the last one moves to the last one.
 */
export function usePageInRange({
  ready,
  page,
  totalPages,
  goToPage,
}: {
  ready: boolean;
  page: number;
  totalPages: number;
  goToPage: (page: number) => void;
}): void {
  useEffect(() => {
    if (ready && page > totalPages) goToPage(totalPages);
  }, [ready, page, totalPages, goToPage]);
}

/**
 * The page of one of several paged lists on a screen, kept in the URL under its own name (`?reviews=2`) beside the
 * others' (none for the first page). Changing it brings the list's own start (`anchor`, an element id) into view, not
 * the top of the screen.
 */
export function useListPageParam(name: string, anchor: string): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get(name));
  const goToPage = useCallback(
    (next: number) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next <= 1) params.delete(name);
          else params.set(name, String(next));
          return params;
        },
        { preventScrollReset: true },
      );
      // jsdom (the unit tests) has no scrollIntoView.
      document.getElementById(anchor)?.scrollIntoView?.({ block: 'start' });
    },
    [setSearchParams, name, anchor],
  );
  return [page, goToPage];
}
