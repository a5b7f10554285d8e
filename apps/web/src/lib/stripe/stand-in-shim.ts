import type { Stripe } from '@stripe/stripe-js';

/** What the shim needs of an element: the stand-in's card element has on(), mount() and destroy(), and no more. */
interface LooseElement {
  on?: unknown;
  off?: unknown;
  update?: unknown;
  mount?: unknown;
}

interface LooseElements {
  create: (type: string, options?: unknown) => LooseElement;
}

/** Names for the stand-in's five unlabelled inputs, by their placeholder. */
const STAND_IN_LABELS: Readonly<Record<string, string>> = {
  number: 'Card number',
  exp_month: 'Expiry month (MM)',
  exp_year: 'Expiry year (YY)',
  cvc: 'CVC',
  postal_code: 'Postal code',
};

/**
 * Fills in what localstripe's Stripe.js stand-in leaves out, so @stripe/react-stripe-js can drive it. Its card element
 * has on() but neither off() nor update(): react-stripe-js calls element.off(event, handler) when <CardElement>
 * unmounts or drops a handler prop (leaving the payment page would throw "element.off is not a function"), and
 * element.update(options) when its options change. No-ops are enough: the stand-in element is destroyed with the
 * page, and it has nothing to restyle. Its five plain inputs also get names, so screen readers (and the browser
 * journeys) can tell them apart. Only for the stand-in: the loader never calls this for real Stripe.js, whose
 * elements have all of it.
 */
export function shimStandInElements(stripe: Stripe): Stripe {
  const elements = stripe.elements.bind(stripe);
  const shimmed = ((options?: unknown) => {
    const group = (elements as (options?: unknown) => unknown)(options) as LooseElements;
    const create = group.create.bind(group);
    group.create = (type, createOptions) => patchElement(create(type, createOptions));
    return group;
  }) as Stripe['elements'];
  stripe.elements = shimmed;
  return stripe;
}

function patchElement(element: LooseElement): LooseElement {
  if (typeof element.off !== 'function') element.off = () => element;
  if (typeof element.update !== 'function') element.update = () => undefined;
  if (typeof element.mount === 'function') {
    const mount = (element.mount as (target: unknown) => unknown).bind(element);
    element.mount = (target: unknown) => {
      const result = mount(target);
      if (target instanceof HTMLElement) labelStandInInputs(target);
      return result;
    };
  }
  return element;
}

function labelStandInInputs(container: HTMLElement): void {
  for (const input of container.querySelectorAll('input')) {
    const label = STAND_IN_LABELS[input.placeholder];
    if (label && !input.hasAttribute('aria-label')) input.setAttribute('aria-label', label);
    input.setAttribute('autocomplete', 'off');
    if (input.placeholder !== 'postal_code') input.setAttribute('inputmode', 'numeric');
  }
}
