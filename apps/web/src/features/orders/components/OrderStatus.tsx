import type { CancelReasonDto } from '@bindings/CancelReasonDto';
import type { OrderDto } from '@bindings/OrderDto';
import type { OrderStatusDto } from '@bindings/OrderStatusDto';
import { formatDate } from '@/lib/format';

export const ORDER_STATUS_LABELS: Record<OrderStatusDto, string> = {
  pending: 'Pending',
  paid: 'Paid',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

const STATUS_STYLES: Record<OrderStatusDto, string> = {
  pending: 'badge-warning',
  paid: 'badge-success',
  cancelled: 'badge-ghost',
  expired: 'badge-ghost',
};

/** Why an order was cancelled, as its buyer reads it. */
export const CANCEL_REASONS: Record<CancelReasonDto, string> = {
  by_buyer: 'You cancelled this order.',
  buyer_account_closed: 'Cancelled because your buyer account was closed.',
  seller_account_closed: "Cancelled because the seller's account was closed, so the book is no longer for sale.",
};

export const PENDING_NOTE = 'Waiting for your payment.';
export const EXPIRED_NOTE = 'It was not paid in time, so the book went back on sale.';
export const REFUNDED_NOTE = 'Refunded: your payment was returned to your card.';

/** The order's status as a badge, with what it means underneath (who cancelled, the payment's transaction id). */
export function OrderStatus({ order }: { order: OrderDto }) {
  const paidOn = order.paidAt ? formatDate(order.paidAt) : '';
  return (
    <span className="flex max-w-64 flex-col items-start gap-1">
      <span className={`badge badge-sm whitespace-nowrap font-semibold ${STATUS_STYLES[order.status]}`}>{ORDER_STATUS_LABELS[order.status]}</span>
      {order.status === 'pending' && <span className="text-xs text-base-content/65">{PENDING_NOTE}</span>}
      {order.status === 'paid' && (
        <span className="flex flex-col text-xs text-base-content/65">
          {paidOn && <span>Paid on {paidOn}</span>}
          {order.transactionId && (
            <span className="break-all">
              Transaction <span className="font-mono">{order.transactionId}</span>
            </span>
          )}
        </span>
      )}
      {order.status === 'cancelled' && order.cancelReason && (
        <span className="text-xs text-base-content/65">{CANCEL_REASONS[order.cancelReason]}</span>
      )}
      {order.status === 'expired' && <span className="text-xs text-base-content/65">{EXPIRED_NOTE}</span>}
      {order.refunded && <span className="text-xs font-semibold text-info">{REFUNDED_NOTE}</span>}
    </span>
  );
}
