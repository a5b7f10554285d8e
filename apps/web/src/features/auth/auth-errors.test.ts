import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { problemText } from '@/lib/i18n/problem';
import { switchLanguage } from '@/lib/i18n/translations';
import { FakeFirebaseError } from '@/test/fake-firebase';
import { signInErrorMessage } from './auth-errors';
import { returnPath } from './components/return-path';

/** The message as the reader reads it (a form shows it through FormAlert). */
function shown(error: unknown): string | null {
  const message = signInErrorMessage(error);
  return message === null ? null : problemText(message);
}

describe('signInErrorMessage', () => {
  it.each(['auth/invalid-credential', 'auth/wrong-password', 'auth/user-not-found', 'auth/invalid-login-credentials'])(
    'says %s as "Wrong e-mail or password."',
    (code) => {
      expect(shown(new FakeFirebaseError(code))).toBe('Wrong e-mail or password.');
    },
  );

  it("keeps Firebase's message, without its prefix, for unknown codes", () => {
    expect(shown(new FakeFirebaseError('auth/new-thing', 'Firebase: A new thing (auth/new-thing).'))).toBe('A new thing (auth/new-thing).');
  });

  it("shows our server's message for its errors", () => {
    expect(shown(new ApiError(409, 'email_taken', 'Another account already uses this e-mail.'))).toBe(
      'Another account already uses this e-mail.',
    );
  });

  it('stays quiet when the visitor closed the pop-up', () => {
    expect(signInErrorMessage(new FakeFirebaseError('auth/popup-closed-by-user'))).toBeNull();
  });

  it('says it in Bangla, in the language on screen when the message is shown', async () => {
    const wrong = signInErrorMessage(new FakeFirebaseError('auth/wrong-password'))!;
    const weak = signInErrorMessage(new FakeFirebaseError('auth/weak-password'))!;
    const unknown = signInErrorMessage(new FakeFirebaseError('auth/new-thing', 'Firebase: A new thing (auth/new-thing).'))!;
    expect(problemText(weak)).toBe('Choose a longer password: at least 6 characters.');
    await switchLanguage('bn');
    expect(problemText(wrong)).toBe('ই-মেইল বা পাসওয়ার্ড ভুল।');
    expect(problemText(weak)).toBe('আরও লম্বা পাসওয়ার্ড দিন: অন্তত ৬টি অক্ষর।');
    // Firebase writes its own messages in English: a Bangla reader is told, in Bangla, that signing in failed.
    expect(problemText(unknown)).toBe('লগইন করা যায়নি। আবার চেষ্টা করুন।');
    expect(shown(new FakeFirebaseError('auth/missing-email'))).toBe('ই-মেইল লিখতে হবে');
  });
});

describe('returnPath', () => {
  it('rebuilds the guarded location, defaulting to /', () => {
    expect(returnPath({ from: { pathname: '/category/1', search: '?page=2', hash: '#top' } })).toBe('/category/1?page=2#top');
    expect(returnPath({ from: '/dashboard' })).toBe('/dashboard');
    expect(returnPath(null)).toBe('/');
    expect(returnPath({})).toBe('/');
  });

  it('never returns to /login, /signup or another site', () => {
    expect(returnPath({ from: '/login' })).toBe('/');
    expect(returnPath({ from: { pathname: '/signup' } })).toBe('/');
    expect(returnPath({ from: '//evil.example/x' })).toBe('/');
    expect(returnPath({ from: 'https://evil.example' })).toBe('/');
  });
});
