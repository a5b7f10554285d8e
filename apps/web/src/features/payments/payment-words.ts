// What the payment form says when a payment does not go through. The form keeps the message in state while the reader
// may switch language, so each is a token (src/lib/i18n/problem.ts) that the form reads in the language on screen; the
// texts themselves, word for word where the spec words them (sections 4 and 8), are in the `buying` catalogue.

import type { PaymentFailureDto } from '@bindings/PaymentFailureDto';
import type { Catalogue } from '@/lib/i18n/catalogue';
import { serverWords, textToken } from '@/lib/i18n/problem';

/** createToken threw instead of answering (the card fields were left empty, say). */
export const CARD_UNREADABLE = textToken('buying:card.unreadable');
/** A refusal that came without the provider's own words. */
export const CARD_DECLINED = textToken('buying:card.declined');
export const AUTHENTICATION_FAILED = textToken('buying:card.authenticationFailed');

type CardErrorCode = keyof Catalogue<'buying'>['cardErrors'];

/** The Stripe.js error codes the catalogue says in its own words: the type check keeps them and it in step. */
const CARD_ERROR_CODES: Readonly<Record<CardErrorCode, true>> = {
  incomplete_number: true,
  invalid_number: true,
  incorrect_number: true,
  incomplete_expiry: true,
  invalid_expiry_month: true,
  invalid_expiry_year: true,
  invalid_expiry_month_past: true,
  invalid_expiry_year_past: true,
  incomplete_cvc: true,
  invalid_cvc: true,
  incorrect_cvc: true,
  incomplete_zip: true,
  card_declined: true,
  insufficient_funds: true,
  expired_card: true,
  processing_error: true,
  payment_intent_authentication_failure: true,
};

/** What Stripe.js says went wrong: its own words, and (often) a code naming the problem. */
export interface ProviderError {
  code?: string;
  decline_code?: string;
  message?: string;
}

/**
 * Stripe.js answers in English. A reader of English reads its words as they are; when it names the problem with a code
 * the catalogue knows (the bank's decline code first, it is the more precise), any other reader reads the catalogue's
 * text, and otherwise Stripe's words. With neither, `fallback`.
 */
export function providerWords(error: ProviderError | undefined, fallback: string): string {
  const words = error?.message?.trim() ?? '';
  const code = [error?.decline_code, error?.code].find((candidate) => candidate !== undefined && Object.hasOwn(CARD_ERROR_CODES, candidate));
  if (code) return serverWords(`buying:cardErrors.${code}`, words);
  return words || fallback;
}

type FailureKey = `cardErrors.${CardErrorCode}` | `paymentFailures.${keyof Catalogue<'buying'>['paymentFailures']}`;

/** The catalogue's text for each reason the server gives for a failed payment (the type check keeps them in step). */
const FAILURE_TEXTS: Readonly<Record<PaymentFailureDto, FailureKey>> = {
  card_declined: 'cardErrors.card_declined',
  insufficient_funds: 'cardErrors.insufficient_funds',
  expired_card: 'cardErrors.expired_card',
  incorrect_cvc: 'cardErrors.incorrect_cvc',
  incorrect_number: 'cardErrors.incorrect_number',
  processing_error: 'cardErrors.processing_error',
  authentication_failed: 'cardErrors.payment_intent_authentication_failure',
  no_card_tried: 'paymentFailures.no_card_tried',
  cancelled: 'paymentFailures.cancelled',
  refused: 'paymentFailures.refused',
  refunded: 'paymentFailures.refunded',
  refund_owed: 'paymentFailures.refund_owed',
  hold_released: 'paymentFailures.hold_released',
};

/**
 * A failed payment as the server answered it: its English words (the provider's, when it gave some) for a reader of
 * English, the catalogue's text for its reason for any other reader. Without a reason (an older server), the words as
 * they are; with neither, `fallback`.
 */
export function failureWords(reason: PaymentFailureDto | null | undefined, words: string | null, fallback: string): string {
  const key = reason && Object.hasOwn(FAILURE_TEXTS, reason) ? FAILURE_TEXTS[reason] : undefined;
  if (key) return serverWords(`buying:${key}`, words?.trim() ?? '');
  return words?.trim() || fallback;
}
