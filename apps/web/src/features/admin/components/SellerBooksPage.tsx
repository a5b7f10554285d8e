import { Link, useParams } from 'react-router-dom';
import { LuBookOpen, LuFlag, LuUserX } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import type { BookStatusDto } from '@bindings/BookStatusDto';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { isNotFoundError } from '@/lib/api-client';
import { formatDate, formatNumber, formatTaka } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { pageCount, usePageInRange, usePageParam } from '@/lib/page-param';
import { ACCOUNTS_PER_PAGE } from '../api/admin-keys';
import { useSellerBooks } from '../api/get-seller-books';
import { AccountSummary, ActivityItem, BackToTable } from './AccountPageParts';
import { SELLERS } from './AccountFiltersBar';
import { EmailProvenBadge } from './AccountTable';

const STATUS_STYLES: Record<BookStatusDto, string> = {
  available: 'badge-success',
  pending: 'badge-warning',
  sold: 'badge-info',
  withdrawn: 'badge-ghost',
  hidden: 'badge-error',
};

/**
 * /dashboard/allSeller/:id (admin): one seller, opened from their row, and every listing they made, withdrawn ones
 * too, newest first. Reports against the seller will go under the listings once reports exist.
 */
export function SellerBooksPage() {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const { id = '' } = useParams();
  const [page, goToPage] = usePageParam();
  const shown = useSellerBooks(id, page);
  const total = shown.data?.books.total ?? 0;
  const totalPages = pageCount(total, ACCOUNTS_PER_PAGE);
  usePageInRange({ ready: shown.isSuccess && !shown.isPlaceholderData, page, totalPages, goToPage });
  const seller = shown.data?.seller;

  if (shown.isError && isNotFoundError(shown.error)) {
    return (
      <DashboardPage title={t('sellerBooks.notFound')}>
        <BackToTable kind={SELLERS} />
        <EmptyState icon={<LuUserX className="size-7" />} title={t('sellerBooks.notFoundText')} />
      </DashboardPage>
    );
  }
  return (
    <DashboardPage
      title={seller?.name ?? t('sellers.title')}
      lead={t('sellerBooks.lead')}
      // The queue cannot be narrowed to one seller (the API has no such filter): it opens whole.
      actions={
        <Link to="/dashboard/reports" className="btn btn-outline btn-sm">
          <LuFlag className="size-4" aria-hidden="true" />
          {t('sellerBooks.reports')}
        </Link>
      }
    >
      <BackToTable kind={SELLERS} />
      {shown.isPending && <Spinner label={t('sellerBooks.loading')} />}
      {shown.isError && (
        <ErrorState title={t('sellerBooks.loadFailed')} error={shown.error} onRetry={() => void shown.refetch()} retrying={shown.isFetching} />
      )}
      {seller && (
        <AccountSummary email={seller.email}>
          <span className={`badge badge-sm whitespace-nowrap ${seller.verified ? 'badge-success' : 'badge-warning'}`}>
            {t(seller.verified ? 'sellers.verified' : 'sellers.notVerified')}
          </span>
          <EmailProvenBadge proven={seller.emailProven} />
        </AccountSummary>
      )}
      {shown.isSuccess && total === 0 && <EmptyState icon={<LuBookOpen className="size-7" />} title={t('sellerBooks.empty')} />}
      {shown.isSuccess && total > 0 && (
        <section aria-labelledby="seller-books-heading" className="flex flex-col gap-3">
          <h2 id="seller-books-heading" className="text-lg font-semibold">
            {t('sellerBooks.count', { count: total, number: formatNumber(total, language) })}
          </h2>
          <ul
            aria-label={t('sellerBooks.list')}
            aria-busy={shown.isPlaceholderData}
            className={`flex flex-col gap-3 ${shown.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
          >
            {shown.data.books.items.map((book) => (
              <ActivityItem
                key={book.id}
                title={book.title}
                subtitle={book.author}
                facts={[
                  { label: t('accounts.status'), value: <span className={`badge badge-sm ${STATUS_STYLES[book.status]}`}>{t(`status.${book.status}`)}</span> },
                  { label: t('sellerBooks.price'), value: <span className="tabular-nums">{formatTaka(book.resalePrice, language)}</span> },
                  { label: t('sellerBooks.category'), value: book.category.name },
                  { label: t('sellerBooks.listed'), value: <span className="whitespace-nowrap">{formatDate(book.listedAt, language)}</span> },
                ]}
              />
            ))}
          </ul>
          {total > ACCOUNTS_PER_PAGE && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} className="mt-6" />}
        </section>
      )}
    </DashboardPage>
  );
}
