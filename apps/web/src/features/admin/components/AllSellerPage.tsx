import { useState } from 'react';
import { LuStore } from 'react-icons/lu';
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
import { pageCount, usePageInRange, usePageParam } from '@/lib/page-param';
import { ACCOUNTS_PER_PAGE } from '../api/admin-keys';
import { useSellers } from '../api/get-sellers';
import { DeleteButton, VerifyButton } from './AccountActions';
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

/** /dashboard/allSeller (admin): every seller; Verify the ones not verified yet, Delete after a confirmation. */
export function AllSellerPage() {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const [page, goToPage] = usePageParam();
  const sellers = useSellers(page);
  const [deleting, setDeleting] = useState<AdminSellerDto | null>(null);
  const total = sellers.data?.total ?? 0;
  const totalPages = pageCount(total, ACCOUNTS_PER_PAGE);
  usePageInRange({ ready: sellers.isSuccess && !sellers.isPlaceholderData, page, totalPages, goToPage });

  return (
    <DashboardPage title={t('sellers.title')} lead={t('sellers.lead')}>
      {sellers.isPending && <Spinner label={t('sellers.loading')} />}
      {sellers.isError && (
        <ErrorState title={t('sellers.loadFailed')} error={sellers.error} onRetry={() => void sellers.refetch()} retrying={sellers.isFetching} />
      )}
      {sellers.isSuccess && total === 0 && <EmptyState icon={<LuStore className="size-7" />} title={t('sellers.empty')} />}
      {sellers.isSuccess && total > 0 && (
        <div className={sellers.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={sellers.isPlaceholderData}>
          <AccountTable
            label={t('sellers.table')}
            accounts={sellers.data.items}
            columns={columns(t, language)}
            actions={(seller) => (
              <>
                {!seller.verified && <VerifyButton seller={seller} />}
                <DeleteButton email={seller.email} onClick={() => setDeleting(seller)} />
              </>
            )}
          />
          {total > ACCOUNTS_PER_PAGE && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} className="mt-8" />}
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
