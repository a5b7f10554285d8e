import type { User } from 'firebase/auth';
import type { SessionDto } from '@bindings/SessionDto';
import type { SessionRequestDto } from '@bindings/SessionRequestDto';
import {
  ApiError,
  errorFromResponse,
  isAccountDeleted,
  isApiError,
  isSignInEnded,
  readJson,
  send,
  type RequestOptions,
} from './api-client';
import { createSession } from './api/create-session';
import { clearAccessToken, readAccessToken, useAuthStore, writeAccessToken, type ForcedOutReason } from './auth-store';
import { needsRenewal } from './error-handling';
import { signedInIdentity, signOutOfIdentity } from './identity';

/** Renew this long before the access token runs out, so a call never leaves with a token about to expire. */
const RENEW_MARGIN_MS = 30_000;
/**
 * Logout waits this long at most for the server to end the sessions, then signs out here regardless. The server
 * answers once the second it ended the sign-ins in is over (about a second), so that a sign-in right after is
 * never taken for one from before: waiting for that answer keeps a quick log-out-and-in working.
 */
export const LOGOUT_WAIT_MS = 2_500;
/** In English like the server's messages; userMessage shows a reader of Bangla the text of its code, `unauthenticated`. */
const SIGNED_OUT_MESSAGE = 'Please log in again.';

/**
 * Bumped by every sign-in and sign-out: a session that was being opened for an older epoch is dropped when it
 * arrives, so a slow answer can never sign someone back in after they left.
 */
let epoch = 0;
export function nextEpoch(): number {
  epoch += 1;
  return epoch;
}
export function isCurrentEpoch(value: number): boolean {
  return value === epoch;
}

/**
 * Trades the identity's Firebase ID token for our access token (POST /api/session). A 401 means the ID token was
 * stale: one more try with a freshly minted one, unless it is `sign_in_again` (a fresh ID token carries the same
 * sign-in, which has ended).
 */
async function requestSession(user: User, request: SessionRequestDto): Promise<SessionDto> {
  try {
    return await createSession(await user.getIdToken(), request);
  } catch (error) {
    if (!(isApiError(error) && error.status === 401) || isSignInEnded(error)) throw error;
    return createSession(await user.getIdToken(true), request);
  }
}

/** Opens our session for the identity and keeps its access token under AccessToken. */
export async function openSession(user: User, request: SessionRequestDto = {}): Promise<SessionDto> {
  const session = await requestSession(user, request);
  writeAccessToken(session.accessToken, session.expiresAt);
  return session;
}

let renewal: Promise<string> | null = null;

/**
 * A new access token from a fresh ID token of the signed-in identity. Concurrent callers share one request. A renewal
 * that comes back after a sign-out or another sign-in is dropped, never stored.
 */
export function renewAccessToken(): Promise<string> {
  renewal ??= (async () => {
    const mine = epoch;
    // A returning visitor's call can come before the identity service has loaded: wait for it to restore them.
    const user = await signedInIdentity();
    if (!user) throw new ApiError(401, 'unauthenticated', SIGNED_OUT_MESSAGE);
    const session = await requestSession(user, {});
    if (!isCurrentEpoch(mine)) throw new ApiError(401, 'unauthenticated', SIGNED_OUT_MESSAGE);
    writeAccessToken(session.accessToken, session.expiresAt);
    const store = useAuthStore.getState();
    if (store.status === 'signedIn') store.setUser(session.user);
    return session.accessToken;
  })().finally(() => {
    renewal = null;
  });
  return renewal;
}

function usableToken(): string | null {
  const stored = readAccessToken();
  if (!stored) return null;
  if (Number.isFinite(stored.expiresAt) && stored.expiresAt - Date.now() < RENEW_MARGIN_MS) return null;
  return stored.token;
}

/** Firebase could not be reached to mint an ID token: like a network failure of ours, worth another try later. */
function isFirebaseNetworkError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'auth/network-request-failed';
}

/**
 * Renewal failed for a reason that asking again will not change: no identity, an ID token or account the server
 * refuses, Firebase refusing the identity. A failure of the network or of our server (or a rate limit) only means
 * "not now": the user stays signed in and the call can be tried again.
 */
function renewalImpossible(error: unknown): boolean {
  if (isApiError(error)) return needsRenewal(error) || isAccountDeleted(error) || isSignInEnded(error);
  return !isFirebaseNetworkError(error);
}

function withBearer(options: RequestOptions, token: string): RequestOptions {
  return { ...options, headers: { ...options.headers, Authorization: `Bearer ${token}` } };
}

/** Thrown by authRequest's renewal step, so the caller can tell a failed renewal from a failed call. */
class RenewalFailed extends Error {
  readonly failure: unknown;
  constructor(failure: unknown) {
    super('renewing the access token failed');
    this.failure = failure;
  }
}

async function renewForCall(): Promise<string> {
  try {
    return await renewAccessToken();
  } catch (error) {
    throw new RenewalFailed(error);
  }
}

