import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BookLanguageDto } from '@bindings/BookLanguageDto';
import type { ConditionDto } from '@bindings/ConditionDto';
import { isBookLanguage, isCondition } from '@/lib/copy';
import { parsePage } from '@/lib/page-param';

/** Which copies a list shows: one grade and/or one language, or any (null). */
export interface CopyFilters {
  condition: ConditionDto | null;
  language: BookLanguageDto | null;
}

export const ANY_COPY: CopyFilters = { condition: null, language: null };

/** The copy filters a URL holds; a value the server would refuse (a hand-edited link) reads as "any". */
export function readCopyFilters(params: URLSearchParams): CopyFilters {
  const condition = params.get('condition');
  const language = params.get('language');
  return { condition: isCondition(condition) ? condition : null, language: isBookLanguage(language) ? language : null };
}

/** Writes the copy filters into `params`, leaving out the ones that are "any" so shared links stay short. */
export function writeCopyFilters(params: URLSearchParams, filters: CopyFilters): URLSearchParams {
  params.delete('condition');
  params.delete('language');
  if (filters.condition) params.set('condition', filters.condition);
  if (filters.language) params.set('language', filters.language);
  return params;
}

export function hasCopyFilters(filters: CopyFilters): boolean {
  return filters.condition !== null || filters.language !== null;
}

/**
 * A category page's grade and language filters and its page, all kept in the URL (`?condition=good&language=bn&page=2`)
 * so a reload or a shared link shows the same books. A new filter starts again at the first page; a new page keeps the
 * filters. Each change is a history entry, so the back button undoes it.
 */
export function useCopyFilterParams(): {
  filters: CopyFilters;
  page: number;
  setFilters: (change: Partial<CopyFilters>) => void;
  goToPage: (page: number) => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readCopyFilters(searchParams);
  const page = parsePage(searchParams.get('page'));
  const setFilters = useCallback(
    (change: Partial<CopyFilters>) =>
      setSearchParams(
        (current) => {
          const params = writeCopyFilters(new URLSearchParams(current), { ...readCopyFilters(current), ...change });
          params.delete('page');
          return params;
        },
        // The filters sit above the books: the reader stays where they are while the list changes under them.
        { preventScrollReset: true },
      ),
    [setSearchParams],
  );
  const goToPage = useCallback(
    (next: number) => {
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next <= 1) params.delete('page');
        else params.set('page', String(next));
        return params;
      });
      window.scrollTo({ top: 0 });
    },
    [setSearchParams],
  );
  return { filters, page, setFilters, goToPage };
}
