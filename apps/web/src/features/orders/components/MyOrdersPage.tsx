import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LuPackage, LuShoppingBag } from 'react-icons/lu';
import type { OrderDto } from '@bindings/OrderDto';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { MY_ORDERS_PER_PAGE, useMyOrders } from '@/lib/api/get-my-orders';
import { pageCount, usePageInRange, usePageParam } from '@/lib/page-param';
import { CancelOrderDialog } from './CancelOrderDialog';
import { OrderList } from './OrderList';

/** The spec's empty text, word for word. */
export const NO_ORDERS = 'You have to orders';

function NoOrders() {
  return (
    <EmptyState icon={<LuPackage className="size-7" />} title={NO_ORDERS}>
      <p>Books you order appear here, where you can pay for them or cancel them.</p>
      <Link to="/shop" className="btn btn-primary">
        <LuShoppingBag className="size-4" aria-hidden="true" />
        Buy some
      </Link>
    </EmptyState>
  );
}

/** /dashboard/myOrders (buyer): every order, newest first, with Pay and Cancel while one is pending. */
export function MyOrdersPage() {
  const [page, goToPage] = usePageParam();
  const orders = useMyOrders(page);
  const [cancelling, setCancelling] = useState<OrderDto | null>(null);
  const total = orders.data?.total ?? 0;
  const totalPages = pageCount(total, MY_ORDERS_PER_PAGE);

  usePageInRange({ ready: orders.isSuccess && !orders.isPlaceholderData, page, totalPages, goToPage });

  const lead =
    orders.data && total > 0
      ? `${total} ${total === 1 ? 'order' : 'orders'}. Pay for a pending order, or cancel it to put the book back on sale.`
      : undefined;

  return (
    <DashboardPage title="My Orders" lead={lead}>
      {orders.isPending && <Spinner label="Loading your orders" />}
      {orders.isError && (
        <ErrorState
          title="We couldn't load your orders"
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
