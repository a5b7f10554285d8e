import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { FakeFirebaseError } from '@/test/fake-firebase';
import { signInErrorMessage, WRONG_CREDENTIALS } from './auth-errors';
import { returnPath } from './components/return-path';

describe('signInErrorMessage', () => {
  it.each(['auth/invalid-credential', 'auth/wrong-password', 'auth/user-not-found', 'auth/invalid-login-credentials'])(
    'says %s as "Wrong e-mail or password."',
    (code) => {
      expect(signInErrorMessage(new FakeFirebaseError(code))).toBe(WRONG_CREDENTIALS);
    },
  );

  it("keeps Firebase's message, without its prefix, for unknown codes", () => {
    expect(signInErrorMessage(new FakeFirebaseError('auth/new-thing', 'Firebase: A new thing (auth/new-thing).'))).toBe(
      'A new thing (auth/new-thing).',
    );
  });

  it("shows our server's message for its errors", () => {
    expect(signInErrorMessage(new ApiError(409, 'email_taken', 'Another account already uses this e-mail.'))).toBe(
      'Another account already uses this e-mail.',
    );
  });

  it('stays quiet when the visitor closed the pop-up', () => {
    expect(signInErrorMessage(new FakeFirebaseError('auth/popup-closed-by-user'))).toBeNull();
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
