import { Link, useParams } from 'react-router-dom';
import { LuBookX, LuFilterX, LuSearchX } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import { CATEGORY_PAGE_SIZE, useCategoryBooks } from '../api/get-category-books';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { isNotFoundError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { pageCount } from '@/lib/page-param';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ANY_COPY, hasCopyFilters, useCopyFilterParams } from '../copy-filters';
import { BookGrid } from './BookGrid';
import { CopyFilterFields } from './CopyFilterFields';

/** Each filter's width from a tablet up; on a phone the two share the row. */
const FILTER_WIDTH = 'sm:w-52';
const GRID_COLUMNS = 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6';

/**
 * /category/{id}: one category's books, twelve per page, narrowed by grade and language if the reader chooses; the
 * page and the filters are kept in the URL.
 */
export function CategoryPage() {
  const { t } = useTranslation('shop');
  const language = useLanguage();
  const { id = '' } = useParams();
  const { filters, page, setFilters, goToPage } = useCopyFilterParams();
  const filtered = hasCopyFilters(filters);
  const query = useCategoryBooks({ categoryId: id, page, ...filters });
  const notFound = query.isError && isNotFoundError(query.error);

  useDocumentTitle(query.data?.category.name ?? (notFound ? t('category.notFoundTitle') : t('category.title')));

  if (query.isPending) return <Spinner />;

  if (query.isError) {
    if (notFound) {
      return (
        <div className="container-page">
          <EmptyState level={1} icon={<LuSearchX className="size-7" />} title={t('category.notFoundTitle')}>
            <p>{t('category.notFoundText')}</p>
            <Link to="/shop" className="btn btn-primary">
              {t('links.browseShop')}
            </Link>
          </EmptyState>
        </div>
      );
    }
    return (
      <div className="container-page">
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  }

  const { category, books, total } = query.data;
  const totalPages = pageCount(total, CATEGORY_PAGE_SIZE);

  return (
    <>
      <PageHeader eyebrow={t('category.eyebrow')} title={category.name}>
        {/* Polite: a screen reader hears how many copies a filter left, without leaving the drop-down. */}
        <p aria-live="polite">
          {filtered
            ? t('category.matching', { count: total, number: formatNumber(total, language) })
            : t('category.available', { count: total, number: formatNumber(total, language) })}
        </p>
      </PageHeader>
      <div className="container-page py-8 sm:py-12">
        {(filtered || total > 0) && (
          <section aria-labelledby="category-filters" className="mb-8 rounded-box bg-base-200/60 p-4 sm:p-5">
            <h2 id="category-filters" className="sr-only">
              {t('category.filters')}
            </h2>
            <div className="grid grid-cols-2 gap-4 sm:flex sm:flex-wrap sm:items-end">
              <CopyFilterFields filters={filters} onChange={setFilters} fieldClassName={FILTER_WIDTH} />
              {filtered && total > 0 && (
                <button type="button" className="btn btn-ghost col-span-2 justify-self-start sm:col-span-1" onClick={() => setFilters(ANY_COPY)}>
                  <LuFilterX className="size-4" aria-hidden="true" />
                  {t('category.clearFilters')}
                </button>
              )}
            </div>
          </section>
        )}
        {total === 0 && filtered ? (
          <EmptyState icon={<LuFilterX className="size-7" />} title={t('category.noMatchTitle')}>
            <p>{t('category.noMatchText')}</p>
            <button type="button" className="btn btn-primary" onClick={() => setFilters(ANY_COPY)}>
              {t('category.clearFilters')}
            </button>
          </EmptyState>
        ) : total === 0 ? (
          <EmptyState icon={<LuBookX className="size-7" />} title={t('category.emptyTitle')}>
            <p>{t('category.emptyText')}</p>
            <Link to="/shop" className="btn btn-primary">
              {t('links.browseShop')}
            </Link>
          </EmptyState>
        ) : books.length === 0 ? (
          <EmptyState icon={<LuBookX className="size-7" />} title={t('category.pastEndTitle')}>
            <p>{t('category.pages', { count: totalPages, number: formatNumber(totalPages, language) })}</p>
            <button type="button" className="btn btn-primary" onClick={() => goToPage(1)}>
              {t('category.firstPage')}
            </button>
          </EmptyState>
        ) : (
          <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={query.isPlaceholderData}>
            <BookGrid
              books={books}
              headingLevel={2}
              columns={GRID_COLUMNS}
              compact
            />
          </div>
        )}
        {total > 0 && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} />}
      </div>
    </>
  );
}
