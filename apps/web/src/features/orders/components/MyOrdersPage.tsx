import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LuPackage, LuShoppingBag } from 'react-icons/lu';
import type { OrderDto } from '@bindings/OrderDto';
import { CancelOrderDialog } from '@/components/orders/CancelOrderDialog';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { MY_ORDERS_PER_PAGE, useMyOrders } from '@/lib/api/get-my-orders';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { pageCount, usePageInRange, usePageParam } from '@/lib/page-param';
import { OrderList } from './OrderList';

/** No orders yet: in English the spec's words, word for word ("You have to orders"). */
function NoOrders() {
  const { t } = useTranslation('buying');
  return (
    <EmptyState icon={<LuPackage className="size-7" />} title={t('orders.empty')}>
      <p>{t('orders.emptyText')}</p>
      <Link to="/shop" className="btn btn-primary">
        <LuShoppingBag className="size-4" aria-hidden="true" />
        {t('orders.buySome')}
      </Link>
    </EmptyState>
  );
}

/** /dashboard/myOrders (buyer): every order, newest first, with Pay and Cancel while one awaits its handover. */
export function MyOrdersPage() {
  const { t } = useTranslation('buying');
  const language = useLanguage();
  const [page, goToPage] = usePageParam();
  const orders = useMyOrders(page);
  const [cancelling, setCancelling] = useState<OrderDto | null>(null);
  const total = orders.data?.total ?? 0;
  const totalPages = pageCount(total, MY_ORDERS_PER_PAGE);

  usePageInRange({ ready: orders.isSuccess && !orders.isPlaceholderData, page, totalPages, goToPage });

  const lead = orders.data && total > 0 ? t('orders.lead', { count: total, total: formatNumber(total, language) }) : undefined;

  return (
    <DashboardPage title={t('orders.title')} lead={lead}>
      {orders.isPending && <Spinner label={t('orders.loading')} />}
      {orders.isError && (
        <ErrorState
          title={t('orders.loadError')}
          error={orders.error}
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
        />
      )}
      {orders.isSuccess && total === 0 && <NoOrders />}
      {orders.isSuccess && total > 0 && (
        <div className={orders.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={orders.isPlaceholderData}>
          <OrderList orders={orders.data.items} onCancel={setCancelling} />
          {total > MY_ORDERS_PER_PAGE && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} className="mt-8" />}
        </div>
      )}
      {cancelling && <CancelOrderDialog order={cancelling} onDone={() => setCancelling(null)} />}
    </DashboardPage>
  );
}
