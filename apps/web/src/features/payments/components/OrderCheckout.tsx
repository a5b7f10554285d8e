import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
import { HandoverCode } from './HandoverCode';
import { OrderSummary } from './OrderSummary';
import { BelowMinimumNotice, ClosedNotice, MyOrdersLink, NoCardPaymentsNotice, PaidNotice, PaymentNotice, TONES } from './PaymentNotices';

/** The badge's colour per status; its words are `badges.<status>` in the catalogue. */
const STATUS_BADGES: Record<OrderDto['status'], string> = {
  pending: 'badge-warning',
  paid: 'badge-success',
  completed: 'badge-success',
  cancelled: 'badge-ghost',
  expired: 'badge-ghost',
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
  const { t } = useTranslation('buying');
  return (
    <EmptyState icon={<LuSearchX className="size-7" />} title={t('payment.notFound')}>
      <p>{t('payment.notFoundText')}</p>
      <MyOrdersLink primary />
    </EmptyState>
  );
}

/** What the right-hand side shows for an order: the card form while it can be paid, otherwise why not. */
function PaymentSide({ order, payments, paidHere, onPaid }: { order: OrderDto; payments: PaymentsConfigDto; paidHere: boolean; onPaid: () => void }) {
  const { t } = useTranslation('buying');
  // Once paid on this page the card panel stays, showing Paid and the transaction id, while the order refreshes.
  // Handed over (paid in cash at the meeting): nothing left to pay here either.
  if ((order.status === 'paid' || order.status === 'completed') && !paidHere) return <PaidNotice order={order} />;
  if (order.status === 'cancelled' || order.status === 'expired') return <ClosedNotice order={order} />;
  const setup = cardSetupOf(payments);
  if (!setup) return <NoCardPaymentsNotice actions={<MyOrdersLink />} />;
  if (!order.payableByCard && !paidHere) {
    if (order.price < payments.cardMinimumTaka) {
      return <BelowMinimumNotice price={order.price} minimum={payments.cardMinimumTaka} actions={<MyOrdersLink />} />;
    }
    return (
      <PaymentNotice tone={TONES.warning} icon={<LuCreditCard className="size-5" />} title={t('payment.notByCard')} actions={<MyOrdersLink />} />
    );
  }
  return <CardPayment setup={setup} orderId={order.id} amount={order.price} onPaid={onPaid} />;
}

/**
 * Paying for one of the buyer's orders: the book and its price, then the card form, or, for an order that cannot be
 * paid (paid already, closed, under the card minimum, no card payments here), why not. Used by both payment pages.
 */
export function OrderCheckout({ orderId }: { orderId: string }) {
  const { t } = useTranslation('buying');
  const order = useOrder(orderId);
  const config = usePublicConfig();
  const [paidHere, setPaidHere] = useState(false);

  if (order.isPending || config.isPending) return <Spinner label={t('payment.loadingOrder')} />;
  if (order.isError) {
    if (isNotFoundError(order.error)) return <OrderNotFound />;
    return (
      <ErrorState title={t('payment.loadOrderError')} error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} />
    );
  }
  if (config.isError) {
    return (
      <ErrorState title={t('payment.loadConfigError')} error={config.error} onRetry={() => void config.refetch()} retrying={config.isFetching} />
    );
  }

  const data = order.data;
  const status = paidHere ? 'paid' : data.status;
  return (
    <CheckoutColumns
      summary={
        <OrderSummary
          item={data}
          meeting={{ phone: data.phone, location: data.location }}
          badge={<span className={`badge whitespace-nowrap ${STATUS_BADGES[status]}`}>{t(`badges.${status}`)}</span>}
        />
      }
    >
      {data.handoverCode && !paidHere && <HandoverCode code={data.handoverCode} />}
      <PaymentSide order={data} payments={config.data.payments} paidHere={paidHere} onPaid={() => setPaidHere(true)} />
    </CheckoutColumns>
  );
}
