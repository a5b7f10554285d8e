import { useState, type ReactNode } from 'react';
import { LuCreditCard, LuSearchX } from 'react-icons/lu';
import type { OrderDto } from '@bindings/OrderDto';
import type { PaymentsConfigDto } from '@bindings/PaymentsConfigDto';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Spinner } from '@/components/ui/Spinner';
import { isNotFoundError } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/api/get-public-config';
import { useOrder } from '@/lib/api/get-order';
import { cardSetupOf } from '@/lib/stripe/load-stripe';
import { CardPayment } from './CardPayment';
import { OrderSummary } from './OrderSummary';
import { BelowMinimumNotice, ClosedNotice, MyOrdersLink, NoCardPaymentsNotice, PaidNotice, PaymentNotice } from './PaymentNotices';

const STATUS_BADGES: Record<OrderDto['status'], { label: string; className: string }> = {
  pending: { label: 'Awaiting payment', className: 'badge-warning' },
  paid: { label: 'Paid', className: 'badge-success' },
  cancelled: { label: 'Cancelled', className: 'badge-ghost' },
  expired: { label: 'Expired', className: 'badge-ghost' },
};

/** The summary on one side, what can be done on the other; one column on a phone. */
export function CheckoutColumns({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-8">
      {summary}
      <div className="flex min-w-0 flex-col gap-6">{children}</div>
    </div>
  );
}

function OrderNotFound() {
  return (
    <EmptyState icon={<LuSearchX className="size-7" />} title="We couldn't find this order">
      <p>It may belong to another account, or the link is not complete.</p>
      <MyOrdersLink primary />
    </EmptyState>
  );
}

/** What the right-hand side shows for an order: the card form while it can be paid, otherwise why not. */
function PaymentSide({ order, payments, paidHere, onPaid }: { order: OrderDto; payments: PaymentsConfigDto; paidHere: boolean; onPaid: () => void }) {
  // Once paid on this page the card panel stays, showing Paid and the transaction id, while the order refreshes.
  if (order.status === 'paid' && !paidHere) return <PaidNotice order={order} />;
  if (order.status === 'cancelled' || order.status === 'expired') return <ClosedNotice order={order} />;
  const setup = cardSetupOf(payments);
  if (!setup) return <NoCardPaymentsNotice actions={<MyOrdersLink />} />;
  if (!order.payableByCard && !paidHere) {
    if (order.price < payments.cardMinimumTaka) {
      return <BelowMinimumNotice price={order.price} minimum={payments.cardMinimumTaka} actions={<MyOrdersLink />} />;
    }
    return (
      <PaymentNotice tone="warning" icon={<LuCreditCard className="size-5" />} title="This order cannot be paid by card here" actions={<MyOrdersLink />} />
    );
  }
  return <CardPayment setup={setup} orderId={order.id} amount={order.price} onPaid={onPaid} />;
}

/**
 * Paying for one of the buyer's orders: the book and its price, then the card form, or, for an order that cannot be
 * paid (paid already, closed, under the card minimum, no card payments here), why not. Used by both payment pages.
 */
export function OrderCheckout({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const config = usePublicConfig();
  const [paidHere, setPaidHere] = useState(false);

  if (order.isPending || config.isPending) return <Spinner label="Loading your order" />;
  if (order.isError) {
    if (isNotFoundError(order.error)) return <OrderNotFound />;
    return (
      <ErrorState title="We couldn't load this order" error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} />
    );
  }
  if (config.isError) {
    return (
      <ErrorState title="We couldn't load the payment settings" error={config.error} onRetry={() => void config.refetch()} retrying={config.isFetching} />
    );
  }

  const data = order.data;
  const badge = STATUS_BADGES[paidHere ? 'paid' : data.status];
  return (
    <CheckoutColumns
      summary={
        <OrderSummary
          item={data}
          meeting={{ phone: data.phone, location: data.location }}
          badge={<span className={`badge whitespace-nowrap ${badge.className}`}>{badge.label}</span>}
        />
      }
    >
      <PaymentSide order={data} payments={config.data.payments} paidHere={paidHere} onPaid={() => setPaidHere(true)} />
    </CheckoutColumns>
  );
}
