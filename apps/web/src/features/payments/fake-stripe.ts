// Test-only: a Stripe.js object as @stripe/react-stripe-js sees it, with every call recorded. The payment tests put it
// behind the Stripe loader (src/lib/stripe/load-stripe.ts) so no script is ever fetched.
import { vi } from 'vitest';
import type { Stripe } from '@stripe/stripe-js';

export function fakeStripe() {
  const card = {
    mount: vi.fn((node: HTMLElement) => {
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'Card number');
      node.appendChild(input);
    }),
    on: vi.fn(),
    off: vi.fn(),
    update: vi.fn(),
    destroy: vi.fn(),
    unmount: vi.fn(),
    focus: vi.fn(),
  };
  const elements = { create: vi.fn(() => card), getElement: vi.fn(() => card), update: vi.fn() };
  const api = {
    elements: vi.fn(() => elements),
    createToken: vi.fn(async (): Promise<unknown> => ({ token: { id: 'tok_visa' } })),
    confirmCardPayment: vi.fn(async (): Promise<unknown> => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })),
    createPaymentMethod: vi.fn(),
  };
  return { stripe: api as unknown as Stripe, api, card, elements };
}
