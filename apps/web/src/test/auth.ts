import type { MeDto } from '@bindings/MeDto';
import { readAccessToken, writeAccessToken } from '@/lib/auth-store';
import { fakeFirebase } from './fake-firebase';
import type { Reply } from './fetch-stub';
import { EMULATOR_CONFIG, sessionFor } from './fixtures';

/**
 * A visitor who signed in on an earlier visit: that visit left an access token, expired by now (they last minutes),
 * unless the test stored one of its own. Firebase restores their identity once the app loads it, and the app renews
 * the session with the server. Spread the answered routes into stubFetch.
 */
export function signedInAs(user: MeDto): Record<string, Reply> {
  fakeFirebase.restoreUser(user.email, user.name);
  if (!readAccessToken()) writeAccessToken(`expired-${user.id}`, new Date(Date.now() - 60_000).toISOString());
  return {
    '/api/config': { body: EMULATOR_CONFIG },
    '/api/session': { body: sessionFor(user) },
    '/api/me': { body: user },
    '/api/advertised': { body: [] },
  };
}

/** Sign-in is configured (emulator) but nobody is signed in. */
export function signedOut(): Record<string, Reply> {
  return { '/api/config': { body: EMULATOR_CONFIG }, '/api/advertised': { body: [] } };
}
