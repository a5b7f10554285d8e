/// <reference types="node" />
// Node's types for this one test: it reads the generated bindings from disk, as the server last exported them.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { ERROR_HANDLING, errorAction, handlingOf, isRetryable, needsRenewal, userMessage, userMessageToken } from './error-handling';
import { loadCatalogue } from './i18n/catalogue';
import { problemText } from './i18n/problem';
import { switchLanguage } from './i18n/translations';

const BINDING = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../bindings/ErrorCode.ts');

/** Every string literal of `export type ErrorCode = "a" | "b" | ...;` in the generated file. */
function codesInBindings(): string[] {
  const source = readFileSync(BINDING, 'utf8');
  const union = /export\s+type\s+ErrorCode\s*=([^;]+);/.exec(source)?.[1];
  if (!union) throw new Error(`no ErrorCode union in ${BINDING}`);
  return [...union.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? '');
}

describe('ERROR_HANDLING', () => {
  it('reads the codes from bindings/ErrorCode.ts', () => {
    expect(codesInBindings()).toContain('account_deleted');
    expect(codesInBindings().length).toBeGreaterThan(10);
  });

  it('has an entry for every code the server can send', () => {
    const missing = codesInBindings().filter((code) => !Object.hasOwn(ERROR_HANDLING, code));
    expect(missing, 'codes in bindings/ErrorCode.ts without handling in error-handling.ts').toEqual([]);
  });

  it('has no entry for a code the server no longer sends', () => {
    const codes = new Set(codesInBindings());
    const stale = Object.keys(ERROR_HANDLING).filter((code) => !codes.has(code));
    expect(stale, 'codes in error-handling.ts that bindings/ErrorCode.ts does not have').toEqual([]);
  });

  it('signs out only for a deleted account, never for the wrong role', () => {
    const signingOut = Object.entries(ERROR_HANDLING).filter(([, handling]) => handling.action === 'signOut');
    expect(signingOut.map(([code]) => code)).toEqual(['account_deleted']);
    expect(ERROR_HANDLING.wrong_role.action).toBe('showMessage');
  });

  it('sends the user to sign in again, never renewing, when their Firebase sign-in has ended', () => {
    expect(ERROR_HANDLING.sign_in_again.action).toBe('signInAgain');
    expect(needsRenewal(new ApiError(401, 'sign_in_again', 'Please sign in again.'))).toBe(false);
  });

  it('renews the session for the three 401 codes', () => {
    const renewing = Object.entries(ERROR_HANDLING).filter(([, handling]) => handling.action === 'renewSession');
    expect(renewing.map(([code]) => code).sort()).toEqual(['token_expired', 'token_revoked', 'unauthenticated']);
  });

  it('retries only failures on our side', () => {
    expect(isRetryable(new ApiError(500, 'internal', 'x'))).toBe(true);
    expect(isRetryable(new ApiError(0, 'unavailable', 'offline'))).toBe(true);
    expect(isRetryable(new ApiError(429, 'rate_limited', 'wait'))).toBe(false);
    expect(isRetryable(new ApiError(404, 'book_not_found', 'x'))).toBe(false);
  });

  it('handles a code this build does not know by its status', () => {
    const newer = new ApiError(401, 'session_stolen' as never, 'x');
    expect(handlingOf(newer).action).toBe('renewSession');
    expect(needsRenewal(newer)).toBe(true);
    expect(errorAction(new ApiError(404, 'shelf_not_found' as never, 'x'))).toBe('notFound');
  });

  it('shows the message for refusals of orders, the wish list and card payments, never retrying them', () => {
    for (const code of ['book_unavailable', 'too_many_pending_orders', 'order_closed', 'wish_list_full', 'below_card_minimum', 'card_hold_ended'] as const) {
      expect(ERROR_HANDLING[code], code).toEqual({ action: 'showMessage', retryable: false });
    }
    expect(ERROR_HANDLING.order_not_found.action).toBe('notFound');
    const full = new ApiError(409, 'wish_list_full', 'Your wish list is full.');
    expect(isRetryable(full)).toBe(false);
    expect(userMessage(full)).toBe('Your wish list is full.');
  });

  it("shows an ApiError's own message, and general words for anything else", () => {
    expect(userMessage(new ApiError(409, 'book_unavailable', 'Someone else ordered this book.'))).toBe(
      'Someone else ordered this book.',
    );
    expect(userMessage(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      'Something went wrong on our side. Please try again.',
    );
  });
});

describe('userMessage', () => {
  it('has a text in both languages for every code the server can send', async () => {
    const [english, bangla] = await Promise.all([loadCatalogue('en'), loadCatalogue('bn')]);
    const texts = (catalogue: { errors: object }) => catalogue.errors as Partial<Record<string, string>>;
    for (const catalogue of [english, bangla]) {
      const missing = codesInBindings().filter((code) => !texts(catalogue)[code]?.trim());
      expect(missing, 'codes in bindings/ErrorCode.ts without a text in common:errors').toEqual([]);
    }
  });

  it("shows a reader of Bangla the text of the error's code, never the server's English", async () => {
    await switchLanguage('bn');
    expect(userMessage(new ApiError(409, 'book_unavailable', 'Someone else ordered this book.'))).toBe(
      'বইটি আর পাওয়া যাচ্ছে না: অন্য কেউ এটি অর্ডার করেছেন।',
    );
    expect(userMessage(new ApiError(409, 'wish_list_full', 'Your wish list already holds 20 books.'))).toBe(
      'আপনার উইশলিস্ট ভরে গেছে। নতুন বই যোগ করতে একটি সরিয়ে দিন।',
    );
    // A code this build does not know reads as its status's; a bug on this side, in general words.
    expect(userMessage(new ApiError(429, 'slow_down' as never, 'Slow down.'))).toBe(
      'অনেক বেশিবার চেষ্টা করা হয়েছে। এক মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
    );
    expect(userMessage(new TypeError('x is undefined'))).toBe('আমাদের দিকে একটি সমস্যা হয়েছে। আবার চেষ্টা করুন।');
  });

  it("tells a seller whose buyer's card no longer holds the price to take cash, in either language", async () => {
    const ended = new ApiError(409, 'card_hold_ended', "The buyer's card no longer holds the price, so nothing could be taken.");
    expect(userMessage(ended)).toBe("The buyer's card no longer holds the price, so nothing could be taken.");
    await switchLanguage('bn');
    expect(userMessage(ended)).toBe(
      'ক্রেতার কার্ডে দামটি আর আটকে নেই, তাই কোনো টাকা নেওয়া যায়নি। দাম নগদে নিন, অথবা ক্রেতা অর্ডারটি বাতিল করে আবার অর্ডার করতে পারেন।',
    );
  });

  it('says a call that reached no server is a connection problem, in either language', async () => {
    const offline = new ApiError(0, 'unavailable', "We couldn't reach Puronoboi. Check your connection and try again.");
    expect(userMessage(offline)).toBe("We couldn't reach Puronoboi. Check your connection and try again.");
    await switchLanguage('bn');
    expect(userMessage(offline)).toBe('পুরনো বই-এর সঙ্গে যোগাযোগ করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।');
  });

  it('gives a token that follows the reader when they switch language', async () => {
    const kept = userMessageToken(new ApiError(403, 'wrong_role', 'Only a buyer account can buy books; yours is a seller account.'));
    expect(problemText(kept)).toBe('Only a buyer account can buy books; yours is a seller account.');
    await switchLanguage('bn');
    expect(problemText(kept)).toBe('আপনার অ্যাকাউন্ট দিয়ে এটি করা যায় না।');
  });
});