/**
 * A call to our server on behalf of the signed-in user: `Authorization: Bearer <AccessToken>`. The token is renewed
 * first when it has expired, and once more (then the call is retried once) when the server answers 401
 * (`unauthenticated`, `token_expired`, `token_revoked`). What happens on failure follows ERROR_HANDLING:
 * - `account_deleted` ("Forbidden Access") signs the user out everywhere and sends them to /login;
 * - a 401 that survives renewal, or a renewal that cannot succeed (`sign_in_again` among them: the Firebase sign-in
 *   ended with a logout elsewhere), signs them out of Firebase too and sends them to /login;
 * - every other code (`wrong_role` included) is only thrown, for the caller to show.
 * A renewal that failed only for now (the network, our server) is thrown too, leaving the user signed in.
 */
export async function authRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await authResponse<T>(path, options)).body;
}

/**
 * authRequest, answering the success status too: for a call whose 200 and 201 mean different things to the user
 * (POST /api/reports: a new report, or the one filed before).
 */
export async function authResponse<T>(path: string, options: RequestOptions = {}): Promise<{ status: number; body: T }> {
  const mine = epoch;
  try {
    let response = await send(path, withBearer(options, usableToken() ?? (await renewForCall())));
    if (response.status === 401) {
      const refused = await errorFromResponse(response);
      if (!needsRenewal(refused) || !isCurrentEpoch(mine)) throw refused;
      response = await send(path, withBearer(options, await renewForCall()));
    }
    return { status: response.status, body: await readJson<T>(response) };
  } catch (thrown) {
    const renewing = thrown instanceof RenewalFailed;
    const error = renewing ? thrown.failure : thrown;
    // The user signed out or in meanwhile: this answer belongs to a session that is gone.
    if (!isCurrentEpoch(mine)) throw error;
    if (isAccountDeleted(error)) {
      await forceSignOut('accountDeleted');
    } else if (renewing ? renewalImpossible(error) : needsRenewal(error)) {
      await forceSignOut('sessionEnded');
    }
    throw error;
  }
}

/**
 * A public call that shows more to a signed-in user (GET /api/books/{id} fills in the seller's phone and e-mail):
 * sends the access token when there is one, renewing an expired one first. It never signs anyone out: when no token
 * can be had or the server refuses it, the call simply goes out anonymously. Public routes answer a bad token as they
 * answer a visitor, which only the answer shows: `answeredAsVisitor` tells, and then the token is renewed and the call
 * repeated once.
 */
export async function viewerRequest<T>(
  path: string,
  options: RequestOptions = {},
  answeredAsVisitor: (answer: T) => boolean = () => false,
): Promise<T> {
  const anonymously = async () => readJson<T>(await send(path, options));
  /**
   * The answer to the call with this token; null when the token was refused. An account that has asked too often
   * (429: the server limits how many contact details one account reads) gets the visitor's answer instead of an
   * error page: the page still shows, without what only signed-in readers see.
   */
  const withToken = async (token: string): Promise<T | null> => {
    const response = await send(path, withBearer(options, token));
    if (response.status === 429) return anonymously();
    return response.status === 401 ? null : readJson<T>(response);
  };
  const renewed = () => renewAccessToken().catch(() => null);

  // A stored token means someone signed in on this browser (signing out forgets it): a visitor without one asks
  // anonymously, without loading the identity service.
  if (!readAccessToken()) return anonymously();
  const stored = usableToken();
  const token = stored ?? (await renewed());
  if (!token) return anonymously();
  const answer = await withToken(token);
  if (answer !== null && !answeredAsVisitor(answer)) return answer;
  // The stored token was refused or ignored (revoked, perhaps): one fresh one, unless it was fresh already.
  const fresh = stored ? await renewed() : null;
  const retried = fresh ? await withToken(fresh) : null;
  return retried ?? answer ?? anonymously();
}

/** Forgets the access token and the account, and signs out of the identity service. */
async function signOutHere(): Promise<void> {
  nextEpoch();
  clearAccessToken();
  useAuthStore.getState().setSignedOut();
  try {
    await signOutOfIdentity();
  } catch (error) {
    // Locally the user is signed out already; the identity service forgets them at its next start at worst.
    console.warn('Signing out of the identity service failed', error);
  }
}

/**
 * Asks the server to end every session of the account (POST /api/session/logout), so a copied or forgotten token
 * stops working too. Best effort: the token is not renewed for it, a failure is ignored, and logout waits for the
 * answer LOGOUT_WAIT_MS at most (the request itself carries on).
 */
async function endServerSessions(token: string): Promise<void> {
  const request = send('/api/session/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }).catch(
    () => undefined,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const patience = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LOGOUT_WAIT_MS);
  });
  try {
    await Promise.race([request, patience]);
  } finally {
    clearTimeout(timer);
  }
}

/** Logout: end the account's sessions on the server, then forget the token and sign out of the identity service. */
export async function signOutEverywhere(): Promise<void> {
  // Calls still in flight now belong to the session being closed: they must not renew it.
  nextEpoch();
  const stored = readAccessToken();
  if (stored) await endServerSessions(stored.token);
  await signOutHere();
}

/**
 * The app signs the user out on its own: the account was deleted, or the session could not be renewed. The server
 * has refused the token already, so there is nothing to end there; the layout then says why and goes to /login.
 */
export async function forceSignOut(reason: ForcedOutReason): Promise<void> {
  await signOutHere();
  useAuthStore.getState().markForcedOut(reason);
}
