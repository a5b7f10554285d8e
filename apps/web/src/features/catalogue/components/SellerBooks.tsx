import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LuLibrary } from 'react-icons/lu';
import { ErrorState } from '@/components/ui/ErrorState';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { pageCount, useListPageParam, usePageInRange } from '@/lib/page-param';
import { SELLER_BOOKS_PER_PAGE, useSellerBooks } from '../api/get-seller-books';
import { BookGrid } from './BookGrid';

const ANCHOR = 'seller-books';

/** A seller's books on sale on their public page, as the shop's cards, a page at a time (`?books=N`). */
export function SellerBooks({ sellerId }: { sellerId: string }) {
  const { t } = useTranslation('reviews');
  const [page, goToPage] = useListPageParam('books', ANCHOR);
  const books = useSellerBooks(sellerId, page);
  const total = books.data?.total ?? 0;
  const totalPages = pageCount(total, SELLER_BOOKS_PER_PAGE);
  usePageInRange({ ready: books.isSuccess && !books.isPlaceholderData, page, totalPages, goToPage });
  return (
    <section id={ANCHOR} aria-labelledby={`${ANCHOR}-heading`} className="scroll-mt-24">
      <h2 id={`${ANCHOR}-heading`} className="mb-5 text-2xl font-semibold sm:text-3xl">
        {t('sellerPage.booksHeading')}
      </h2>
      {books.isPending && <Spinner label={t('sellerPage.booksLoading')} className="py-12" />}
      {books.isError && (
        <ErrorState title={t('sellerPage.booksError')} error={books.error} onRetry={() => void books.refetch()} retrying={books.isFetching} />
      )}
      {books.isSuccess && books.data.items.length === 0 && (
        <div className="flex flex-col items-center gap-3 rounded-box bg-base-200/70 px-6 py-10 text-center" data-testid="no-books">
          <LuLibrary className="size-7 text-primary" aria-hidden="true" />
          <p className="text-lg font-semibold">{t('sellerPage.noBooks')}</p>
          <p className="text-base-content/75">{t('sellerPage.noBooksText')}</p>
          <Link to="/shop" className="btn btn-outline btn-primary btn-sm">
            {t('sellerPage.browseShop')}
          </Link>
        </div>
      )}
      {books.isSuccess && books.data.items.length > 0 && (
        <div className={books.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={books.isPlaceholderData}>
          <BookGrid books={books.data.items} />
          {total > SELLER_BOOKS_PER_PAGE && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} className="mt-8" />}
        </div>
      )}
    </section>
  );
}
