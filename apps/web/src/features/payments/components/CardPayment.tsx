import { useId } from 'react';
import { Elements } from '@stripe/react-stripe-js';
import { useTranslation } from 'react-i18next';
import { LuCreditCard, LuRefreshCw, LuShieldCheck, LuTriangleAlert } from 'react-icons/lu';
import { isRealStripeJs, type CardSetup } from '@/lib/stripe/load-stripe';
import { useLoadedStripe } from '@/lib/stripe/use-loaded-stripe';
import { CardPaymentForm } from './CardPaymentForm';

interface CardPaymentProps {
  setup: CardSetup;
  orderId: string;
  amount: number;
  onPaid?: () => void;
}

function CardFieldSkeleton() {
  const { t } = useTranslation('buying');
  return (
    <div role="status" className="flex flex-col gap-4" aria-label={t('card.loading')}>
      <div className="h-4 w-24 animate-pulse rounded bg-base-300/80" />
      <div className="h-12 w-full animate-pulse rounded-field bg-base-300/60" />
      <div className="h-12 w-full animate-pulse rounded-field bg-primary/20" />
      <span className="sr-only">{t('card.loading')}</span>
    </div>
  );
}

function StripeLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('buying');
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-field border border-error/25 bg-error/5 p-4">
      <p className="flex items-center gap-2 font-semibold text-error">
        <LuTriangleAlert className="size-5 shrink-0" aria-hidden="true" />
        {t('card.loadFailed')}
      </p>
      <p className="text-sm text-base-content/80">{t('card.loadFailedHint')}</p>
      <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
        <LuRefreshCw className="size-4" aria-hidden="true" />
        {t('card.tryAgain')}
      </button>
    </div>
  );
}

/**
 * The "Pay by card" panel: loads Stripe.js (only here, when it mounts), then the card form inside Stripe's <Elements>.
 */
export function CardPayment({ setup, orderId, amount, onPaid }: CardPaymentProps) {
  const { t } = useTranslation('buying');
  const loaded = useLoadedStripe(setup);
  const titleId = useId();
  const standIn = !isRealStripeJs(setup.stripeJsUrl);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary" aria-hidden="true">
          <LuCreditCard className="size-5" />
        </span>
        <h2 id={titleId} className="text-xl font-semibold text-primary">
          {t('card.heading')}
        </h2>
      </div>
      {loaded.status === 'loading' && <CardFieldSkeleton />}
      {loaded.status === 'failed' && <StripeLoadFailed onRetry={loaded.retry} />}
      {loaded.status === 'ready' && (
        <Elements stripe={loaded.stripe}>
          <CardPaymentForm
            orderId={orderId}
            amount={amount}
            standIn={standIn}
            testMode={setup.publishableKey.startsWith('pk_test_')}
            onPaid={onPaid}
          />
        </Elements>
      )}
      <p className="flex items-start gap-2 border-t border-base-300/70 pt-4 text-sm text-base-content/70">
        <LuShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        <span>{t('card.secure')}</span>
      </p>
    </section>
  );
}
