import { useState } from 'react';
import { LuUsers } from 'react-icons/lu';
import type { AdminBuyerDto } from '@bindings/AdminBuyerDto';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { formatDate } from '@/lib/format';
import { pageCount, usePageInRange, usePageParam } from '@/lib/page-param';
import { ACCOUNTS_PER_PAGE } from '../api/admin-keys';
import { useBuyers } from '../api/get-buyers';
import { DeleteButton } from './AccountActions';
import { AccountTable, EMAIL_PROVEN_HEADING, EmailProvenBadge, type AccountColumn } from './AccountTable';
import { DeleteAccountDialog } from './DeleteAccountDialog';

export const NO_BUYERS = 'No buyers available';
export const BUYER_DELETED_TOAST = 'Buyer deleted successfully';

const COLUMNS: AccountColumn<AdminBuyerDto>[] = [
  { heading: EMAIL_PROVEN_HEADING, cell: (buyer) => <EmailProvenBadge proven={buyer.emailProven} /> },
  { heading: 'Joined', cell: (buyer) => <span className="whitespace-nowrap">{formatDate(buyer.joinedAt)}</span> },
  { heading: 'Orders', cell: (buyer) => <span className="tabular-nums">{buyer.orders}</span> },
];

/** /dashboard/allBuyer (admin): every buyer, each with Delete after a confirmation. */
export function AllBuyerPage() {
  const [page, goToPage] = usePageParam();
  const buyers = useBuyers(page);
  const [deleting, setDeleting] = useState<AdminBuyerDto | null>(null);
  const total = buyers.data?.total ?? 0;
  const totalPages = pageCount(total, ACCOUNTS_PER_PAGE);
  usePageInRange({ ready: buyers.isSuccess && !buyers.isPlaceholderData, page, totalPages, goToPage });

  return (
    <DashboardPage title="All Buyer" lead="Every buyer account. Deleting one signs its owner out for good.">
      {buyers.isPending && <Spinner label="Loading buyers" />}
      {buyers.isError && (
        <ErrorState title="We couldn't load the buyers" error={buyers.error} onRetry={() => void buyers.refetch()} retrying={buyers.isFetching} />
      )}
      {buyers.isSuccess && total === 0 && <EmptyState icon={<LuUsers className="size-7" />} title={NO_BUYERS} />}
      {buyers.isSuccess && total > 0 && (
        <div className={buyers.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={buyers.isPlaceholderData}>
          <AccountTable
            label="Buyers"
            accounts={buyers.data.items}
            columns={COLUMNS}
            actions={(buyer) => <DeleteButton email={buyer.email} onClick={() => setDeleting(buyer)} />}
          />
          {total > ACCOUNTS_PER_PAGE && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} className="mt-8" />}
        </div>
      )}
      {deleting && (
        <DeleteAccountDialog
          account={deleting}
          deletedToast={BUYER_DELETED_TOAST}
          onDone={() => setDeleting(null)}
        />
      )}
    </DashboardPage>
  );
}
