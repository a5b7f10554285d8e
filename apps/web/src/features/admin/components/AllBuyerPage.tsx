import { useState } from 'react';
import { LuUsers } from 'react-icons/lu';
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
import { pageCount, usePageInRange, usePageParam } from '@/lib/page-param';
import { ACCOUNTS_PER_PAGE } from '../api/admin-keys';
import { useBuyers } from '../api/get-buyers';
import { DeleteButton } from './AccountActions';
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

/** /dashboard/allBuyer (admin): every buyer, each with Delete after a confirmation. */
export function AllBuyerPage() {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const [page, goToPage] = usePageParam();
  const buyers = useBuyers(page);
  const [deleting, setDeleting] = useState<AdminBuyerDto | null>(null);
  const total = buyers.data?.total ?? 0;
  const totalPages = pageCount(total, ACCOUNTS_PER_PAGE);
  usePageInRange({ ready: buyers.isSuccess && !buyers.isPlaceholderData, page, totalPages, goToPage });

  return (
    <DashboardPage title={t('buyers.title')} lead={t('buyers.lead')}>
      {buyers.isPending && <Spinner label={t('buyers.loading')} />}
      {buyers.isError && (
        <ErrorState title={t('buyers.loadFailed')} error={buyers.error} onRetry={() => void buyers.refetch()} retrying={buyers.isFetching} />
      )}
      {buyers.isSuccess && total === 0 && <EmptyState icon={<LuUsers className="size-7" />} title={t('buyers.empty')} />}
      {buyers.isSuccess && total > 0 && (
        <div className={buyers.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={buyers.isPlaceholderData}>
          <AccountTable
            label={t('buyers.table')}
            accounts={buyers.data.items}
            columns={columns(t, language)}
            actions={(buyer) => <DeleteButton email={buyer.email} onClick={() => setDeleting(buyer)} />}
          />
          {total > ACCOUNTS_PER_PAGE && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} className="mt-8" />}
        </div>
      )}
      {deleting && (
        <DeleteAccountDialog account={deleting} deletedToast={DELETED_TOAST} onDone={() => setDeleting(null)} />
      )}
    </DashboardPage>
  );
}
