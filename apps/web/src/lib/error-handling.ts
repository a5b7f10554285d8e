import type { ErrorCode } from '@bindings/ErrorCode';
import { fallbackCode, isApiError, type ApiError } from './api-client';
import { problemText, serverWords, textToken } from './i18n/problem';

/** What the web app does when the server answers with an error code. */
export type ErrorAction =
  /** The account was deleted: sign out of Firebase and our server, then go to /login. */
  | 'signOut'
  /**
   * The Firebase sign-in itself has ended (a logout on another device, the account changed hands): renewing from it
   * can only fail again, so sign out of Firebase here and go to /login, where a fresh sign-in works at once.
   */
  | 'signInAgain'
  /**
   * The access token is missing, ran out or was revoked: renew it from Firebase (POST /api/session with a fresh ID
   * token) and retry once. When renewal is impossible, sign out and go to /login.
   */
  | 'renewSession'
  /** Show a not-found state (the book, category or order, or the page). */
  | 'notFound'
  /** Show each of `fields` beside its form field (applyFieldErrors), the summary message otherwise. */
  | 'showFieldErrors'
  /** Show the server's message; the user can act on it. Nobody is signed out (not even for `wrong_role`). */
  | 'showMessage'
  /** Our side or a dependency failed: say so in general words and offer to try again. */
  | 'tryAgain';

export interface ErrorHandling {
  action: ErrorAction;
  /** The same request may well work a little later: queries retry it, error states offer Retry. */
  retryable: boolean;
}

const handle = (action: ErrorAction, retryable = false): ErrorHandling => ({ action, retryable });

/**
 * How the web app handles every code the server can send. A `Record` over the generated ErrorCode union, so a new
 * code in bindings/ does not compile until it has an entry here (and error-handling.test.ts checks the same against
 * the bindings file itself).
 */
export const ERROR_HANDLING: Readonly<Record<ErrorCode, ErrorHandling>> = {
  not_found: handle('notFound'),
  book_not_found: handle('notFound'),
  category_not_found: handle('notFound'),
  order_not_found: handle('notFound'),
  // The admin acted on an account someone else removed meanwhile: the list refreshes and the gone row disappears.
  account_not_found: handle('notFound'),
  seller_not_found: handle('notFound'),
  review_not_found: handle('notFound'),
  // The admin acted on a report that is gone: the queue refreshes.
  report_not_found: handle('notFound'),
  // A photo removed meanwhile (another tab): the message says so and My Products refreshes the listing.
  photo_not_found: handle('showMessage'),
  invalid_query: handle('showMessage'),
  page_too_deep: handle('showMessage'),
  invalid_input: handle('showMessage'),
  validation_failed: handle('showFieldErrors'),
  unauthenticated: handle('renewSession'),
  token_expired: handle('renewSession'),
  token_revoked: handle('renewSession'),
  // Only POST /api/session sends it: the Firebase sign-in predates a logout, so only a new sign-in helps.
  sign_in_again: handle('signInAgain'),
  // "Forbidden Access": the one code that signs the user out because the account is gone.
  account_deleted: handle('signOut'),
  // Signed in, but this needs another role (a seller cannot buy): explain, never sign out.
  wrong_role: handle('showMessage'),
  // The admin tried to delete an admin account (their own included): refused and explained, never retried.
  cannot_delete_admin: handle('showMessage'),
  email_taken: handle('showMessage'),
  // Someone else ordered the book first: the buy form says so and the book page shows it pending.
  book_unavailable: handle('showMessage'),
  // A buyer may hold only a few unpaid orders: the message says to pay or cancel one first.
  too_many_pending_orders: handle('showMessage'),
  // The order was paid, handed over, cancelled or expired meanwhile (or, at a handover, its held payment is being
  // taken right now): the message says so and the page showing it refreshes.
  order_closed: handle('showMessage'),
  // The seller typed a code that is not the buyer's: the message says how many tries are left before the lock.
  wrong_handover_code: handle('showMessage'),
  // Five wrong codes locked the order's code for 15 minutes: the message says to wait and check the buyer's code.
  handover_locked: handle('showMessage'),
  // The right handover code, but the buyer's card no longer holds the price: the seller is told to take cash (or the
  // buyer cancels and orders again). Entering the code again would only be refused again.
  card_hold_ended: handle('showMessage'),
  wish_list_full: handle('showMessage'),
  // A review refused by its rules (not handed over, written already, past its 14 days, a shared phone) or an answer
  // written already: the message says why; trying again would only be refused again.
  order_not_completed: handle('showMessage'),
  already_reviewed: handle('showMessage'),
  review_window_closed: handle('showMessage'),
  shared_phone: handle('showMessage'),
  already_answered: handle('showMessage'),
  // A listing keeps at least one photo: the message says to add another before removing this one.
  last_photo: handle('showMessage'),
  // One's own listing or account cannot be reported: the report dialog says so; sending again would only be refused.
  own_report_target: handle('showMessage'),
  // Another admin (or another tab) decided these reports meanwhile: the message says so and the queue refreshes.
  report_decided: handle('showMessage'),
  // The admin's rename names another category's name: the rename form says so beside the name.
  category_name_taken: handle('showMessage'),
  // The admin tried to delete a category with books: the message says to merge it instead.
  category_not_empty: handle('showMessage'),
  // The price is below what a card payment can carry: the payment page explains.
  below_card_minimum: handle('showMessage'),
  // Only the payment provider's webhook can get this; a browser never does.
  invalid_signature: handle('showMessage'),
  image_too_large: handle('showMessage'),
  unsupported_image: handle('showMessage'),
  // The same account's other picture is still uploading (a second tab, a double submit): the message says to wait.
  upload_in_progress: handle('showMessage'),
  // The request's body came too slowly and was cut off: a poor connection, so sending it again may well work.
  request_timeout: handle('showMessage', true),
  // Retrying at once would only be refused again; the message says to wait.
  rate_limited: handle('showMessage'),
  // Only a local server in emulator mode sends it, to a page that reached it under another host name (DNS
  // rebinding); the app itself is always served from localhost there.
  misdirected_request: handle('showMessage'),
  internal: handle('tryAgain', true),
  unavailable: handle('tryAgain', true),
};

