import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LuCreditCard, LuX } from 'react-icons/lu';
import type { OrderDto } from '@bindings/OrderDto';

export function paymentHref(order: OrderDto): string {
  return `/dashboard/payment/${order.id}`;
}

/**
 * Pay and Cancel, only while the order is pending (then the book is held for the buyer). Each name carries the book's
 * title, so a screen reader knows which of twenty "Pay" links it is on.
 */
export function OrderActions({ order, onCancel }: { order: OrderDto; onCancel: (order: OrderDto) => void }) {
  const { t } = useTranslation('buying');
  if (order.status !== 'pending') return null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Link to={paymentHref(order)} className="btn btn-primary btn-sm" aria-label={t('orders.payFor', { title: order.title })}>
        <LuCreditCard className="size-4" aria-hidden="true" />
        {t('orders.pay')}
      </Link>
      <button
        type="button"
        className="btn btn-ghost btn-sm text-error"
        onClick={() => onCancel(order)}
        aria-label={t('orders.cancelFor', { title: order.title })}
      >
        <LuX className="size-4" aria-hidden="true" />
        {t('orders.cancel')}
      </button>
    </span>
  );
}
