import { Link, useParams } from 'react-router-dom';
import { LuBookX } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import { useBook } from '@/lib/api/get-book';
import { ReportAction } from '@/components/reports/ReportAction';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Spinner } from '@/components/ui/Spinner';
import { isNotFoundError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BookDetails } from './BookDetails';

/** /books/{id}: one book, or a clear not-found state for an unknown id. */
export function BookPage() {
  const { t } = useTranslation('shop');
  const { id = '' } = useParams();
  const book = useBook(id);
  const notFound = book.isError && isNotFoundError(book.error);

  useDocumentTitle(book.data?.title ?? (notFound ? t('book.notFoundTitle') : t('book.title')));

  if (book.isPending) return <Spinner />;
  if (notFound) {
    return (
      <div className="container-page">
        <EmptyState level={1} icon={<LuBookX className="size-7" />} title={t('book.notFoundTitle')}>
          <p>{t('book.notFoundText')}</p>
          <Link to="/shop" className="btn btn-primary">
            {t('links.browseShop')}
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (book.isError) {
    return (
      <div className="container-page">
        <ErrorState error={book.error} onRetry={() => void book.refetch()} retrying={book.isFetching} />
      </div>
    );
  }
  return (
    <>
      <BookDetails book={book.data} />
      {/* Under the seller block, well away from Buy Now. */}
      <div className="container-page -mt-6 flex justify-end pb-8 sm:-mt-10">
        <ReportAction target={{ type: 'book', id: book.data.id, name: book.data.title }} ownerId={book.data.seller.id} />
      </div>
    </>
  );
}
