import { isApiError } from '@/lib/api-client';
import { userMessageToken } from '@/lib/error-handling';
import { serverWords, textToken } from '@/lib/i18n/problem';

// The messages are tokens (src/lib/i18n/problem.ts): a form keeps the message in state while the reader may switch
// language, and FormAlert shows it in the language on screen.

/** Firebase's smallest password: its rule, not ours. */
const MIN_PASSWORD_LENGTH = 6;

const WRONG_CREDENTIALS = textToken('auth:errors.wrongCredentials');

/** Firebase's error codes, said the way a person would say them. Unknown codes keep Firebase's own message. */
const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': WRONG_CREDENTIALS,
  'auth/invalid-login-credentials': WRONG_CREDENTIALS,
  'auth/wrong-password': WRONG_CREDENTIALS,
  'auth/user-not-found': WRONG_CREDENTIALS,
  'auth/invalid-email': textToken('auth:errors.invalidEmail'),
  'auth/missing-password': textToken('auth:validation.passwordRequired'),
  'auth/missing-email': textToken('auth:validation.emailRequired'),
  'auth/email-already-in-use': textToken('auth:errors.emailInUse'),
  'auth/weak-password': textToken('auth:errors.weakPassword', { min: MIN_PASSWORD_LENGTH }),
  'auth/too-many-requests': textToken('auth:errors.tooManyRequests'),
  'auth/user-disabled': textToken('auth:errors.disabled'),
  'auth/network-request-failed': textToken('auth:errors.network'),
  'auth/popup-blocked': textToken('auth:errors.popupBlocked'),
  'auth/account-exists-with-different-credential': textToken('auth:errors.otherMethod'),
  'auth/operation-not-allowed': textToken('auth:errors.notEnabled'),
  'auth/unauthorized-domain': textToken('auth:errors.unauthorizedDomain'),
};

/** The visitor closed the pop-up or started another: nothing went wrong. */
const CANCELLED = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : null;
}

/**
 * What to show in red on a sign-in or sign-up form, as a token (show it with FormAlert, or `problemText`): our
 * server's message for its errors (an e-mail already taken, a Forbidden Access; in Bangla the text for its code), a
 * readable sentence for known Firebase codes, Firebase's own message otherwise (it is English: a reader of Bangla is
 * told that signing in failed). Null when there is nothing to show (a closed pop-up).
 */
export function signInErrorMessage(error: unknown): string | null {
  if (isApiError(error)) return userMessageToken(error);
  const code = codeOf(error);
  if (code && CANCELLED.has(code)) return null;
  if (code && MESSAGES[code]) return MESSAGES[code];
  if (error instanceof Error && error.message) return serverWords('auth:errors.failed', error.message.replace(/^Firebase:\s*/, ''));
  return textToken('auth:errors.failed');
}
