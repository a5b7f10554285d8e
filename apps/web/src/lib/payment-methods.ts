// The two ways an order is paid, chosen when it is placed and changeable while it is pending: cash at the meet-up, or a
// card whose authorisation holds the price until the handover. The server is the judge (a card asked for where none can
// be used becomes cash); the app only avoids offering a card that would be refused.
import type { PaymentMethodDto } from '@bindings/PaymentMethodDto';
import type { PaymentsConfigDto } from '@bindings/PaymentsConfigDto';
import { cardSetupOf } from './stripe/card-setup';

/** In the order a buyer reads them: cash first, the server's default. */
export const PAYMENT_METHODS = ['cash', 'card'] as const satisfies readonly PaymentMethodDto[];

/** Why a card cannot be offered: this server takes no cards, or the price is under what the provider accepts. */
export type NoCardReason = 'noCardPayments' | 'belowMinimum';

/**
 * Why a book at `price` (whole taka) cannot be paid by card here, or null when it can: the rule behind the server's
 * `payableByCard` (card payments configured, and the price at least `cardMinimumTaka`).
 */
export function whyNoCard(payments: PaymentsConfigDto | undefined, price: number): NoCardReason | null {
  if (!payments || !cardSetupOf(payments)) return 'noCardPayments';
  if (price < payments.cardMinimumTaka) return 'belowMinimum';
  return null;
}
