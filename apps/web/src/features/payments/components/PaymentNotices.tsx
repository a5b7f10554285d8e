import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LuBan, LuCircleCheckBig, LuHourglass } from 'react-icons/lu';
import type { OrderDto } from '@bindings/OrderDto';
import { formatDate } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { TransactionId } from './CardPaymentForm';

type Tone = 'success' | 'warning' | 'error' | 'neutral';
interface ToneStyle {
  box: string;
  icon: string;
}

/** A notice's colours: good news, a warning, bad news, or plain news. */
export const TONES: Readonly<Record<Tone, ToneStyle>> = {
  success: { box: 'border-success/30 bg-success/5', icon: 'bg-success/15 text-success' },
  warning: { box: 'border-warning/40 bg-warning/10', icon: 'bg-warning/20 text-warning' },
  error: { box: 'border-error/25 bg-error/5', icon: 'bg-error/10 text-error' },
  neutral: { box: 'border-base-300 bg-base-100', icon: 'bg-base-200 text-primary' },
};

interface NoticeProps {
  tone: ToneStyle;
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
    <section role={role} className={`flex flex-col gap-4 rounded-box border p-5 sm:p-6 ${tone.box}`}>
      <div className="flex items-start gap-3">
        <span className={`grid size-10 shrink-0 place-items-center rounded-full ${tone.icon}`} aria-hidden="true">
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
  const { t } = useTranslation('buying');
  return (
    <Link to="/dashboard/myOrders" className={`btn ${primary ? 'btn-primary' : 'btn-outline btn-primary'}`}>
      {t('notices.myOrders')}
    </Link>
  );
}

export function BookLink({ bookId, label }: { bookId: string; label?: string }) {
  const { t } = useTranslation('buying');
  return (
    <Link to={`/books/${bookId}`} className="btn btn-outline btn-primary">
      {label ?? t('notices.seeBook')}
    </Link>
  );
}

/** An order that was paid before this page opened: the receipt, no form. */
export function PaidNotice({ order }: { order: OrderDto }) {
  const { t } = useTranslation('buying');
  const language = useLanguage();
  const paidOn = order.paidAt ? formatDate(order.paidAt, language) : '';
  return (
    <PaymentNotice
      tone={TONES.success}
      icon={<LuCircleCheckBig className="size-5" />}
      title={t('notices.paidTitle')}
      actions={<MyOrdersLink primary />}
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="badge badge-success font-semibold">{t('notices.paid')}</span>
        {paidOn && <span>{t('notices.paidOn', { date: paidOn })}</span>}
      </p>
      {order.transactionId && (
        <div className="flex">
          <TransactionId id={order.transactionId} />
        </div>
      )}
    </PaymentNotice>
  );
}

/** A cancelled or expired order: nothing to pay, and why. */
export function ClosedNotice({ order }: { order: OrderDto }) {
  const { t } = useTranslation('buying');
  const expired = order.status === 'expired';
  // Why it was cancelled (`notices.closedReasons.<reason>`), when the server says.
  const why = order.cancelReason
    ? t('notices.cancelledText', { reason: t(`notices.closedReasons.${order.cancelReason}`) })
    : t('notices.noLongerPayable');
  return (
    <PaymentNotice
      tone={TONES.neutral}
      icon={expired ? <LuHourglass className="size-5" /> : <LuBan className="size-5" />}
      title={expired ? t('notices.expiredTitle') : t('notices.cancelledTitle')}
      actions={
        <>
          <BookLink bookId={order.bookId} />
          <MyOrdersLink />
        </>
      }
    >
      <p>{expired ? t('notices.expiredText') : why}</p>
      {order.holdReleased && <p>{t('notices.holdReleased')}</p>}
      {order.refunded && <p>{t('notices.refunded')}</p>}
    </PaymentNotice>
  );
}
