import { useParams } from 'react-router-dom';
import { LuReceipt, LuUserX } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
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
import { useBuyerOrders } from '../api/get-buyer-orders';
import { AccountSummary, ActivityItem, BackToTable } from './AccountPageParts';
import { BUYERS } from './AccountFiltersBar';
import { EmailProvenBadge } from './AccountTable';
import { ORDER_STATUS_BADGE } from '@/components/ui/order-status-badge';

/**
 * /dashboard/allBuyer/:id (admin): one buyer, opened from their row, and every order they placed, newest first: what,
 * for how much, how it went and when. Reports against the buyer will go under the orders once reports exist.
 */
export function BuyerOrdersPage() {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const { id = '' } = useParams();
  const [page, goToPage] = usePageParam();
  const shown = useBuyerOrders(id, page);
  const total = shown.data?.orders.total ?? 0;
  const totalPages = pageCount(total, ACCOUNTS_PER_PAGE);
  usePageInRange({ ready: shown.isSuccess && !shown.isPlaceholderData, page, totalPages, goToPage });
  const buyer = shown.data?.buyer;

  if (shown.isError && isNotFoundError(shown.error)) {
    return (
      <DashboardPage title={t('buyerOrders.notFound')}>
        <BackToTable kind={BUYERS} />
        <EmptyState icon={<LuUserX className="size-7" />} title={t('buyerOrders.notFoundText')} />
      </DashboardPage>
    );
  }
  return (
    <DashboardPage title={buyer?.name ?? t('buyers.title')} lead={t('buyerOrders.lead')}>
      <BackToTable kind={BUYERS} />
      {shown.isPending && <Spinner label={t('buyerOrders.loading')} />}
      {shown.isError && (
        <ErrorState title={t('buyerOrders.loadFailed')} error={shown.error} onRetry={() => void shown.refetch()} retrying={shown.isFetching} />
      )}
      {buyer && (
        <AccountSummary email={buyer.email}>
          <EmailProvenBadge proven={buyer.emailProven} />
        </AccountSummary>
      )}
      {shown.isSuccess && total === 0 && <EmptyState icon={<LuReceipt className="size-7" />} title={t('buyerOrders.empty')} />}
      {shown.isSuccess && total > 0 && (
        <section aria-labelledby="buyer-orders-heading" className="flex flex-col gap-3">
          <h2 id="buyer-orders-heading" className="text-lg font-semibold">
            {t('buyerOrders.count', { count: total, number: formatNumber(total, language) })}
          </h2>
          <ul
            aria-label={t('buyerOrders.list')}
            aria-busy={shown.isPlaceholderData}
            className={`flex flex-col gap-3 ${shown.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
          >
            {shown.data.orders.items.map((order) => (
              <ActivityItem
                // A book is ordered by one buyer more than once only after an order closed, never twice at one instant.
                key={`${order.bookId}-${order.placedAt}`}
                title={order.title}
                subtitle={order.author}
                facts={[
                  {
                    label: t('accounts.status'),
                    value: <span className={`badge badge-sm ${ORDER_STATUS_BADGE[order.status]}`}>{t(`buyerOrders.status.${order.status}`)}</span>,
                  },
                  { label: t('buyerOrders.price'), value: <span className="tabular-nums">{formatTaka(order.price, language)}</span> },
                  { label: t('buyerOrders.payment'), value: t(order.paymentMethod === 'card' ? 'buyerOrders.card' : 'buyerOrders.cash') },
                  { label: t('buyerOrders.placed'), value: <span className="whitespace-nowrap">{formatDate(order.placedAt, language)}</span> },
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
