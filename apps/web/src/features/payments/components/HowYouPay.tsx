import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeftRight, LuBanknote, LuCreditCard, LuInfo } from 'react-icons/lu';
import type { OrderDto } from '@bindings/OrderDto';
import type { PaymentMethodDto } from '@bindings/PaymentMethodDto';
import type { PaymentsConfigDto } from '@bindings/PaymentsConfigDto';
import { FormAlert } from '@/components/ui/FormAlert';
import { isApiError } from '@/lib/api-client';
import { userMessageToken } from '@/lib/error-handling';
import { formatTaka } from '@/lib/format';
import { serverWords } from '@/lib/i18n/problem';
import { useLanguage } from '@/lib/i18n/translations';
import { whyNoCard } from '@/lib/payment-methods';
import { useChangePaymentMethod } from '../api/change-payment-method';

const ICONS: Record<PaymentMethodDto, typeof LuBanknote> = { cash: LuBanknote, card: LuCreditCard };

/**
 * Why a change was refused, as a token read in the language on screen. `unavailable` here means this server takes no
 * cards (the PATCH's own 503), which the catalogue says more plainly than the general words for a service that is down.
 */
function changeProblem(error: unknown): string {
  if (isApiError(error) && error.code === 'order_closed') return serverWords('buying:method.closed', error.message);
  if (isApiError(error) && error.code === 'unavailable') return serverWords('buying:notices.noCardPayments', error.message);
  return userMessageToken(error);
}

/**
 * How a pending order is to be paid, and the way to change it until it is paid: cash at the meet-up, or a card that holds
 * the price until the handover (offered only where the server says this order can be paid by card; otherwise a line
 * says why). A refusal shows under the button; a change is read out (a polite live region) as the card form comes or
 * goes below.
 */
export function HowYouPay({ order, payments }: { order: OrderDto; payments: PaymentsConfigDto }) {
  const { t } = useTranslation('buying');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  const change = useChangePaymentMethod(order.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [changedTo, setChangedTo] = useState<PaymentMethodDto | null>(null);

  const method = order.paymentMethod;
  const other: PaymentMethodDto = method === 'cash' ? 'card' : 'cash';
  // The server's word on this order decides; the configuration only says why a card cannot be used.
  const noCard = order.payableByCard ? null : (whyNoCard(payments, order.price) ?? 'noCardPayments');
  const canSwitch = other === 'cash' || noCard === null;
  const Icon = ICONS[method];
  const whyCash =
    noCard === 'belowMinimum'
      ? tc('paymentChoice.belowMinimum', { minimum: formatTaka(payments.cardMinimumTaka, language) })
      : tc('paymentChoice.noCardPayments');

  const onSwitch = () => {
    if (change.isPending) return;
    setProblem(null);
    setChangedTo(null);
    change.mutate(other, {
      onSuccess: (changed) => setChangedTo(changed.paymentMethod),
      onError: (error) => setProblem(changeProblem(error)),
    });
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6">
      <h2 id={titleId} className="text-xl font-semibold text-primary">
        {t('method.heading')}
      </h2>
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary" aria-hidden="true">
          <Icon className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="font-semibold" data-testid="payment-method">
            {tc(`paymentChoice.${method}`)}
          </p>
          <p className="text-sm text-base-content/70">{tc(`paymentChoice.${method}Hint`)}</p>
        </div>
      </div>
      {canSwitch ? (
        <button
          type="button"
          className="btn btn-outline btn-primary w-full sm:w-fit"
          onClick={onSwitch}
          disabled={change.isPending}
          aria-busy={change.isPending || undefined}
        >
          {change.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <LuArrowLeftRight className="size-4" aria-hidden="true" />}
          {change.isPending ? t('method.changing') : other === 'card' ? t('method.toCard') : t('method.toCash')}
        </button>
      ) : (
        <p className="flex items-start gap-2 text-sm text-base-content/70">
          <LuInfo className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{whyCash}</span>
        </p>
      )}
      <FormAlert message={problem} />
      {/* Always in the page, so that screen readers are listening when the words arrive; out of sight while empty. */}
      <p role="status" className={changedTo ? 'text-sm font-medium text-success' : 'sr-only'}>
        {changedTo === 'card' ? t('method.changedToCard') : changedTo === 'cash' ? t('method.changedToCash') : ''}
      </p>
    </section>
  );
}
