import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CardElement, useElements } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent, StripeCardElementOptions } from '@stripe/stripe-js';
import { useTranslation } from 'react-i18next';
import { LuCircleAlert, LuCircleCheckBig, LuLock, LuRefreshCw, LuTriangleAlert } from 'react-icons/lu';
import { formatTaka } from '@/lib/format';
import { problemText } from '@/lib/i18n/problem';
import { useLanguage } from '@/lib/i18n/translations';
import { providerWords } from '../payment-words';
import { useCardPayment, type PaymentState } from './use-card-payment';

/** Real Stripe.js draws the card field in its own frame: these are its colours and type, the app's own. */
const CARD_OPTIONS: StripeCardElementOptions = {
  style: {
    base: {
      color: '#27302b',
      iconColor: '#1f4d3a',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      fontSize: '17px',
      fontSmoothing: 'antialiased',
      '::placeholder': { color: '#7d817b' },
    },
    invalid: { color: '#b3261e', iconColor: '#b3261e' },
  },
};

/**
 * The box the card field is mounted in. Real Stripe.js fills it with one frame, so it is drawn as an input; the
 * local stand-in adds five plain inputs, laid out here as small fields that wrap on a phone.
 */
const CARD_BOX_REAL = 'input h-auto min-h-12 w-full py-3.5';
const CARD_BOX_STAND_IN = [
  'grid grid-cols-2 gap-2 rounded-field border border-base-300 bg-base-100 p-2.5 sm:grid-cols-4',
  '[&>span]:col-span-full [&>span]:text-xs [&>span]:font-semibold [&>span]:tracking-wide [&>span]:text-muted [&>span]:uppercase',
  '[&_input]:w-full [&_input]:min-w-0 [&_input]:rounded-field [&_input]:border [&_input]:border-base-300 [&_input]:bg-base-100',
  '[&_input]:px-3 [&_input]:py-2 [&_input]:text-base [&_input]:tabular-nums [&_input]:focus:border-primary',
  '[&_input[placeholder=number]]:col-span-full',
].join(' ');

interface CardPaymentFormProps {
  orderId: string;
  /** Whole taka: shown on the Pay button. */
  amount: number;
  /** The local stand-in for Stripe.js (localstripe) rather than the real one. */
  standIn: boolean;
  /** A test-mode publishable key: no real money moves. */
  testMode: boolean;
  onPaid?: () => void;
}

/** Stripe's test card: typed into Stripe's own field, which takes Latin digits only, so it is shown in them. */
const TEST_CARD = '4242 4242 4242 4242';

function PaymentAlert({ state, onCheck }: { state: PaymentState; onCheck: () => void }) {
  const { t } = useTranslation('buying');
  if (state.step === 'failed') {
    return (
      <p role="alert" className="flex items-start gap-2 rounded-field border border-error/25 bg-error/5 px-3 py-2.5 font-medium text-error">
        <LuCircleAlert className="mt-1 size-4 shrink-0" aria-hidden="true" />
        <span>{problemText(state.message)}</span>
      </p>
    );
  }
  if (state.step === 'unexpected') {
    return (
      <div role="alert" className="flex items-start gap-3 rounded-field border border-warning/40 bg-warning/10 px-3 py-3">
        <LuTriangleAlert className="mt-1 size-4 shrink-0 text-warning" aria-hidden="true" />
        <div className="flex flex-col items-start gap-2">
          <p className="font-semibold">{t('card.unexpected')}</p>
          <p className="text-sm text-base-content/80">{t('card.unexpectedHint')}</p>
          <button type="button" className="btn btn-outline btn-sm" onClick={onCheck}>
            <LuRefreshCw className="size-4" aria-hidden="true" />
            {t('card.checkStatus')}
          </button>
        </div>
      </div>
    );
  }
  return null;
}

