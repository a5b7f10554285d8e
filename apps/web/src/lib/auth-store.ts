import { create } from 'zustand';

/** The signed-in person as the identity service describes them. Sign-in arrives in a later issue. */
export interface AuthUser {
  email: string;
  displayName: string | null;
  photoURL: string | null;
}

interface AuthState {
  user: AuthUser | null;
  setUser: (user: AuthUser | null) => void;
  reset: () => void;
}

/** Where the API access token is kept between visits (spec section 7). */
export const ACCESS_TOKEN_KEY = 'AccessToken';

export const useAuthStore = create<AuthState>()((set) => ({
  user: null,
  setUser: (user) => set({ user }),
  reset: () => set({ user: null }),
}));

/** Forget the session on this device: the stored token and the in-memory user. */
export function signOutLocally(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Storage can be unavailable (privacy modes); the in-memory reset below still signs out.
  }
  useAuthStore.getState().reset();
}
