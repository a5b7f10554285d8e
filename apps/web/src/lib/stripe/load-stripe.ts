import type { Stripe } from '@stripe/stripe-js';
// The "pure" entry point loads nothing on import: Stripe.js is fetched only when a payment page asks for it, so no
// other page talks to the payment provider.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { CardSetup } from './card-setup';
import { shimStandInElements } from './stand-in-shim';

// What the server's configuration says of cards lives in ./card-setup, which pages that only need to know whether a
// card can be offered (the buy form) import without this loader.
export { cardSetupOf, STRIPE_JS_URL, type CardSetup } from './card-setup';

/** Real Stripe.js is served from js.stripe.com; anything else is a stand-in (localstripe's, in development and tests). */
export function isRealStripeJs(url: string): boolean {
  try {
    return new URL(url).origin === 'https://js.stripe.com';
  } catch {
    return false;
  }
}

const scripts = new Map<string, Promise<void>>();

/**
 * Adds `<script src={url}>` to the page once and waits for it. A failed load is forgotten (its tag removed), so a
 * retry adds a fresh one.
 */
function injectScript(url: string): Promise<void> {
  const known = scripts.get(url);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      scripts.delete(url);
      reject(new Error(`Stripe.js could not be loaded from ${url}`));
    });
    document.head.appendChild(script);
  });
  scripts.set(url, loading);
  return loading;
}

const instances = new Map<string, Promise<Stripe>>();

/**
 * The Stripe object for a card setup, created once per page load. Our own script tag brings Stripe.js (or the
 * stand-in) first, so `loadStripe` finds it on the page instead of adding its own; the stand-in is then given what
 * react-stripe-js needs of it (see shimStandInElements).
 */
export function loadStripeFor(setup: CardSetup): Promise<Stripe> {
  const key = `${setup.stripeJsUrl} ${setup.publishableKey}`;
  const known = instances.get(key);
  if (known) return known;
  const loading = (async () => {
    await injectScript(setup.stripeJsUrl);
    const stripe = await loadStripe(setup.publishableKey);
    if (!stripe) throw new Error('Stripe.js is not available in this browser');
    return isRealStripeJs(setup.stripeJsUrl) ? stripe : shimStandInElements(stripe);
  })();
  instances.set(key, loading);
  loading.catch(() => instances.delete(key));
  return loading;
}

/** Forgets every loaded script and Stripe object; for tests. */
export function resetStripeLoader(): void {
  scripts.clear();
  instances.clear();
}