function PaidReceipt({ transactionId }: { transactionId: string | null }) {
  const { t } = useTranslation('buying');
  return (
    <div className="flex flex-col items-center gap-3 rounded-field border border-success/30 bg-success/5 px-4 py-6 text-center">
      <LuCircleCheckBig className="size-10 text-success" aria-hidden="true" />
      <span className="badge badge-success badge-lg font-semibold">{t('card.paid')}</span>
      <p className="text-base-content/80">{t('card.paidText')}</p>
      {transactionId && <TransactionId id={transactionId} />}
      <Link to="/dashboard/myOrders" className="link link-primary font-medium">
        {t('card.viewOrders')}
      </Link>
    </div>
  );
}

/** The provider's id for the payment, the buyer's proof of it. */
export function TransactionId({ id }: { id: string }) {
  const { t } = useTranslation('buying');
  return (
    <p className="flex max-w-full flex-col items-center gap-0.5 text-sm">
      <span className="text-base-content/65">{t('card.transactionId')}</span>
      <code className="max-w-full rounded-field bg-base-200 px-2 py-1 font-mono text-sm break-all" data-testid="transaction-id">
        {id}
      </code>
    </p>
  );
}

/**
 * The card field and the Pay button, inside Stripe's <Elements>. While the payment runs the button is disabled with a
 * spinner; a success shows Paid and the transaction id in place of the card field; a refusal shows the provider's
 * words and leaves the form ready for another card.
 */
export function CardPaymentForm({ orderId, amount, standIn, testMode, onPaid }: CardPaymentFormProps) {
  const elements = useElements();
  const { t } = useTranslation('buying');
  const language = useLanguage();
  const { state, submit, check, ready } = useCardPayment(orderId, { onPaid });
  const [cardError, setCardError] = useState<string | null>(null);
  const labelId = useId();
  const cardErrorId = useId();
  const processing = state.step === 'processing';
  const paid = state.step === 'succeeded';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  // The stand-in calls change handlers with no event at all. A token when Stripe named the problem: read on show.
  const onCardChange = (event?: StripeCardElementChangeEvent) => setCardError(event?.error ? providerWords(event.error, '') || null : null);

  const focusCard = () => {
    const card = elements?.getElement(CardElement) as { focus?: () => void } | null | undefined;
    if (typeof card?.focus === 'function') card.focus();
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('card.heading')} aria-busy={processing} className="flex flex-col gap-4">
      {paid ? (
        <PaidReceipt transactionId={state.transactionId} />
      ) : (
        <div className="flex flex-col gap-1.5">
          <span id={labelId} className="text-sm font-semibold text-base-content/85" onClick={focusCard}>
            {t('card.details')}
          </span>
          <div
            role="group"
            aria-labelledby={labelId}
            aria-describedby={cardError ? cardErrorId : undefined}
            className={processing ? 'pointer-events-none opacity-60' : undefined}
          >
            <CardElement options={CARD_OPTIONS} onChange={onCardChange} className={standIn ? CARD_BOX_STAND_IN : CARD_BOX_REAL} />
          </div>
          {cardError && (
            <p id={cardErrorId} className="text-sm font-medium text-error">
              {problemText(cardError)}
            </p>
          )}
          {testMode && (
            <p className="text-sm text-base-content/65">
              {t('card.testMode', { card: TEST_CARD })}
            </p>
          )}
        </div>
      )}

      <PaymentAlert state={state} onCheck={() => void check()} />

      <button
        type="submit"
        className="btn btn-primary btn-lg w-full"
        disabled={!ready || processing || paid || state.step === 'unexpected'}
        aria-describedby={processing ? `${labelId}-working` : undefined}
      >
        {processing ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : paid ? (
          <LuCircleCheckBig className="size-5" aria-hidden="true" />
        ) : (
          <LuLock className="size-5" aria-hidden="true" />
        )}
        {paid ? t('card.paid') : processing ? t('card.processing') : t('card.pay', { price: formatTaka(amount, language) })}
      </button>
      {processing && (
        <p id={`${labelId}-working`} role="status" className="text-center text-sm font-medium text-primary">
          {t(`working.${state.activity}`)}
        </p>
      )}
    </form>
  );
}
