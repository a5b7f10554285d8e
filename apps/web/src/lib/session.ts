import type { Auth, User } from 'firebase/auth';
import type { AuthConfigDto } from '@bindings/AuthConfigDto';
import type { MeDto } from '@bindings/MeDto';
import type { SessionRequestDto } from '@bindings/SessionRequestDto';
import { isAccountDeleted, isSignInEnded } from './api-client';
import { getMe } from './api/get-me';
import { textToken } from './i18n/problem';
import { clearAccessToken, readAccessToken, useAuthStore } from './auth-store';
import { isFirebaseConfigured, loadFirebase, registerIdentity, startIdentity } from './identity';
import { forceSignOut, isCurrentEpoch, nextEpoch, openSession } from './session-token';

/** "Sign-in is not configured on this server.": a token (src/lib/i18n/problem.ts), shown by the sign-in forms' alert in
 * the language on screen. */
export const NOT_CONFIGURED_MESSAGE = textToken('common:failures.notConfigured');

/** Sign-ins started from a form or a social button; while one runs, it (not the listener) opens the session. */
let interactive = 0;

/**
 * Starts following the identity service (spec section 4). The SDK is not part of the start-up JavaScript: a visitor
 * with a stored access token (someone who signed in before) is `loading` until the identity service, fetched right
 * after the first paint, has restored them and our server has opened or confirmed their session; then `signedIn`, or
 * `signedOut`. A visitor without one is `signedOut` at once, and the SDK loads only when they go to sign in. Answers
 * the unsubscribe function.
 */
export function startAuth(config: AuthConfigDto): () => void {
  const store = useAuthStore.getState();
  store.setMode(config.mode);
  const stop = registerIdentity(config, (user) => {
    void followIdentity(user);
  });
  if (!isFirebaseConfigured(config)) {
    clearAccessToken();
    store.setSignedOut();
    return stop;
  }
  if (!readAccessToken()) {
    store.setSignedOut();
    return stop;
  }
  store.setLoading();
  let stopped = false;
  afterFirstPaint(() => {
    if (stopped) return;
    startIdentity().catch((error: unknown) => {
      // The SDK could not be fetched (offline): nobody can be restored, so the visitor browses signed out.
      console.warn('Could not load the sign-in service', error);
      if (!stopped) useAuthStore.getState().setSignedOut();
    });
  });
  return () => {
    stopped = true;
    stop();
  };
}

/** Runs `task` once the browser has painted the current frame, so it never delays what the visitor first sees. */
function afterFirstPaint(task: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(task, 0));
  else setTimeout(task, 0);
}

async function followIdentity(user: User | null): Promise<void> {
  if (interactive > 0) return;
  const mine = nextEpoch();
  const store = useAuthStore.getState();
  if (!user) {
    clearAccessToken();
    store.setSignedOut();
    return;
  }
  store.setLoading();
  try {
    const me = await restoreSession(user);
    if (isCurrentEpoch(mine)) store.setSignedIn(me);
  } catch (error) {
    // authRequest has already signed out (and bumped the epoch) for a 401 or Forbidden Access on GET /api/me.
    if (!isCurrentEpoch(mine)) return;
    if (isAccountDeleted(error)) {
      await forceSignOut('accountDeleted');
      return;
    }
    if (isSignInEnded(error)) {
      // Firebase still remembers a sign-in our server has ended (a logout on another device): forget it here too.
      await forceSignOut('sessionEnded');
      return;
    }
    console.warn('Could not open a session for the signed-in identity', error);
    clearAccessToken();
    store.setSignedOut();
  }
}

function sameEmail(a: string, b: string | null): boolean {
  return b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** A returning visitor: the stored access token if it still works (renewed when needed), else a new session. */
async function restoreSession(user: User): Promise<MeDto> {
  if (readAccessToken()) {
    const me = await getMe();
    if (sameEmail(me.email, user.email)) return me;
  }
  return (await openSession(user)).user;
}

/**
 * Runs a sign-in with the identity service (e-mail and password, sign-up, a social provider), then opens our
 * session with `request` (name and account type matter only when the account is new). Status is `loading`
 * meanwhile. Answers the account; throws the identity service's error or the server's ApiError.
 */
export async function signInInteractively(
  action: (auth: Auth) => Promise<User>,
  request: SessionRequestDto = {},
  options: { discardNewIdentityOnFailure?: boolean } = {},
): Promise<MeDto> {
  // Counted before the SDK loads: the state it first reports must not open a session alongside this sign-in.
  interactive += 1;
  try {
    const auth = await startIdentity();
    if (!auth) throw new Error(NOT_CONFIGURED_MESSAGE);
    return await runSignIn(auth, action, request, options);
  } finally {
    interactive -= 1;
  }
}

async function runSignIn(
  auth: Auth,
  action: (auth: Auth) => Promise<User>,
  request: SessionRequestDto,
  { discardNewIdentityOnFailure = false }: { discardNewIdentityOnFailure?: boolean },
): Promise<MeDto> {
  const { deleteUser, signOut } = await loadFirebase();
  const store = useAuthStore.getState();
  const before = { status: store.status, user: store.user };
  const mine = nextEpoch();
  store.setLoading();
  let identity: User | null = null;
  try {
    identity = await action(auth);
    const session = await openSession(identity, request);
    if (isCurrentEpoch(mine)) store.setSignedIn(session.user);
    return session.user;
  } catch (error) {
    if (identity) {
      // The identity service let them in but our server did not: leave no half-signed-in state behind.
      clearAccessToken();
      if (discardNewIdentityOnFailure) {
        // A sign-up whose account the server refused: without this, the Firebase user would outlive it, and a later
        // login would open a buyer account, silently dropping the Seller Account choice. Deleting it lets them retry.
        try {
          await deleteUser(identity);
        } catch (deleteError) {
          console.warn('Could not remove the identity of a refused sign-up', deleteError);
        }
      }
      try {
        await signOut(auth);
      } catch {
        // Already signed out locally below.
      }
      useAuthStore.getState().setSignedOut();
    } else if (before.status === 'signedIn' && before.user) {
      // A wrong password or a closed pop-up: whoever was signed in before still is.
      useAuthStore.getState().setSignedIn(before.user);
    } else {
      useAuthStore.getState().setSignedOut();
    }
    throw error;
  }
}
