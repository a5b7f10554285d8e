import { useState } from 'react';
import { LuStore } from 'react-icons/lu';
import type { AdminSellerDto } from '@bindings/AdminSellerDto';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { formatDate } from '@/lib/format';
import { pageCount, usePageInRange, usePageParam } from '@/lib/page-param';
import { ACCOUNTS_PER_PAGE } from '../api/admin-keys';
import { useSellers } from '../api/get-sellers';
import { DeleteButton, VerifyButton } from './AccountActions';
import { AccountTable, EMAIL_PROVEN_HEADING, EmailProvenBadge, type AccountColumn } from './AccountTable';
import { DeleteAccountDialog } from './DeleteAccountDialog';

export const NO_SELLERS = 'No sellers available';
export const SELLER_DELETED_TOAST = 'Seller deleted successfully';

function VerifiedState({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="badge badge-success badge-sm whitespace-nowrap">Verified</span>
  ) : (
    <span className="badge badge-warning badge-sm whitespace-nowrap">Not verified</span>
  );
}

const COLUMNS: AccountColumn<AdminSellerDto>[] = [
  { heading: 'Status', cell: (seller) => <VerifiedState verified={seller.verified} /> },
  { heading: EMAIL_PROVEN_HEADING, cell: (seller) => <EmailProvenBadge proven={seller.emailProven} /> },
  { heading: 'Listings', cell: (seller) => <span className="tabular-nums">{seller.listings}</span> },
  { heading: 'Joined', cell: (seller) => <span className="whitespace-nowrap">{formatDate(seller.joinedAt)}</span> },
];

/** /dashboard/allSeller (admin): every seller; Verify the ones not verified yet, Delete after a confirmation. */
export function AllSellerPage() {
  const [page, goToPage] = usePageParam();
  const sellers = useSellers(page);
  const [deleting, setDeleting] = useState<AdminSellerDto | null>(null);
  const total = sellers.data?.total ?? 0;
  const totalPages = pageCount(total, ACCOUNTS_PER_PAGE);
  usePageInRange({ ready: sellers.isSuccess && !sellers.isPlaceholderData, page, totalPages, goToPage });

  return (
    <DashboardPage title="All Seller" lead="Verify sellers you have checked: their books then carry a verified badge.">
      {sellers.isPending && <Spinner label="Loading sellers" />}
      {sellers.isError && (
        <ErrorState title="We couldn't load the sellers" error={sellers.error} onRetry={() => void sellers.refetch()} retrying={sellers.isFetching} />
      )}
      {sellers.isSuccess && total === 0 && <EmptyState icon={<LuStore className="size-7" />} title={NO_SELLERS} />}
      {sellers.isSuccess && total > 0 && (
        <div className={sellers.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={sellers.isPlaceholderData}>
          <AccountTable
            label="Sellers"
            accounts={sellers.data.items}
            columns={COLUMNS}
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
          deletedToast={SELLER_DELETED_TOAST}
          consequence="Their books still for sale leave the shop."
          onDone={() => setDeleting(null)}
        />
      )}
    </DashboardPage>
  );
}
