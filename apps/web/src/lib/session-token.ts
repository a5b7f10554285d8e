import { signOut, type User } from 'firebase/auth';
import type { SessionDto } from '@bindings/SessionDto';
import type { SessionRequestDto } from '@bindings/SessionRequestDto';
import { ApiError, isApiError, isForbiddenAccess, readJson, send, type RequestOptions } from './api-client';
import { createSession } from './api/create-session';
import { clearAccessToken, readAccessToken, useAuthStore, writeAccessToken } from './auth-store';
import { currentFirebaseAuth } from './firebase';

/** Renew this long before the access token runs out, so a call never leaves with a token about to expire. */
const RENEW_MARGIN_MS = 30_000;
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
 * Trades the identity's Firebase ID token for our access token (POST /api/session) and keeps it under
 * AccessToken. A 401 means the ID token was stale: one more try with a freshly minted one.
 */
export async function openSession(user: User, request: SessionRequestDto = {}): Promise<SessionDto> {
  let session: SessionDto;
  try {
    session = await createSession(await user.getIdToken(), request);
  } catch (error) {
    if (!(isApiError(error) && error.status === 401)) throw error;
    session = await createSession(await user.getIdToken(true), request);
  }
  writeAccessToken(session.accessToken, session.expiresAt);
  return session;
}

let renewal: Promise<string> | null = null;

/** A new access token from a fresh ID token of the signed-in identity. Concurrent callers share one request. */
export function renewAccessToken(): Promise<string> {
  renewal ??= (async () => {
    const user = currentFirebaseAuth()?.currentUser;
    if (!user) throw new ApiError(401, 'unauthorized', SIGNED_OUT_MESSAGE);
    const session = await openSession(user);
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

/**
 * A call to our server on behalf of the signed-in user: `Authorization: Bearer <AccessToken>`. The token is
 * renewed first when it has expired, and once more (then the call is retried once) when the server answers 401.
 * "Forbidden Access" (a deleted account) signs the user out everywhere and sends them to /login; a session that
 * cannot be renewed signs them out too.
 */
export async function authRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const call = (token: string) => send(path, { ...options, headers: { ...options.headers, Authorization: `Bearer ${token}` } });
  try {
    let response = await call(usableToken() ?? (await renewAccessToken()));
    if (response.status === 401) response = await call(await renewAccessToken());
    return await readJson<T>(response);
  } catch (error) {
    if (isForbiddenAccess(error)) {
      await forceSignOut();
    } else if (isApiError(error) && error.status === 401) {
      await signOutEverywhere();
    }
    throw error;
  }
}

/** Logout: forget the access token and the account, and sign out of the identity service. */
export async function signOutEverywhere(): Promise<void> {
  nextEpoch();
  clearAccessToken();
  useAuthStore.getState().setSignedOut();
  const auth = currentFirebaseAuth();
  if (!auth?.currentUser) return;
  try {
    await signOut(auth);
  } catch (error) {
    // Locally the user is signed out already; the identity service forgets them at its next start at worst.
    console.warn('Signing out of the identity service failed', error);
  }
}

/** The server said "Forbidden Access": sign out everywhere, then the layout sends the visitor to /login. */
export async function forceSignOut(): Promise<void> {
  await signOutEverywhere();
  useAuthStore.getState().markForcedOut();
}
