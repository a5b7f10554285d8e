// The language follows the person, not the device: kept on the account as well as in this browser.

import { useEffect } from 'react';
import { setAccountLanguage } from '../api/set-account-language';
import { useAuthStore } from '../auth-store';
import { type Language, isLanguage, readStoredLanguage } from './language';
import { currentLanguage, switchLanguage } from './translations';

/**
 * The visitor chose a language: shown at once, kept in this browser and, when signed in, on the account. Keeping it
 * on the account is best effort: the page has switched either way.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  await switchLanguage(language);
  const { status, user, setUser } = useAuthStore.getState();
  if (status !== 'signedIn' || user?.language === language) return;
  try {
    setUser(await setAccountLanguage(language));
  } catch {
    // Offline or the session ended: this device remembers the choice; the account learns it next time.
  }
}

/**
 * On sign-in: the account's language wins (chosen on another device). An account without one takes the choice this
 * browser remembers, if the visitor made one here.
 */
export function useAccountLanguage(): void {
  const user = useAuthStore((state) => (state.status === 'signedIn' ? state.user : null));
  const accountLanguage = user?.language ?? null;
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    if (accountLanguage) {
      if (accountLanguage !== currentLanguage()) void switchLanguage(accountLanguage);
      return;
    }
    const remembered = readStoredLanguage();
    if (isLanguage(remembered)) void chooseLanguage(remembered);
  }, [signedIn, accountLanguage]);
}
