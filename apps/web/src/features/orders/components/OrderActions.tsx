import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LuCreditCard, LuHandshake, LuStar, LuX } from 'react-icons/lu';
import type { OrderDto } from '@bindings/OrderDto';

export function paymentHref(order: OrderDto): string {
  return `/dashboard/payment/${order.id}`;
}

/** A completed order the buyer may still review: to the review form on its page. */
function ReviewLink({ order }: { order: OrderDto }) {
  const { t } = useTranslation('reviews');
  return (
    <Link to={`${paymentHref(order)}#review`} className="btn btn-outline btn-primary btn-sm" aria-label={t('myOrders.reviewFor', { title: order.title })}>
      <LuStar className="size-4" aria-hidden="true" />
      {t('myOrders.review')}
    </Link>
  );
}

/**
 * While the order awaits its handover (then the book is held for the buyer): Pay while it is pending, the handover code
 * once a card holds the price (both lead to the order's page), and Cancel. Each name carries the book's title, so a
 * screen reader knows which of twenty "Pay" links it is on. A completed order the buyer may still review has "Write a
 * review" instead.
 */
export function OrderActions({ order, onCancel }: { order: OrderDto; onCancel: (order: OrderDto) => void }) {
  const { t } = useTranslation('buying');
  if (order.canReview) return <ReviewLink order={order} />;
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
