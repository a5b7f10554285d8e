import { useCallback, useEffect, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripeFor, type CardSetup } from './load-stripe';

export type LoadedStripe =
  | { status: 'loading'; stripe: null; retry: () => void }
  | { status: 'ready'; stripe: Stripe; retry: () => void }
  | { status: 'failed'; stripe: null; retry: () => void };

/**
 * Loads Stripe.js for a card setup when the calling component mounts (a payment page), and tells how it went. `retry`
 * tries again after a failure (the network, a blocked script).
 */
export function useLoadedStripe(setup: CardSetup): LoadedStripe {
  const { publishableKey, stripeJsUrl } = setup;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'failed'; stripe: Stripe | null }>({
    status: 'loading',
    stripe: null,
  });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading', stripe: null });
    loadStripeFor({ publishableKey, stripeJsUrl }).then(
      (stripe) => {
        if (current) setState({ status: 'ready', stripe });
      },
      (error: unknown) => {
        console.warn('Loading Stripe.js failed', error);
        if (current) setState({ status: 'failed', stripe: null });
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey, stripeJsUrl, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry } as LoadedStripe;
}
