// Whether this server takes cards, and how the browser reaches Stripe.js: read from the public configuration. Kept apart
// from load-stripe.ts so that a page which only offers the choice of card (the buy form) does not bundle the loader.
import type { PaymentsConfigDto } from '@bindings/PaymentsConfigDto';

/** Where Stripe.js comes from when the server names no other place. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

/** What the browser needs to take a card: the publishable key and where Stripe.js is served from. */
export interface CardSetup {
  publishableKey: string;
  stripeJsUrl: string;
}

/** This server's card setup, or null when it takes no card payments (no provider, or no publishable key). */
export function cardSetupOf(payments: PaymentsConfigDto | undefined): CardSetup | null {
  if (!payments || payments.provider !== 'stripe' || !payments.publishableKey) return null;
  return { publishableKey: payments.publishableKey, stripeJsUrl: payments.stripeJsUrl ?? STRIPE_JS_URL };
}
