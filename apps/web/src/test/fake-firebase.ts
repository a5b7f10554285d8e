// A stand-in for the Firebase JS SDK (firebase/app and firebase/auth), installed for every unit test by setup.ts.
// It keeps a small table of e-mail accounts, one current user and the onAuthStateChanged listeners, and records every
// call (they are vi.fn) so tests can check what the app asked the identity service to do.
import { vi } from 'vitest';

export class FakeFirebaseError extends Error {
  readonly code: string;
  constructor(code: string, message = `Firebase: Error (${code}).`) {
    super(message);
    this.name = 'FirebaseError';
    this.code = code;
  }
}

export interface FakeUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  providerId: string;
  getIdToken: (forceRefresh?: boolean) => Promise<string>;
}

interface FakeAccount {
  uid: string;
  email: string;
  password: string;
  displayName: string | null;
}

type Listener = (user: FakeUser | null) => void;

const accounts = new Map<string, FakeAccount>();
const listeners = new Set<Listener>();
const auth: { currentUser: FakeUser | null; name: string } = { currentUser: null, name: 'fake-auth' };
let nextUid = 1;

/** The ID token the fake hands out for a user: tests look for it in `Authorization: Bearer ...`. */
export function idTokenFor(uid: string): string {
  return `firebase-id-token-${uid}`;
}

function makeUser(uid: string, email: string | null, displayName: string | null, providerId = 'password'): FakeUser {
  return { uid, email, displayName, photoURL: null, providerId, getIdToken: vi.fn(async () => idTokenFor(uid)) };
}

function setCurrentUser(user: FakeUser | null): void {
  auth.currentUser = user;
  for (const listener of [...listeners]) listener(user);
}

function decodeClaims(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
}

interface FakeCredential {
  providerId: string;
  idToken?: string;
  accessToken?: string;
}

export const firebaseAppModule = {
  initializeApp: vi.fn((options: unknown) => ({ name: '[DEFAULT]', options })),
  getApps: vi.fn(() => []),
  getApp: vi.fn(() => ({ name: '[DEFAULT]' })),
};

export const firebaseAuthModule = {
  getAuth: vi.fn(() => auth),
  initializeAuth: vi.fn(() => auth),
  connectAuthEmulator: vi.fn(),
  indexedDBLocalPersistence: { type: 'LOCAL' },
  browserLocalPersistence: { type: 'LOCAL' },
  onAuthStateChanged: vi.fn((_auth: unknown, listener: Listener) => {
    listeners.add(listener);
    // Like Firebase: the current state arrives asynchronously once the listener is attached.
    queueMicrotask(() => {
      if (listeners.has(listener)) listener(auth.currentUser);
    });
    return () => {
      listeners.delete(listener);
    };
  }),
  signInWithEmailAndPassword: vi.fn(async (_auth: unknown, email: string, password: string) => {
    const account = accounts.get(email.trim().toLowerCase());
    if (!account || account.password !== password) throw new FakeFirebaseError('auth/invalid-credential');
    setCurrentUser(makeUser(account.uid, account.email, account.displayName));
    return { user: auth.currentUser };
  }),
  createUserWithEmailAndPassword: vi.fn(async (_auth: unknown, email: string, password: string) => {
    const key = email.trim().toLowerCase();
    if (accounts.has(key)) throw new FakeFirebaseError('auth/email-already-in-use');
    const account = fakeFirebase.addAccount(key, password);
    setCurrentUser(makeUser(account.uid, account.email, null));
    return { user: auth.currentUser };
  }),
  updateProfile: vi.fn(async (user: FakeUser, profile: { displayName?: string | null; photoURL?: string | null }) => {
    Object.assign(user, profile);
  }),
  deleteUser: vi.fn(async (user: FakeUser) => {
    if (user.email) accounts.delete(user.email.trim().toLowerCase());
    if (auth.currentUser === user) setCurrentUser(null);
  }),
  signOut: vi.fn(async () => {
    setCurrentUser(null);
  }),
  signInWithCredential: vi.fn(async (_auth: unknown, credential: FakeCredential) => {
    const token = credential.idToken ?? credential.accessToken ?? '';
    const claims = decodeClaims(token);
    const user = makeUser(
      `${credential.providerId}:${String(claims.sub)}`,
      typeof claims.email === 'string' ? claims.email : null,
      typeof claims.name === 'string' ? claims.name : null,
      credential.providerId,
    );
    setCurrentUser(user);
    return { user };
  }),
  signInWithPopup: vi.fn(async (): Promise<{ user: FakeUser }> => {
    throw new FakeFirebaseError('auth/popup-closed-by-user');
  }),
  GoogleAuthProvider: class {
    readonly providerId = 'google.com';
    static credential(idToken: string): FakeCredential {
      return { providerId: 'google.com', idToken };
    }
  },
  FacebookAuthProvider: class {
    readonly providerId = 'facebook.com';
    static credential(accessToken: string): FakeCredential {
      return { providerId: 'facebook.com', accessToken };
    }
  },
};

/** Controls for tests. */
export const fakeFirebase = {
  auth,
  module: firebaseAuthModule,
  /** An e-mail/password account the identity service knows. */
  addAccount(email: string, password: string, displayName: string | null = null): FakeAccount {
    const account = { uid: `uid-${nextUid++}`, email: email.trim().toLowerCase(), password, displayName };
    accounts.set(account.email, account);
    return account;
  },
  /** Someone who signed in on an earlier visit: Firebase restores them when the page loads. */
  restoreUser(email: string, displayName: string | null = null): FakeUser {
    const account = accounts.get(email.toLowerCase()) ?? fakeFirebase.addAccount(email, 'secret-password', displayName);
    auth.currentUser = makeUser(account.uid, account.email, displayName);
    return auth.currentUser;
  },
  reset(): void {
    accounts.clear();
    listeners.clear();
    auth.currentUser = null;
    nextUid = 1;
    for (const fn of [...Object.values(firebaseAuthModule), ...Object.values(firebaseAppModule)]) {
      if (vi.isMockFunction(fn)) fn.mockClear();
    }
  },
};
