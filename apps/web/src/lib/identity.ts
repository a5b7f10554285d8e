import type { Auth, User } from 'firebase/auth';
import type { AuthConfigDto } from '@bindings/AuthConfigDto';

// The Firebase SDK weighs about 32 KiB gzipped and most visitors never sign in: this module is the only way the app
// reaches it, through a dynamic import that vite turns into a chunk of its own. Nothing here imports the SDK
// (type imports vanish from the build), so the first paint never waits for it.

type FirebaseModule = typeof import('./firebase');

let sdk: Promise<FirebaseModule> | null = null;

/** The SDK and our wrapper around it, fetched once on first use. A failed download is retried by the next caller. */
export function loadFirebase(): Promise<FirebaseModule> {
  sdk ??= import('./firebase').catch((error: unknown) => {
    sdk = null;
    throw error;
  });
  return sdk;
}

interface Registration {
  config: AuthConfigDto;
  onUser: (user: User | null) => void;
  /** The started identity service, once something asked for it. */
  started: Promise<Auth> | null;
  unsubscribe: () => void;
  ended: boolean;
}

let registration: Registration | null = null;
/** Known once the run-time configuration has arrived: false when the server has no sign-in at all. */
let configured: boolean | null = null;
/** A sign-in page opened before the configuration arrived: start as soon as it does. */
let wanted = false;

export function isFirebaseConfigured(config: AuthConfigDto): boolean {
  return config.mode !== 'none' && config.firebase !== null && config.firebase !== undefined;
}

/**
 * Remembers how to reach the identity service and who follows its users, without loading anything. startIdentity
 * loads it later: for a returning visitor after the first paint, for anyone else when they go to sign in. Answers the
 * function that stops following.
 */
export function registerIdentity(config: AuthConfigDto, onUser: (user: User | null) => void): () => void {
  configured = isFirebaseConfigured(config);
  if (!configured) {
    registration = null;
    wanted = false;
    return () => {};
  }
  const mine: Registration = { config, onUser, started: null, unsubscribe: () => {}, ended: false };
  registration = mine;
  if (wanted) {
    wanted = false;
    void startIdentity().catch(warnNotStarted);
  }
  return () => {
    mine.ended = true;
    mine.unsubscribe();
    if (registration === mine) registration = null;
  };
}

function warnNotStarted(error: unknown): void {
  console.warn('Could not load the sign-in service', error);
}

/**
 * Loads the SDK and starts following the identity service (the listener of registerIdentity hears the current user,
 * then every change). Answers the Auth instance, or null when sign-in is not configured or the configuration has not
 * arrived yet. Calling it again answers the same instance.
 */
export function startIdentity(): Promise<Auth | null> {
  const mine = registration;
  if (!mine) return Promise.resolve(null);
  mine.started ??= (async () => {
    const firebase = await loadFirebase();
    const auth = firebase.firebaseAuthFor(mine.config);
    if (!auth) throw new Error('Sign-in is not configured on this server.');
    if (!mine.ended) mine.unsubscribe = firebase.onAuthStateChanged(auth, mine.onUser);
    return auth;
  })().catch((error: unknown) => {
    mine.started = null;
    throw error;
  });
  return mine.started;
}

/**
 * A sign-in or sign-up page has opened: fetch the SDK now, while the visitor types, rather than on their click. If the
 * configuration is still on its way, it starts when it arrives.
 */
export function prepareSignIn(): void {
  if (registration) void startIdentity().catch(warnNotStarted);
  else wanted = true;
}

/**
 * The identity the identity service has signed in, waiting for it to restore a returning user (loading the SDK when
 * needed). Null when nobody is signed in there or sign-in is not configured.
 */
export async function signedInIdentity(): Promise<User | null> {
  const auth = await startIdentity();
  if (!auth) return null;
  // The fake SDK of the unit tests has no authStateReady; real Firebase resolves it once the user is restored.
  await auth.authStateReady?.();
  return auth.currentUser;
}

/**
 * Signs out of the identity service. If the SDK has not loaded, it is loaded only to sign out (without following the
 * user, which would open a session again for the identity it restores): otherwise the identity it keeps would sign the
 * visitor back in at their next sign-in page.
 */
export async function signOutOfIdentity(): Promise<void> {
  if (configured === false) return;
  const firebase = await loadFirebase();
  const config = registration?.config;
  const auth = firebase.currentFirebaseAuth() ?? (config ? firebase.firebaseAuthFor(config) : null);
  if (!auth) return;
  await auth.authStateReady?.();
  if (auth.currentUser) await firebase.signOut(auth);
}
