import { Link, useParams } from 'react-router-dom';
import { LuBookX, LuSearchX } from 'react-icons/lu';
import { CATEGORY_PAGE_SIZE, useCategoryBooks } from '../api/get-category-books';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { isNotFoundError } from '@/lib/api-client';
import { pageCount, usePageParam } from '@/lib/page-param';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BookGrid } from './BookGrid';

/** /category/{id}: one category's books, twelve per page, the page number kept in the URL. */
export function CategoryPage() {
  const { id = '' } = useParams();
  const [page, goToPage] = usePageParam();
  const query = useCategoryBooks({ categoryId: id, page });
  const notFound = query.isError && isNotFoundError(query.error);

  useDocumentTitle(query.data?.category.name ?? (notFound ? 'Category not found' : 'Category'));

  if (query.isPending) return <Spinner />;

  if (query.isError) {
    if (notFound) {
      return (
        <div className="container-page">
          <EmptyState level={1} icon={<LuSearchX className="size-7" />} title="Category not found">
            <p>We couldn't find this category. It may have been renamed or the link may be mistyped.</p>
            <Link to="/shop" className="btn btn-primary">
              Browse the shop
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
      <PageHeader eyebrow="Category" title={category.name}>
        <p>
          {total === 1 ? '1 book available' : `${total} books available`} from sellers across Bangladesh.
        </p>
      </PageHeader>
      <div className="container-page py-10 sm:py-14">
        {total === 0 ? (
          <EmptyState icon={<LuBookX className="size-7" />} title="No books in this category yet">
            <p>Sellers add books every day. In the meantime, see what the rest of the shop has.</p>
            <Link to="/shop" className="btn btn-primary">
              Browse the shop
            </Link>
          </EmptyState>
        ) : books.length === 0 ? (
          <EmptyState icon={<LuBookX className="size-7" />} title="There are no books on this page">
            <p>
              This category has {totalPages} {totalPages === 1 ? 'page' : 'pages'}.
            </p>
            <button type="button" className="btn btn-primary" onClick={() => goToPage(1)}>
              Go to the first page
            </button>
          </EmptyState>
        ) : (
          <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={query.isPlaceholderData}>
            <BookGrid
              books={books}
              headingLevel={2}
              columns="grid-cols-2 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6"
              compact
            />
          </div>
        )}
        {total > 0 && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} />}
      </div>
    </>
  );
}
