import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { cardSetupOf, isRealStripeJs, loadStripeFor, resetStripeLoader, STRIPE_JS_URL } from './load-stripe';

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));

const STAND_IN = 'http://localhost:8420/js.stripe.com/v3/';

/** What a freshly loaded Stripe.js gives: an elements() whose card element lacks off() and update(), like the stand-in's. */
function bareStripe() {
  const element = { mount: vi.fn(), on: vi.fn(), destroy: vi.fn() };
  const group = { create: vi.fn(() => element), getElement: vi.fn(() => element) };
  return { stripe: { elements: vi.fn(() => group), createToken: vi.fn() } as unknown as Stripe, element, group };
}

function scriptsFor(url: string): HTMLScriptElement[] {
  return [...document.querySelectorAll('script')].filter((script) => script.src === url);
}

afterEach(() => {
  resetStripeLoader();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  vi.mocked(loadStripe).mockReset();
});

describe('cardSetupOf', () => {
  it('needs the stripe provider and a publishable key; Stripe.js comes from js.stripe.com unless the server says otherwise', () => {
    expect(cardSetupOf({ provider: 'none', publishableKey: null, stripeJsUrl: null, cardMinimumTaka: 60 })).toBeNull();
    expect(cardSetupOf({ provider: 'stripe', publishableKey: null, stripeJsUrl: null, cardMinimumTaka: 60 })).toBeNull();
    expect(cardSetupOf({ provider: 'stripe', publishableKey: 'pk_live_x', stripeJsUrl: null, cardMinimumTaka: 60 })).toEqual({
      publishableKey: 'pk_live_x',
      stripeJsUrl: STRIPE_JS_URL,
    });
    expect(cardSetupOf({ provider: 'stripe', publishableKey: 'pk_test_x', stripeJsUrl: STAND_IN, cardMinimumTaka: 60 })?.stripeJsUrl).toBe(STAND_IN);
  });

  it('tells real Stripe.js from a stand-in by its origin', () => {
    expect(isRealStripeJs('https://js.stripe.com/v3/')).toBe(true);
    expect(isRealStripeJs(STAND_IN)).toBe(false);
    expect(isRealStripeJs('https://js.stripe.com.evil.test/v3/')).toBe(false);
    expect(isRealStripeJs('not a url')).toBe(false);
  });
});

describe('loadStripeFor', () => {
  it('adds the script once, waits for it, then asks loadStripe with the key; the stand-in gets the shim', async () => {
    const { stripe, element } = bareStripe();
    vi.mocked(loadStripe).mockResolvedValue(stripe);
    const setup = { publishableKey: 'pk_test_local', stripeJsUrl: STAND_IN };
    const first = loadStripeFor(setup);
    const second = loadStripeFor(setup);
    expect(scriptsFor(STAND_IN)).toHaveLength(1);
    // Nothing is asked of loadStripe before the script is there: it would add js.stripe.com's own.
    await Promise.resolve();
    expect(loadStripe).not.toHaveBeenCalled();
    scriptsFor(STAND_IN)[0]?.dispatchEvent(new Event('load'));

    const loaded = await first;
    expect(await second).toBe(loaded);
    expect(loadStripe).toHaveBeenCalledOnce();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_local');
    const created = loaded.elements().create('card') as unknown as Record<string, unknown>;
    expect(created).toBe(element);
    expect(typeof created.off).toBe('function');
    expect(typeof created.update).toBe('function');
  });

  it('leaves real Stripe.js alone', async () => {
    const { stripe, element } = bareStripe();
    const elements = stripe.elements;
    vi.mocked(loadStripe).mockResolvedValue(stripe);
    const loading = loadStripeFor({ publishableKey: 'pk_live_x', stripeJsUrl: STRIPE_JS_URL });
    scriptsFor(STRIPE_JS_URL)[0]?.dispatchEvent(new Event('load'));
    const loaded = await loading;
    expect(loaded.elements).toBe(elements);
    loaded.elements().create('card');
    expect('off' in element).toBe(false);
  });

  it('a script that fails to load is removed, and a later call tries again with a fresh one', async () => {
    const { stripe } = bareStripe();
    vi.mocked(loadStripe).mockResolvedValue(stripe);
    const setup = { publishableKey: 'pk_test_local', stripeJsUrl: STAND_IN };
    const failing = loadStripeFor(setup);
    scriptsFor(STAND_IN)[0]?.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow(/could not be loaded/);
    expect(scriptsFor(STAND_IN)).toHaveLength(0);

    const retry = loadStripeFor(setup);
    expect(scriptsFor(STAND_IN)).toHaveLength(1);
    scriptsFor(STAND_IN)[0]?.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe(stripe);
  });
});
