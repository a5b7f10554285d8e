import { useCallback, useState } from 'react';
import { LuSearchX, LuUsers } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AdminBuyerDto } from '@bindings/AdminBuyerDto';
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
import { useBuyers } from '../api/get-buyers';
import { AccountPageLink, DeleteButton } from './AccountActions';
import { AccountFiltersBar, BUYERS, isNarrowed } from './AccountFiltersBar';
import { AccountTable, EmailProvenBadge, type AccountColumn } from './AccountTable';
import { DeleteAccountDialog } from './DeleteAccountDialog';

const DELETED_TOAST = 'buyers.deleted';

/** The columns after Name and Email, headed in the reader's language, dates and counts in the reader's digits. */
function columns(t: TFunction<'dashboard'>, language: Language): AccountColumn<AdminBuyerDto>[] {
  return [
    { heading: t('accounts.address'), cell: (buyer) => <EmailProvenBadge proven={buyer.emailProven} /> },
    { heading: t('accounts.joined'), cell: (buyer) => <span className="whitespace-nowrap">{formatDate(buyer.joinedAt, language)}</span> },
    { heading: t('accounts.orders'), cell: (buyer) => <span className="tabular-nums">{formatNumber(buyer.orders, language)}</span> },
  ];
}

/**
 * /dashboard/allBuyer (admin): the buyers, found by a piece of name or address and narrowed to address proven or not
 * (kept in the URL); each row opens the buyer's orders, and has Delete after a confirmation.
 */
export function AllBuyerPage() {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const [urlFilters, change] = useAccountFilters();
  // Buyers are never verified: a `verified` in a hand-made URL is not a filter here.
  const filters = { ...urlFilters, verified: null };
  const buyers = useBuyers(filters);
  const [deleting, setDeleting] = useState<AdminBuyerDto | null>(null);
  const total = buyers.data?.total ?? 0;
  const totalPages = pageCount(total, ACCOUNTS_PER_PAGE);
  const goToPage = useCallback((page: number) => change({ page }), [change]);
  const settled = buyers.isSuccess && !buyers.isPlaceholderData;
  usePageInRange({ ready: settled, page: filters.page, totalPages, goToPage });

  return (
    <DashboardPage title={t('buyers.title')} lead={t('buyers.lead')}>
      <AccountFiltersBar kind={BUYERS} filters={filters} onChange={change} total={settled ? total : null} />
      {buyers.isPending && <Spinner label={t('buyers.loading')} />}
      {buyers.isError && (
        <ErrorState title={t('buyers.loadFailed')} error={buyers.error} onRetry={() => void buyers.refetch()} retrying={buyers.isFetching} />
      )}
      {buyers.isSuccess && total === 0 && !isNarrowed(filters) && <EmptyState icon={<LuUsers className="size-7" />} title={t('buyers.empty')} />}
      {buyers.isSuccess && total === 0 && isNarrowed(filters) && (
        <EmptyState icon={<LuSearchX className="size-7" />} title={filters.q ? t('buyers.noMatch', { q: filters.q }) : t('buyers.noMatchFilters')}>
          <button type="button" className="btn btn-outline btn-primary" onClick={() => change({ q: '', emailProven: null })}>
            {t('accounts.clear')}
          </button>
        </EmptyState>
      )}
      {buyers.isSuccess && total > 0 && (
        <div className={buyers.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={buyers.isPlaceholderData}>
          <AccountTable
            label={t('buyers.table')}
            accounts={buyers.data.items}
            columns={columns(t, language)}
            actions={(buyer) => (
              <>
                <AccountPageLink kind={BUYERS} account={buyer} />
                {/* Reports against the buyer go here once reports exist. */}
                <DeleteButton email={buyer.email} onClick={() => setDeleting(buyer)} />
              </>
            )}
          />
          {total > ACCOUNTS_PER_PAGE && <Pagination page={filters.page} totalPages={totalPages} onPageChange={goToPage} className="mt-8" />}
        </div>
      )}
      {deleting && (
        <DeleteAccountDialog account={deleting} deletedToast={DELETED_TOAST} onDone={() => setDeleting(null)} />
      )}
    </DashboardPage>
  );
}
