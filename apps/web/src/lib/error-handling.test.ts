/// <reference types="node" />
// Node's types for this one test: it reads the generated bindings from disk, as the server last exported them.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { ERROR_HANDLING, errorAction, handlingOf, isRetryable, needsRenewal, userMessage } from './error-handling';

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
    for (const code of ['book_unavailable', 'too_many_pending_orders', 'order_closed', 'wish_list_full', 'below_card_minimum'] as const) {
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
