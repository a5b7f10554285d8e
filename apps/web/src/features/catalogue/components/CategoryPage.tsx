import { Link, useParams } from 'react-router-dom';
import { LuBookX, LuSearchX } from 'react-icons/lu';
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
import { pageCount, usePageParam } from '@/lib/page-param';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BookGrid } from './BookGrid';

const GRID_COLUMNS = 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6';

/** /category/{id}: one category's books, twelve per page, the page number kept in the URL. */
export function CategoryPage() {
  const { t } = useTranslation('shop');
  const language = useLanguage();
  const { id = '' } = useParams();
  const [page, goToPage] = usePageParam();
  const query = useCategoryBooks({ categoryId: id, page });
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
        <p>{t('category.available', { count: total, number: formatNumber(total, language) })}</p>
      </PageHeader>
      <div className="container-page py-10 sm:py-14">
        {total === 0 ? (
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
