import { describe, expect, it, vi } from 'vitest';
import type { Stripe } from '@stripe/stripe-js';
import { shimStandInElements } from './stand-in-shim';

/** localstripe's stand-in, in miniature: an element with on(), mount() and destroy() that adds five plain inputs. */
function standIn() {
  class Element {
    listeners: Record<string, (() => void)[]> = {};
    on(event: string, handler: () => void) {
      (this.listeners[event] ??= []).push(handler);
    }
    mount(node: HTMLElement) {
      for (const field of ['number', 'exp_month', 'exp_year', 'cvc', 'postal_code']) {
        const input = document.createElement('input');
        input.placeholder = field;
        node.appendChild(input);
      }
    }
    destroy() {}
  }
  const group = {
    _cardElement: null as Element | null,
    create(this: { _cardElement: Element | null }) {
      if (this._cardElement) throw new Error('Can only create one Element of type card');
      this._cardElement = new Element();
      return this._cardElement;
    },
    getElement(this: { _cardElement: Element | null }) {
      return this._cardElement;
    },
  };
  return { elements: vi.fn(() => group), createToken: vi.fn() } as unknown as Stripe;
}

describe('shimStandInElements', () => {
  it("gives the stand-in's card element the off() and update() react-stripe-js calls, and keeps its own methods working", () => {
    const stripe = shimStandInElements(standIn());
    const group = stripe.elements();
    const card = group.create('card') as unknown as Record<string, (...args: unknown[]) => unknown>;
    expect(() => card.off?.('change', () => undefined)).not.toThrow();
    expect(() => card.update?.({ disabled: true })).not.toThrow();
    // create() still runs against its own group, and getElement finds the very same (patched) element.
    expect(group.getElement('card')).toBe(card);
  });

  it('names the five inputs, so they can be told apart without their placeholders', () => {
    const stripe = shimStandInElements(standIn());
    const card = stripe.elements().create('card');
    const host = document.createElement('div');
    document.body.appendChild(host);
    card.mount(host);
    expect([...host.querySelectorAll('input')].map((input) => input.getAttribute('aria-label'))).toEqual([
      'Card number',
      'Expiry month (MM)',
      'Expiry year (YY)',
      'CVC',
      'Postal code',
    ]);
    host.remove();
  });

  it('keeps methods an element already has', () => {
    const off = vi.fn();
    const update = vi.fn();
    const element = { on: vi.fn(), off, update, mount: vi.fn() };
    const stripe = { elements: () => ({ create: () => element }) } as unknown as Stripe;
    const created = shimStandInElements(stripe).elements().create('card') as unknown as typeof element;
    expect(created.off).toBe(off);
    expect(created.update).toBe(update);
  });
});
