import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LuBan, LuCircleCheckBig, LuCreditCard, LuHourglass } from 'react-icons/lu';
import type { OrderDto } from '@bindings/OrderDto';
import { Price } from '@/components/ui/Price';
import { formatDate } from '@/lib/format';
import { NO_CARD_PAYMENTS } from '../payment-words';
import { TransactionId } from './CardPaymentForm';

type Tone = 'success' | 'warning' | 'error' | 'neutral';

const TONES: Record<Tone, { box: string; icon: string }> = {
  success: { box: 'border-success/30 bg-success/5', icon: 'bg-success/15 text-success' },
  warning: { box: 'border-warning/40 bg-warning/10', icon: 'bg-warning/20 text-warning' },
  error: { box: 'border-error/25 bg-error/5', icon: 'bg-error/10 text-error' },
  neutral: { box: 'border-base-300 bg-base-100', icon: 'bg-base-200 text-primary' },
};

interface NoticeProps {
  tone: Tone;
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  /** Links onwards. */
  actions?: ReactNode;
  /** `alert` for news the buyer did not expect (someone else took the book); `status` otherwise. */
  role?: 'alert' | 'status';
}

/** The right-hand panel when there is no card form: why, and where to go next. */
export function PaymentNotice({ tone, icon, title, children, actions, role = 'status' }: NoticeProps) {
  return (
    <section role={role} className={`flex flex-col gap-4 rounded-box border p-5 sm:p-6 ${TONES[tone].box}`}>
      <div className="flex items-start gap-3">
        <span className={`grid size-10 shrink-0 place-items-center rounded-full ${TONES[tone].icon}`} aria-hidden="true">
          {icon}
        </span>
        <div className="flex min-w-0 flex-col gap-1.5">
          <h2 className="text-xl font-semibold">{title}</h2>
          {children && <div className="flex flex-col gap-2 text-base-content/80">{children}</div>}
        </div>
      </div>
      {actions && <div className="flex flex-wrap gap-3 sm:pl-13">{actions}</div>}
    </section>
  );
}

export function MyOrdersLink({ primary = false }: { primary?: boolean }) {
  return (
    <Link to="/dashboard/myOrders" className={`btn ${primary ? 'btn-primary' : 'btn-outline btn-primary'}`}>
      My Orders
    </Link>
  );
}

export function BookLink({ bookId, label = 'See the book' }: { bookId: string; label?: string }) {
  return (
    <Link to={`/books/${bookId}`} className="btn btn-outline btn-primary">
      {label}
    </Link>
  );
}

/** An order that was paid before this page opened: the receipt, no form. */
export function PaidNotice({ order }: { order: OrderDto }) {
  const paidOn = order.paidAt ? formatDate(order.paidAt) : '';
  return (
    <PaymentNotice
      tone="success"
      icon={<LuCircleCheckBig className="size-5" />}
      title="This order is paid"
      actions={<MyOrdersLink primary />}
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="badge badge-success font-semibold">Paid</span>
        {paidOn && <span>on {paidOn}</span>}
      </p>
      {order.transactionId && (
        <div className="flex">
          <TransactionId id={order.transactionId} />
        </div>
      )}
    </PaymentNotice>
  );
}

const CANCEL_REASONS: Record<NonNullable<OrderDto['cancelReason']>, string> = {
  by_buyer: 'You cancelled it.',
  buyer_account_closed: 'Your account was closed.',
  seller_account_closed: "The seller's account was closed and the book left the shop.",
};

/** A cancelled or expired order: nothing to pay, and why. */
export function ClosedNotice({ order }: { order: OrderDto }) {
  const expired = order.status === 'expired';
  return (
    <PaymentNotice
      tone="neutral"
      icon={expired ? <LuHourglass className="size-5" /> : <LuBan className="size-5" />}
      title={expired ? 'This order has expired' : 'This order was cancelled'}
      actions={
        <>
          <BookLink bookId={order.bookId} />
          <MyOrdersLink />
        </>
      }
    >
      <p>
        {expired
          ? 'It was not paid in time, so the book went back on sale. It can no longer be paid.'
          : `${order.cancelReason ? `${CANCEL_REASONS[order.cancelReason]} ` : ''}It can no longer be paid.`}
      </p>
      {order.refunded && <p>A payment that arrived after the order closed has been returned to your card.</p>}
    </PaymentNotice>
  );
}

/** The price is under what the provider accepts by card. */
export function BelowMinimumNotice({ price, minimum, actions }: { price: number; minimum: number; actions?: ReactNode }) {
  return (
    <PaymentNotice tone="warning" icon={<LuCreditCard className="size-5" />} title="This book cannot be paid by card" actions={actions}>
      <p>
        This book&rsquo;s price (<Price amount={price} />) is below the card minimum of <Price amount={minimum} />, so it cannot be paid
        by card.
      </p>
    </PaymentNotice>
  );
}

/** The server takes no card payments (no provider configured). */
export function NoCardPaymentsNotice({ actions }: { actions?: ReactNode }) {
  return (
    <PaymentNotice tone="warning" icon={<LuCreditCard className="size-5" />} title={NO_CARD_PAYMENTS} actions={actions}>
      <p>Nothing has been charged. Please check back later.</p>
    </PaymentNotice>
  );
}
