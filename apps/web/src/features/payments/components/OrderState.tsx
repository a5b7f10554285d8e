import { useEffect, useId, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { LuCalendarClock, LuShieldCheck } from 'react-icons/lu';
import type { OrderDto } from '@bindings/OrderDto';
import { formatDateTime, formatTaka } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { TransactionId } from './CardPaymentForm';
import { TONES } from './PaymentNotices';

interface OrderStateProps {
  order: OrderDto;
  /** `held` once a card paid on this page, before the order itself has been asked for again. */
  status: 'pending' | 'held';
  /** The buyer just placed the order and arrived here: the heading takes the focus (the button they pressed is gone). */
  focusOnMount?: boolean;
  /** The held card payment's id at the provider, the buyer's proof of it (left out where a receipt shows it already). */
  transactionId?: string | null;
}

/**
 * Where an order awaiting its handover stands, at the top of its page: reserved for the buyer (pay in cash at the
 * meet-up, or by card, by the end of the hold period, or it expires), or paid by card with the price held until the
 * handover deadline (after which the hold is released and nothing is charged). A polite live region: a payment or a
 * change of method is read out as it lands.
 */
export function OrderState({ order, status, focusOnMount = false, transactionId = null }: OrderStateProps) {
  const { t } = useTranslation('buying');
  const language = useLanguage();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  const held = status === 'held';
  const deadline = order.handoverDeadline ? formatDateTime(order.handoverDeadline, language) : '';
  const tone = held ? TONES.success : TONES.warning;
  const Icon = held ? LuShieldCheck : LuCalendarClock;
  return (
    <section aria-labelledby={titleId} className={`flex items-start gap-3 rounded-box border p-5 sm:p-6 ${tone.box}`} data-order-state={status}>
      <span className={`grid size-10 shrink-0 place-items-center rounded-full ${tone.icon}`} aria-hidden="true">
        <Icon className="size-5" />
      </span>
      <div className="flex min-w-0 flex-col gap-1.5" aria-live="polite">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          {held ? t('orderState.heldTitle') : t('orderState.pendingTitle')}
        </h2>
        {held && (
          <p className="text-base-content/80">
            <Trans
              t={t}
              i18nKey="orderState.heldText"
              values={{ price: formatTaka(order.price, language) }}
              // An amount is never broken across lines.
              components={[<span key="amount" className="font-semibold whitespace-nowrap tabular-nums" />]}
            />
          </p>
        )}
        {deadline && (
          <p className="font-medium text-base-content/90" data-testid="handover-deadline">
            {held ? t('orderState.heldDeadline', { deadline }) : t(`orderState.pendingDeadline.${order.paymentMethod}`, { deadline })}
          </p>
        )}
        {held && transactionId && (
          <div className="flex pt-1">
            <TransactionId id={transactionId} />
          </div>
        )}
      </div>
    </section>
  );
}
