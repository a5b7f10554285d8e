import { create } from 'zustand';
import type { AuthMode } from '@bindings/AuthMode';
import type { MeDto } from '@bindings/MeDto';

/**
 * Where sign-in stands: `loading` until the identity service has answered and our server has opened a session, then
 * `signedIn` or `signedOut`. Sign in and sign up go back to `loading` while they run.
 */
export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/**
 * Why the app signed the user out without being asked: the account was deleted ("Forbidden Access"), or the session
 * ended and could not be renewed.
 */
export type ForcedOutReason = 'accountDeleted' | 'sessionEnded';

interface AuthState {
  status: AuthStatus;
  /** The account as OUR server reports it. Its role is the truth; the browser never works a role out itself. */
  user: MeDto | null;
  /** How this server signs people in; null until the run-time configuration has arrived (or if it failed). */
  mode: AuthMode | null;
  /** Set when the app signed the user out on its own: the layout says why, sends them to /login, then clears it. */
  forcedOut: ForcedOutReason | null;
  setMode: (mode: AuthMode | null) => void;
  setLoading: () => void;
  setSignedIn: (user: MeDto) => void;
  setSignedOut: () => void;
  /** Replaces the account after a change (a new photo, a renewed session) without touching the status. */
  setUser: (user: MeDto) => void;
  markForcedOut: (reason: ForcedOutReason) => void;
  acknowledgeForcedOut: () => void;
  reset: () => void;
}

/** Where the API access token is kept between visits (spec section 7). */
export const ACCESS_TOKEN_KEY = 'AccessToken';
/** When that token stops working (RFC 3339), so it is renewed before a call fails. */
export const ACCESS_TOKEN_EXPIRES_KEY = 'AccessTokenExpiresAt';

/**
 * A visitor without a stored access token is signed out from the first render: only a stored token can be restored,
 * so there is nothing to wait for (not even the run-time configuration), and public pages ask for their data at once.
 */
function startingStatus(): AuthStatus {
  return readAccessToken() ? 'loading' : 'signedOut';
}

const initial = { user: null, mode: null, forcedOut: null };

export const useAuthStore = create<AuthState>()((set) => ({
  ...initial,
  status: startingStatus(),
  setMode: (mode) => set({ mode }),
  setLoading: () => set({ status: 'loading' }),
  setSignedIn: (user) => set({ status: 'signedIn', user }),
  setSignedOut: () => set({ status: 'signedOut', user: null }),
  setUser: (user) => set({ user }),
  markForcedOut: (reason) => set({ forcedOut: reason }),
  acknowledgeForcedOut: () => set({ forcedOut: null }),
  reset: () => set({ ...initial, status: startingStatus() }),
}));

/** The signed-in account, or null while loading or signed out. */
export function useCurrentUser(): MeDto | null {
  return useAuthStore((state) => (state.status === 'signedIn' ? state.user : null));
}

export interface StoredAccessToken {
  token: string;
  /** Milliseconds since the epoch; NaN when unknown. */
  expiresAt: number;
}

export function readAccessToken(): StoredAccessToken | null {
  try {
    const token = localStorage.getItem(ACCESS_TOKEN_KEY);
    if (!token) return null;
    return { token, expiresAt: Date.parse(localStorage.getItem(ACCESS_TOKEN_EXPIRES_KEY) ?? '') };
  } catch {
    return null;
  }
}

export function writeAccessToken(token: string, expiresAt: string): void {
  try {
    localStorage.setItem(ACCESS_TOKEN_KEY, token);
    localStorage.setItem(ACCESS_TOKEN_EXPIRES_KEY, expiresAt);
  } catch {
    // Storage can be unavailable (privacy modes): the session then lasts as long as the identity service's.
  }
}

export function clearAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(ACCESS_TOKEN_EXPIRES_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** First letters of the first and last word of a name ("Rahim Uddin" -> "RU"), or of the e-mail. */
export function initialsOf(name: string, email = ''): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}` : (words[0]?.slice(0, 2) ?? '');
  return (letters || email.slice(0, 1) || '?').toUpperCase();
}
