import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuSearchX, LuX } from 'react-icons/lu';
import type { OrderDto } from '@bindings/OrderDto';
import type { PaymentsConfigDto } from '@bindings/PaymentsConfigDto';
import { CancelOrderDialog } from '@/components/orders/CancelOrderDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Spinner } from '@/components/ui/Spinner';
import { isNotFoundError } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/api/get-public-config';
import { useOrder } from '@/lib/api/get-order';
import { cardSetupOf } from '@/lib/stripe/load-stripe';
import { CardPayment } from './CardPayment';
import { HandoverCode } from './HandoverCode';
import { HowYouPay } from './HowYouPay';
import { OrderReview } from './OrderReview';
import { OrderState } from './OrderState';
import { OrderSummary } from './OrderSummary';
import { ClosedNotice, MyOrdersLink, PaidNotice } from './PaymentNotices';
import { ORDER_STATUS_BADGE } from '@/components/ui/order-status-badge';

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

/** Cancel, under an order awaiting its handover, asking first (a card's hold is released, and the question says so). */
function CancelOrder({ order }: { order: OrderDto }) {
  const { t } = useTranslation('buying');
  const [asking, setAsking] = useState(false);
  return (
    <div className="flex justify-end">
      <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setAsking(true)}>
        <LuX className="size-4" aria-hidden="true" />
        {t('payment.cancel')}
      </button>
      {asking && <CancelOrderDialog order={order} onDone={() => setAsking(false)} />}
    </div>
  );
}

/**
 * What can be done about how the order is paid: nothing left for an order paid, handed over or closed (a notice says
 * so); how a pending order is paid, with the way to change it and, for a card, the card form; the card panel stays
 * after a payment made here (Paid, the transaction id) while the order, now held, refreshes.
 */
function PaymentSide({ order, payments, paidHere, onPaid }: { order: OrderDto; payments: PaymentsConfigDto; paidHere: boolean; onPaid: () => void }) {
  // Handed over (paid in cash at the meeting, or a held card taken), or paid up front before holds existed.
  if ((order.status === 'paid' || order.status === 'completed') && !paidHere) return <PaidNotice order={order} />;
  if (order.status === 'cancelled' || order.status === 'expired') return <ClosedNotice order={order} />;
  // The order's state above says what a held card means and until when.
  if (order.status === 'held' && !paidHere) return null;
  const setup = cardSetupOf(payments);
  const cardForm = setup && (paidHere || (order.paymentMethod === 'card' && order.payableByCard));
  return (
    <>
      {!paidHere && <HowYouPay order={order} payments={payments} />}
      {cardForm && <CardPayment setup={setup} orderId={order.id} amount={order.price} onPaid={onPaid} />}
    </>
  );
}

/**
 * One of the buyer's orders: the book and its price, where the order stands (until when the book is reserved, or the
 * card's hold), the handover code while it awaits its handover, how it is paid (cash at the meet-up or a card held
 * until the handover: changeable, with the card form, while pending), and Cancel; for an order paid, handed over or
 * closed, a notice saying so. Used by both payment pages.
 */
export function OrderCheckout({ orderId, focusOnArrival = false }: { orderId: string; focusOnArrival?: boolean }) {
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
  // A card that paid here holds the price: the order is held, whether or not it has been asked for again yet.
  const status = paidHere && data.status === 'pending' ? 'held' : data.status;
  const awaitingHandover = status === 'pending' || status === 'held';
  const method = paidHere ? 'card' : data.paymentMethod;
  return (
    <CheckoutColumns
      summary={
        <OrderSummary
          item={data}
          meeting={{ phone: data.phone, location: data.location }}
          badge={<span className={`badge whitespace-nowrap ${ORDER_STATUS_BADGE[status]}`}>{t(`badges.${status}`)}</span>}
        />
      }
    >
      {awaitingHandover && (
        // A card paid here shows its transaction id in its receipt below.
        <OrderState order={data} status={status} focusOnMount={focusOnArrival} transactionId={paidHere ? null : data.transactionId} />
      )}
      {awaitingHandover && data.handoverCode && <HandoverCode code={data.handoverCode} method={method} />}
      <PaymentSide order={data} payments={config.data.payments} paidHere={paidHere} onPaid={() => setPaidHere(true)} />
      {/* Once handed over: the review form while the buyer may review it, their review once written. */}
      {status === 'completed' && <OrderReview order={data} />}
      {awaitingHandover && <CancelOrder order={data} />}
    </CheckoutColumns>
  );
}
