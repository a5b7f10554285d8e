// Placing an order as the signed-in buyer of a page straight through the API, for the journeys whose subject comes
// after the order (paying for it, handing the book over).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { OrderDto } from '../../../bindings/OrderDto';
import type { PaymentMethodDto } from '../../../bindings/PaymentMethodDto';

/**
 * POST /api/orders with the page's access token, to be paid in cash at the meet-up or by a card held until the
 * handover (said explicitly either way, as the buy form does); expects 201 and answers the order.
 */
export async function placeOrder(
  page: Page,
  bookId: string,
  { location = 'Dhanmondi 27, Dhaka', paymentMethod = 'cash' }: { location?: string; paymentMethod?: PaymentMethodDto } = {},
): Promise<OrderDto> {
  const answer = await page.evaluate(async (body) => {
    const response = await fetch('/api/orders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('AccessToken') ?? ''}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }, { bookId, phone: '01712-345678', location, paymentMethod });
  expect(answer.status, `POST /api/orders answered ${answer.status}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body as OrderDto;
}
