import { useCallback, useState } from 'react';
import { LuSearchX, LuStore } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AdminSellerDto } from '@bindings/AdminSellerDto';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { formatDate, formatNumber } from '@/lib/format';
import type { Language } from '@/lib/i18n/language';
import { useLanguage } from '@/lib/i18n/translations';
import { pageCount, usePageInRange } from '@/lib/page-param';
import { useAccountFilters } from '../account-filters';
import { ACCOUNTS_PER_PAGE } from '../api/admin-keys';
import { useSellers } from '../api/get-sellers';
import { AccountPageLink, DeleteButton, VerifyButton } from './AccountActions';
import { AccountFiltersBar, SELLERS, isNarrowed } from './AccountFiltersBar';
import { AccountTable, EmailProvenBadge, type AccountColumn } from './AccountTable';
import { DeleteAccountDialog } from './DeleteAccountDialog';

function VerifiedState({ verified }: { verified: boolean }) {
  const { t } = useTranslation('dashboard');
  return verified ? (
    <span className="badge badge-success badge-sm whitespace-nowrap">{t('sellers.verified')}</span>
  ) : (
    <span className="badge badge-warning badge-sm whitespace-nowrap">{t('sellers.notVerified')}</span>
  );
}

const DELETED_TOAST = 'sellers.deleted';

/** The columns after Name and Email, headed in the reader's language, dates and counts in the reader's digits. */
function columns(t: TFunction<'dashboard'>, language: Language): AccountColumn<AdminSellerDto>[] {
  return [
    { heading: t('accounts.status'), cell: (seller) => <VerifiedState verified={seller.verified} /> },
    { heading: t('accounts.address'), cell: (seller) => <EmailProvenBadge proven={seller.emailProven} /> },
    { heading: t('accounts.listings'), cell: (seller) => <span className="tabular-nums">{formatNumber(seller.listings, language)}</span> },
    { heading: t('accounts.joined'), cell: (seller) => <span className="whitespace-nowrap">{formatDate(seller.joinedAt, language)}</span> },
  ];
}

/**
 * /dashboard/allSeller (admin): the sellers, found by a piece of name or address and narrowed to verified or not and
 * address proven or not (all kept in the URL); each row opens the seller's listings, Verify the ones not verified yet,
 * Delete after a confirmation.
 */
export function AllSellerPage() {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const [filters, change] = useAccountFilters();
  const sellers = useSellers(filters);
  const [deleting, setDeleting] = useState<AdminSellerDto | null>(null);
  const total = sellers.data?.total ?? 0;
  const totalPages = pageCount(total, ACCOUNTS_PER_PAGE);
  const goToPage = useCallback((page: number) => change({ page }), [change]);
  const settled = sellers.isSuccess && !sellers.isPlaceholderData;
  usePageInRange({ ready: settled, page: filters.page, totalPages, goToPage });

  return (
    <DashboardPage title={t('sellers.title')} lead={t('sellers.lead')}>
      <AccountFiltersBar kind={SELLERS} filters={filters} onChange={change} total={settled ? total : null} />
      {sellers.isPending && <Spinner label={t('sellers.loading')} />}
      {sellers.isError && (
        <ErrorState title={t('sellers.loadFailed')} error={sellers.error} onRetry={() => void sellers.refetch()} retrying={sellers.isFetching} />
      )}
      {sellers.isSuccess && total === 0 && !isNarrowed(filters) && <EmptyState icon={<LuStore className="size-7" />} title={t('sellers.empty')} />}
      {sellers.isSuccess && total === 0 && isNarrowed(filters) && (
        <EmptyState icon={<LuSearchX className="size-7" />} title={filters.q ? t('sellers.noMatch', { q: filters.q }) : t('sellers.noMatchFilters')}>
          <button type="button" className="btn btn-outline btn-primary" onClick={() => change({ q: '', verified: null, emailProven: null })}>
            {t('accounts.clear')}
          </button>
        </EmptyState>
      )}
      {sellers.isSuccess && total > 0 && (
        <div className={sellers.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={sellers.isPlaceholderData}>
          <AccountTable
            label={t('sellers.table')}
            accounts={sellers.data.items}
            columns={columns(t, language)}
            actions={(seller) => (
              <>
                <AccountPageLink kind={SELLERS} account={seller} />
                {/* Reports against the seller go here once reports exist. */}
                {!seller.verified && <VerifyButton seller={seller} />}
                <DeleteButton email={seller.email} onClick={() => setDeleting(seller)} />
              </>
            )}
          />
          {total > ACCOUNTS_PER_PAGE && <Pagination page={filters.page} totalPages={totalPages} onPageChange={goToPage} className="mt-8" />}
        </div>
      )}
      {deleting && (
        <DeleteAccountDialog
          account={deleting}
          deletedToast={DELETED_TOAST}
          consequence={t('sellers.consequence')}
          onDone={() => setDeleting(null)}
        />
      )}
    </DashboardPage>
  );
}
