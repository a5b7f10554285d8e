import {
  createUserWithEmailAndPassword,
  FacebookAuthProvider,
  GoogleAuthProvider,
  signInWithEmailAndPassword,
  signInWithPopup,
  updateProfile,
} from 'firebase/auth';
import type { AccountTypeDto } from '@bindings/AccountTypeDto';
import type { MeDto } from '@bindings/MeDto';
import { signInInteractively } from '@/lib/session';

/** A social sign-in; its name as people read it is `auth:providers.<provider>`. */
export type SocialProvider = 'google' | 'facebook';

/** Login with e-mail and password; the account already exists, so nothing but the ID token is sent. */
export function signInWithPassword(email: string, password: string): Promise<MeDto> {
  return signInInteractively(async (auth) => (await signInWithEmailAndPassword(auth, email, password)).user);
}

export interface SignUpValues {
  name: string;
  email: string;
  password: string;
  accountType: AccountTypeDto;
}

/**
 * Sign-up: the Firebase user, its display name, then the session that opens the account as a buyer or a seller
 * (the server decides; it never makes an admin from a client's request).
 */
export function signUp({ name, email, password, accountType }: SignUpValues): Promise<MeDto> {
  return signInInteractively(
    async (auth) => {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      await updateProfile(user, { displayName: name });
      return user;
    },
    { name, accountType },
    { discardNewIdentityOnFailure: true },
  );
}

/** Google or Facebook in Firebase's own pop-up (production mode). A new account is a buyer. */
export function signInWithSocialPopup(provider: SocialProvider): Promise<MeDto> {
  return signInInteractively(async (auth) => {
    const authProvider = provider === 'google' ? new GoogleAuthProvider() : new FacebookAuthProvider();
    return (await signInWithPopup(auth, authProvider)).user;
  });
}
