import type { MeDto } from '@bindings/MeDto';
import { fakeFirebase } from './fake-firebase';
import type { Reply } from './fetch-stub';
import { EMULATOR_CONFIG, sessionFor } from './fixtures';

/**
 * A visitor who signed in on an earlier visit: Firebase restores their identity at page load and the app opens a
 * session with the server. Spread the answered routes into stubFetch.
 */
export function signedInAs(user: MeDto): Record<string, Reply> {
  fakeFirebase.restoreUser(user.email, user.name);
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
