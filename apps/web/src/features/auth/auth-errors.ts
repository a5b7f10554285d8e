import { isApiError } from '@/lib/api-client';

export const WRONG_CREDENTIALS = 'Wrong e-mail or password.';

/** Firebase's error codes, said the way a person would say them. Unknown codes keep Firebase's own message. */
const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': WRONG_CREDENTIALS,
  'auth/invalid-login-credentials': WRONG_CREDENTIALS,
  'auth/wrong-password': WRONG_CREDENTIALS,
  'auth/user-not-found': WRONG_CREDENTIALS,
  'auth/invalid-email': 'That e-mail address does not look right.',
  'auth/missing-password': 'Password is required',
  'auth/missing-email': 'Email is required',
  'auth/email-already-in-use': 'An account already uses this e-mail. Log in instead.',
  'auth/weak-password': 'Choose a longer password: at least 6 characters.',
  'auth/too-many-requests': 'Too many attempts. Wait a moment, then try again.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/network-request-failed': "We couldn't reach the sign-in service. Check your connection and try again.",
  'auth/popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'auth/account-exists-with-different-credential':
    'An account already uses this e-mail with another way of signing in. Use that one instead.',
  'auth/operation-not-allowed': 'This way of signing in is not enabled on this server.',
  'auth/unauthorized-domain': 'Sign-in is not allowed from this address.',
};

/** The visitor closed the pop-up or started another: nothing went wrong. */
const CANCELLED = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : null;
}

/**
 * What to show in red on a sign-in or sign-up form: our server's message for its errors (an e-mail already taken, a
 * Forbidden Access), a readable sentence for known Firebase codes, Firebase's own message otherwise. Null when
 * there is nothing to show (a closed pop-up).
 */
export function signInErrorMessage(error: unknown): string | null {
  if (isApiError(error)) return error.message;
  const code = codeOf(error);
  if (code && CANCELLED.has(code)) return null;
  if (code && MESSAGES[code]) return MESSAGES[code];
  if (error instanceof Error && error.message) return error.message.replace(/^Firebase:\s*/, '');
  return 'Sign-in failed. Please try again.';
}
