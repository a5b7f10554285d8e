import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LuCreditCard, LuHandshake, LuX } from 'react-icons/lu';
import type { OrderDto } from '@bindings/OrderDto';

export function paymentHref(order: OrderDto): string {
  return `/dashboard/payment/${order.id}`;
}

/**
 * While the order awaits its handover (then the book is held for the buyer): Pay while it is pending, the handover code
 * once a card holds the price (both lead to the order's page), and Cancel. Each name carries the book's title, so a
 * screen reader knows which of twenty "Pay" links it is on.
 */
export function OrderActions({ order, onCancel }: { order: OrderDto; onCancel: (order: OrderDto) => void }) {
  const { t } = useTranslation('buying');
  if (order.status !== 'pending' && order.status !== 'held') return null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      {order.status === 'pending' ? (
        <Link to={paymentHref(order)} className="btn btn-primary btn-sm" aria-label={t('orders.payFor', { title: order.title })}>
          <LuCreditCard className="size-4" aria-hidden="true" />
          {t('orders.pay')}
        </Link>
      ) : (
        <Link to={paymentHref(order)} className="btn btn-outline btn-primary btn-sm" aria-label={t('orders.showCodeFor', { title: order.title })}>
          <LuHandshake className="size-4" aria-hidden="true" />
          {t('orders.showCode')}
        </Link>
      )}
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
