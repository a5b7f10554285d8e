// Typing a card into localstripe's stand-in card element, shared by the payment journeys (in either language: the
// stand-in's five plain inputs are named by their placeholders, which are the stand-in's own).
import type { Locator } from 'playwright-core';

/** Types `number` with a future expiry, a CVC and a postcode into the card fields inside `form`. */
export async function typeCard(form: Locator, number: string): Promise<void> {
  for (const [field, value] of [
    ['number', number],
    ['exp_month', '12'],
    ['exp_year', '34'],
    ['cvc', '123'],
    ['postal_code', '1205'],
  ] as const) {
    await form.getByPlaceholder(field, { exact: true }).fill(value);
  }
}
