import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import i18next from 'i18next';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { PaymentResultDto } from '@bindings/PaymentResultDto';
import { userMessage } from '@/lib/error-handling';
import { usePayOrder } from '../api/pay-order';
import { useSyncPayment } from '../api/sync-payment';
import { AUTHENTICATION_FAILED, CARD_DECLINED, CARD_UNREADABLE, failureWords, providerWords } from '../payment-words';

/**
 * The payment form's states (spec section 4): idle, processing, then succeeded (Paid, the transaction id) or an error:
 * `failed` with words to show (the provider's, ours) and the form usable for another card, or `unexpected` for an
 * answer that is neither. A `failed` message may be a token (src/lib/i18n/problem.ts): show it through `problemText`.
 */
export type PaymentState =
  | { step: 'idle' }
  | { step: 'processing'; activity: 'card' | 'charge' | 'authentication' | 'check' }
  | { step: 'succeeded'; transactionId: string | null }
  | { step: 'failed'; message: string }
  | { step: 'unexpected' };

/** What createToken's answer says: the token's id, or the words to show. */
async function tokenise(stripe: Stripe, card: StripeCardElement): Promise<{ token: string } | { message: string }> {
  try {
    const { token, error } = await stripe.createToken(card);
    if (token) return { token: token.id };
    return { message: providerWords(error, CARD_UNREADABLE) };
  } catch {
    // The stand-in throws when the fields were never typed in; real Stripe.js answers with an error instead.
    return { message: CARD_UNREADABLE };
  }
}

/** 3-D Secure in the provider's own dialog: answers the provider's words when it refused, null otherwise. */
async function authenticate(stripe: Stripe, clientSecret: string): Promise<string | null> {
  try {
    const { error } = await stripe.confirmCardPayment(clientSecret);
    return error ? providerWords(error, AUTHENTICATION_FAILED) : null;
  } catch {
    return AUTHENTICATION_FAILED;
  }
}

/**
 * Pays an order with the card typed into the <CardElement> above it: createToken, POST .../payment, and when the bank
 * asks for 3-D Secure, confirmCardPayment and POST .../payment/sync. Must be used inside <Elements>.
 */
export function useCardPayment(orderId: string, { onPaid }: { onPaid?: () => void } = {}) {
  const stripe = useStripe();
  const elements = useElements();
  const pay = usePayOrder();
  const sync = useSyncPayment();
  const [state, setState] = useState<PaymentState>({ step: 'idle' });
  // A double click must never charge twice: state updates are not synchronous, a ref is.
  const working = useRef(false);

  const settle = (result: PaymentResultDto, refusal: string | null = null) => {
    switch (result.status) {
      case 'succeeded':
        toast.success(i18next.t('card.success', { ns: 'buying' }));
        setState({ step: 'succeeded', transactionId: result.transactionId });
        onPaid?.();
        return;
      case 'failed':
        setState({ step: 'failed', message: failureWords(result.failureReason, result.message, refusal ?? CARD_DECLINED) });
        return;
      default:
        // `processing`, a `requires_action` left after 3-D Secure, or a status this build does not know.
        setState(refusal ? { step: 'failed', message: refusal } : { step: 'unexpected' });
    }
  };

  const run = async (work: () => Promise<void>) => {
    if (working.current) return;
    working.current = true;
    try {
      await work();
    } catch (error) {
      setState({ step: 'failed', message: userMessage(error) });
    } finally {
      working.current = false;
    }
  };

  /** Pays with the card in the form. */
  const submit = () =>
    run(async () => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) return;
      setState({ step: 'processing', activity: 'card' });
      const tokenised = await tokenise(stripe, card);
      if ('message' in tokenised) {
        setState({ step: 'failed', message: tokenised.message });
        return;
      }
      setState({ step: 'processing', activity: 'charge' });
      const result = await pay.mutateAsync({ orderId, cardToken: tokenised.token });
      if (result.status !== 'requires_action') {
        settle(result);
        return;
      }
      if (!result.clientSecret) {
        setState({ step: 'unexpected' });
        return;
      }
      setState({ step: 'processing', activity: 'authentication' });
      const refusal = await authenticate(stripe, result.clientSecret);
      // Whatever the dialog said, the server asks the provider how the payment really stands.
      settle(await sync.mutateAsync(orderId), refusal);
    });

  /** After an unexpected answer: asks the server again how the payment stands. */
  const check = () =>
    run(async () => {
      setState({ step: 'processing', activity: 'check' });
      settle(await sync.mutateAsync(orderId));
    });

  return { state, submit, check, ready: stripe !== null && elements !== null };
}