/** What the user sees for an error that is ours but carries no usable message (a token: see userMessageToken). */
export const GENERIC_ERROR_MESSAGE = textToken('common:failures.generic');

/**
 * The handling for a failed call. A code this build does not know yet (a newer server) is handled like the code its
 * status stands for.
 */
export function handlingOf(error: ApiError): ErrorHandling {
  return (ERROR_HANDLING as Partial<Record<string, ErrorHandling>>)[error.code] ?? ERROR_HANDLING[fallbackCode(error.status)];
}

export function errorAction(error: unknown): ErrorAction | null {
  return isApiError(error) ? handlingOf(error).action : null;
}

/** The access token was not accepted (401): renew it and try again once. */
export function needsRenewal(error: unknown): boolean {
  return errorAction(error) === 'renewSession';
}

/** Worth asking again: a failure on our side, the network, or something that is not an ApiError at all. */
export function isRetryable(error: unknown): boolean {
  return isApiError(error) ? handlingOf(error).retryable : true;
}

/** The code whose text stands for a failed call: its own, or for a code this build does not know, its status's. */
function codeOf(error: ApiError): ErrorCode {
  return Object.hasOwn(ERROR_HANDLING, error.code) ? error.code : fallbackCode(error.status);
}

/**
 * The words for a failed call as a token (src/lib/i18n/problem.ts), for a message kept in state while the reader may
 * switch language: FormAlert and FieldMessages show it in the language on screen. A reader of English reads the
 * server's own message exactly as it sent it (or the one api-client.ts derived from the status); a reader of Bangla
 * the catalogue's text for the error's code (`common:errors.<code>`), or for a call that never reached us, the
 * offline text. Anything but an ApiError is a bug on this side, whose text means nothing to a user.
 */
export function userMessageToken(error: unknown): string {
  if (!isApiError(error) || !error.message) return GENERIC_ERROR_MESSAGE;
  // Status 0: fetch itself failed (see api-client.ts `send`), so no server answered.
  if (error.status === 0) return serverWords('common:failures.offline', error.message);
  return serverWords(`common:errors.${codeOf(error)}`, error.message);
}

/** The words to show for a failed call, in the current language (see userMessageToken). */
export function userMessage(error: unknown): string {
  return problemText(userMessageToken(error));
}
