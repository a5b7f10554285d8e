import { useTranslation } from 'react-i18next';
import type { OrderDto } from '@bindings/OrderDto';
import type { OrderStatusDto } from '@bindings/OrderStatusDto';
import { formatDate } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

// The words: `orderStatus.<status>` for the badge, `orderStatus.cancelReasons.<reason>` for why an order was cancelled
// (as its buyer reads it), in the `buying` catalogue.

const STATUS_STYLES: Record<OrderStatusDto, string> = {
  pending: 'badge-warning',
  paid: 'badge-success',
  completed: 'badge-success',
  cancelled: 'badge-ghost',
  expired: 'badge-ghost',
};

/** The order's status as a badge, with what it means underneath (who cancelled, the payment's transaction id). */
export function OrderStatus({ order }: { order: OrderDto }) {
  const { t } = useTranslation('buying');
  const language = useLanguage();
  const paidOn = order.paidAt ? formatDate(order.paidAt, language) : '';
  return (
    <span className="flex max-w-64 flex-col items-start gap-1">
      <span className={`badge badge-sm whitespace-nowrap font-semibold ${STATUS_STYLES[order.status]}`}>{t(`orderStatus.${order.status}`)}</span>
      {order.status === 'pending' && <span className="text-xs text-base-content/65">{t('orderStatus.pendingNote')}</span>}
      {order.status === 'paid' && (
        <span className="flex flex-col text-xs text-base-content/65">
          {paidOn && <span>{t('orderStatus.paidOn', { date: paidOn })}</span>}
          {order.transactionId && (
            <span className="break-all">
              {t('orderStatus.transaction')} <span className="font-mono">{order.transactionId}</span>
            </span>
          )}
        </span>
      )}
      {order.status === 'cancelled' && order.cancelReason && (
        <span className="text-xs text-base-content/65">{t(`orderStatus.cancelReasons.${order.cancelReason}`)}</span>
      )}
      {order.status === 'expired' && <span className="text-xs text-base-content/65">{t('orderStatus.expiredNote')}</span>}
      {order.refunded && <span className="text-xs font-semibold text-info">{t('orderStatus.refundedNote')}</span>}
    </span>
  );
}
