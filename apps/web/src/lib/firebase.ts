import { getApps, initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  getAuth,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import type { AuthConfigDto } from '@bindings/AuthConfigDto';

// Only identity.ts loads this module (with a dynamic import, so the SDK stays out of the start-up JavaScript), and
// code that already runs in a chunk loaded for signing in. The SDK's functions the session code needs pass through here.
export { deleteUser, onAuthStateChanged, signOut } from 'firebase/auth';

let current: { key: string; auth: Auth } | null = null;

/**
 * The Firebase Auth instance for the server's run-time configuration (GET /api/config), created once per page.
 * Mode "none" has none. In emulator mode it talks to the local Auth emulator and leaves out the pop-up machinery,
 * which would load Google's scripts (social sign-in goes through the local account chooser instead).
 */
export function firebaseAuthFor(config: AuthConfigDto): Auth | null {
  if (config.mode === 'none' || !config.firebase) return null;
  const { apiKey, authDomain, projectId, emulatorUrl } = config.firebase;
  const key = JSON.stringify([config.mode, apiKey, authDomain, projectId, emulatorUrl]);
  if (current?.key === key) return current.auth;

  const app = getApps()[0] ?? initializeApp({ apiKey, authDomain, projectId });
  let auth: Auth;
  if (config.mode === 'emulator') {
    auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
    if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  } else {
    auth = getAuth(app);
  }
  current = { key, auth };
  return auth;
}

/** The instance made by firebaseAuthFor, if sign-in is configured and has started. */
export function currentFirebaseAuth(): Auth | null {
  return current?.auth ?? null;
}
