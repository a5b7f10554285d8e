import { useCallback, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LuSearchX } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CategorySummaryDto } from '@bindings/CategorySummaryDto';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { useCategories } from '@/lib/api/get-categories';
import { formatNumber } from '@/lib/format';
import type { Language } from '@/lib/i18n/language';
import { useLanguage } from '@/lib/i18n/translations';
import { pageCount } from '@/lib/page-param';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSearchResults } from '../api/search-books';
import {
  defaultSort,
  hasFilters,
  MAX_COUNTED_RESULTS,
  readSearch,
  SEARCH_PAGE_SIZE,
  writeSearch,
  type SearchFilters as Filters,
} from '../search-params';
import { hasCopyFilters } from '../copy-filters';
import { BookGrid } from './BookGrid';
import { SearchFilters } from './SearchFilters';

const GRID_COLUMNS = 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6';

/** "60 books match.", or "10,000 or more books match." past what the server counts; in the reader's digits. */
function matchCount(total: number, t: TFunction<'shop'>, language: Language): string {
  if (total >= MAX_COUNTED_RESULTS) return t('search.countAtLeast', { number: formatNumber(MAX_COUNTED_RESULTS, language) });
  return t('search.count', { count: total, number: formatNumber(total, language) });
}

/**
 * /search: the books matching the words typed in the navigation bar's search box, with filters (category, price),
 * an order and pages. Every choice is written into the URL (a new history entry each), so a search can be shared and
 * the back button returns to the previous results, which React Query still holds.
 */
export function SearchPage() {
  const { t } = useTranslation('shop');
  const language = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readSearch(searchParams);
  const categories = useCategories();
  // The server's default order is the page's: left out, the request reads like the page's URL.
  const sort = filters.sort === defaultSort(filters.q) ? undefined : filters.sort;
  const results = useSearchResults({ ...filters, sort, perPage: SEARCH_PAGE_SIZE });
  useDocumentTitle(filters.q ? t('search.titleFor', { q: filters.q }) : t('search.title'));

  const show = useCallback(
    (next: Filters, { replace = false } = {}) => {
      setSearchParams(writeSearch(next), { replace });
      if (!replace) window.scrollTo({ top: 0 });
    },
    [setSearchParams],
  );
  const change = (changed: Partial<Filters>) => show({ ...filters, ...changed, page: 1 });

  const total = results.data ? Math.min(results.data.total, MAX_COUNTED_RESULTS) : 0;
  const totalPages = pageCount(total, SEARCH_PAGE_SIZE);
  // A page past the end (a shared link to results that have since shrunk): the last page, in place of this entry, so
  // the back button does not lead here again.
  const pastTheEnd = results.isSuccess && !results.isPlaceholderData && total > 0 && filters.page > totalPages;
  const searchKey = searchParams.toString();
  useEffect(() => {
    if (pastTheEnd) show({ ...readSearch(new URLSearchParams(searchKey)), page: totalPages }, { replace: true });
  }, [pastTheEnd, searchKey, totalPages, show]);

  return (
    <>
      <PageHeader
        eyebrow={t('search.eyebrow')}
        title={filters.q ? t('search.resultsFor', { q: filters.q }) : t('search.allBooks')}
      >
        {/* The line keeps its height while the count is unknown, so the results do not move down when it comes. */}
        <p>{results.data && !results.isPlaceholderData ? matchCount(results.data.total, t, language) : '\u00a0'}</p>
      </PageHeader>
      <div className="container-page py-8 sm:py-12">
        <SearchFilters filters={filters} categories={categories.data ?? []} onChange={change} />
        {results.isPending && <ResultsSkeleton />}
        {results.isError && (
          <ErrorState error={results.error} onRetry={() => void results.refetch()} retrying={results.isFetching} />
        )}
        {results.isSuccess && total === 0 && (
          <NoResults
            filters={filters}
            categories={categories.data ?? []}
            onClearFilters={() => change({ categoryId: null, minPrice: null, maxPrice: null, condition: null, language: null })}
          />
        )}
        {results.isSuccess && total > 0 && (
          <>
            <div
              className={results.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
              aria-busy={results.isPlaceholderData}
            >
              <h2 className="sr-only">{t('search.results')}</h2>
              <BookGrid
                books={results.data.items}
                headingLevel={3}
                columns={GRID_COLUMNS}
                compact
              />
            </div>
            <Pagination page={filters.page} totalPages={totalPages} onPageChange={(page) => show({ ...filters, page })} />
          </>
        )}
      </div>
    </>
  );
}

/** Placeholder cards in the grid's shape while the first results arrive. */
function ResultsSkeleton() {
  const { t } = useTranslation('shop');
  return (
    <div role="status" aria-label={t('search.loading')}>
      <span className="sr-only">{t('search.loading')}</span>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 md:grid-cols-4 xl:grid-cols-6" aria-hidden="true">
        {Array.from({ length: 12 }, (_, index) => (
          <li key={index} className="flex flex-col gap-2">
            <div className="skeleton aspect-[2/3] w-full rounded-box" />
            <div className="skeleton h-4 w-4/5" />
            <div className="skeleton h-3 w-3/5" />
          </li>
        ))}
      </ul>
    </div>
  );
}

function NoResults({
  filters,
  categories,
  onClearFilters,
}: {
  filters: Filters;
  categories: readonly CategorySummaryDto[];
  onClearFilters: () => void;
}) {
  const { t } = useTranslation('shop');
  const language = useLanguage();
  const filtered = hasFilters(filters);
  const emptyTitle = filters.q
    ? t('search.emptyFor', { q: filters.q })
    : hasCopyFilters(filters)
      ? t('search.emptyCopies')
      : t('search.emptyFiltered');
  const stocked = categories.filter((category) => category.bookCount > 0);
  return (
    <EmptyState icon={<LuSearchX className="size-7" />} title={emptyTitle}>
      <p>{filtered ? t('search.hintFiltered') : t('search.hint')}</p>
      {filtered && (
        <button type="button" className="btn btn-primary" onClick={onClearFilters}>
          {t('search.clearFilters')}
        </button>
      )}
      {stocked.length > 0 && (
        <nav aria-label={t('search.categories')}>
          <ul className="flex flex-wrap justify-center gap-2">
            {stocked.map((category) => (
              <li key={category.id}>
                <Link
                  to={`/search?categoryId=${category.id}`}
                  className="btn btn-sm rounded-full border-base-300 bg-base-100 font-medium hover:border-primary hover:bg-primary hover:text-primary-content"
                >
                  {category.name}{' '}
                  <span className="opacity-70">{t('search.categoryCount', { number: formatNumber(category.bookCount, language) })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </EmptyState>
  );
}
