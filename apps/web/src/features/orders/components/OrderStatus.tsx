import { useTranslation } from 'react-i18next';
import type { OrderDto } from '@bindings/OrderDto';
import { formatDate, formatDateTime } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { ORDER_STATUS_BADGE } from '@/components/ui/order-status-badge';

// The words: `orderStatus.<status>` for the badge, `orderStatus.cancelReasons.<reason>` for why an order was cancelled
// (as its buyer reads it), in the `buying` catalogue.

const NOTE = 'text-xs text-base-content/65';

/** The card payment's id at the provider, the buyer's proof of it: kept as the provider wrote it. */
function Transaction({ order }: { order: OrderDto }) {
  const { t } = useTranslation('buying');
  if (!order.transactionId) return null;
  return (
    <span className="break-all">
      {t('orderStatus.transaction')} <span className="font-mono">{order.transactionId}</span>
    </span>
  );
}

/**
 * The order's status as a badge, with what it means underneath: how a pending order is paid and until when the book is
 * reserved, a held card's deadline, who cancelled, the payment's transaction id, a hold released or a refund.
 */
export function OrderStatus({ order }: { order: OrderDto }) {
  const { t } = useTranslation('buying');
  const language = useLanguage();
  const paidOn = order.paidAt ? formatDate(order.paidAt, language) : '';
  const deadline = order.handoverDeadline ? formatDateTime(order.handoverDeadline, language) : '';
  return (
    <span className="flex max-w-64 flex-col items-start gap-1">
      <span className={`badge badge-sm whitespace-nowrap font-semibold ${ORDER_STATUS_BADGE[order.status]}`}>{t(`orderStatus.${order.status}`)}</span>
      {order.status === 'pending' && (
        <span className={`flex flex-col ${NOTE}`}>
          <span>{t(`orderStatus.pendingNotes.${order.paymentMethod}`)}</span>
          {deadline && <span>{t('orderStatus.pendingUntil', { deadline })}</span>}
        </span>
      )}
      {order.status === 'held' && (
        <span className={`flex flex-col ${NOTE}`}>
          <span>{t('orderStatus.heldNote')}</span>
          {deadline && <span className="font-semibold text-base-content/75">{t('orderStatus.heldUntil', { deadline })}</span>}
          <Transaction order={order} />
        </span>
      )}
      {order.status === 'paid' && (
        <span className={`flex flex-col ${NOTE}`}>
          {paidOn && <span>{t('orderStatus.paidOn', { date: paidOn })}</span>}
          <Transaction order={order} />
        </span>
      )}
      {order.status === 'cancelled' && order.cancelReason && <span className={NOTE}>{t(`orderStatus.cancelReasons.${order.cancelReason}`)}</span>}
      {order.status === 'expired' && <span className={NOTE}>{t('orderStatus.expiredNote')}</span>}
      {order.holdReleased && <span className="text-xs font-semibold text-info">{t('orderStatus.holdReleasedNote')}</span>}
      {order.refunded && <span className="text-xs font-semibold text-info">{t('orderStatus.refundedNote')}</span>}
    </span>
  );
}
