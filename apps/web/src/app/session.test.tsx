import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { ErrorCode } from '@bindings/ErrorCode';
import { signedInAs, signedOut } from '@/test/auth';
import { fakeFirebase, idTokenFor } from '@/test/fake-firebase';
import { requestsTo, stubFetch } from '@/test/fetch-stub';
import { BUYER, sessionFor } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { ACCESS_TOKEN_EXPIRES_KEY, ACCESS_TOKEN_KEY, useAuthStore } from '@/lib/auth-store';
import { authRequest, viewerRequest } from '@/lib/session-token';

function storeToken(token: string, expiresInMs = 10 * 60 * 1000) {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
  localStorage.setItem(ACCESS_TOKEN_EXPIRES_KEY, new Date(Date.now() + expiresInMs).toISOString());
}

function refusal(status: number, code: ErrorCode, message: string) {
  return { status, body: { error: { code, message } } };
}

const expired = refusal(401, 'token_expired', 'The access token has expired.');
const revoked = refusal(401, 'token_revoked', 'This session was ended. Please log in again.');
const deleted = refusal(403, 'account_deleted', 'Forbidden Access');
const wrongRole = refusal(403, 'wrong_role', 'Your account is a seller account. You can not purchase.');

/** Renders a page for a signed-in buyer and waits until the session is open. */
async function signedInOn(path: string, routes: Parameters<typeof stubFetch>[0] = {}) {
  const fetchMock = stubFetch({ ...signedInAs(BUYER), ...routes });
  const rendered = renderApp(path);
  await waitFor(() => expect(useAuthStore.getState().status).toBe('signedIn'));
  return { fetchMock, ...rendered };
}

/** authRequest's outcome, as the value it answered or the error it threw. */
async function settle(call: Promise<unknown>): Promise<unknown> {
  let outcome: unknown;
  await act(async () => {
    outcome = await call.catch((error: unknown) => error);
  });
  return outcome;
}

describe('session', () => {
  it('a returning visitor with a stored token is recognised through GET /api/me, without a new session', async () => {
    storeToken('still-good');
    const fetchMock = stubFetch(signedInAs(BUYER));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${BUYER.name}` })).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/me').map((r) => r.authorization)).toEqual(['Bearer still-good']);
    expect(requestsTo(fetchMock, '/api/session')).toHaveLength(0);
  });

  it.each(['token_expired', 'token_revoked', 'unauthenticated'] as const)(
    'a 401 %s on /api/me renews the session once with a fresh ID token and retries the call',
    async (code) => {
      storeToken('stale');
      const fetchMock = stubFetch({
        ...signedInAs(BUYER),
        '/api/session': { body: sessionFor(BUYER, 'fresh') },
        '/api/me': (_url, init) =>
          new Headers(init.headers).get('Authorization') === 'Bearer fresh' ? { body: BUYER } : refusal(401, code, 'Log in again.'),
      });
      renderApp('/dashboard');
      expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${BUYER.name}` })).toBeInTheDocument();

      expect(requestsTo(fetchMock, '/api/me').map((r) => r.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
      const sessions = requestsTo(fetchMock, '/api/session');
      expect(sessions).toHaveLength(1);
      expect(sessions[0]?.authorization).toBe(`Bearer ${idTokenFor(fakeFirebase.auth.currentUser?.uid ?? '')}`);
      expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('fresh');
      expect(useAuthStore.getState().status).toBe('signedIn');
    },
  );

  it('an expired token is renewed before the call, never sent', async () => {
    storeToken('expired', -60_000);
    const fetchMock = stubFetch({ ...signedInAs(BUYER), '/api/session': { body: sessionFor(BUYER, 'renewed') } });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: `Welcome, ${BUYER.name}` });
    expect(requestsTo(fetchMock, '/api/me').map((r) => r.authorization)).toEqual(['Bearer renewed']);
    expect(requestsTo(fetchMock, '/api/session')).toHaveLength(1);
  });

  it('a 401 that survives renewal signs the user out and sends them to /login, instead of looping', async () => {
    storeToken('stale');
    const fetchMock = stubFetch({ ...signedInAs(BUYER), '/api/me': expired });
    const { router } = renderApp('/blog');
    await screen.findByRole('form', { name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(requestsTo(fetchMock, '/api/me')).toHaveLength(2);
    expect(fakeFirebase.module.signOut).toHaveBeenCalled();
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
  });

  it('a revoked token is renewed and the call retried, the user staying signed in', async () => {
    const { fetchMock } = await signedInOn('/blog', {
      '/api/session': { body: sessionFor(BUYER, 'renewed') },
      '/api/me/orders': (_url, init) =>
        new Headers(init.headers).get('Authorization') === 'Bearer renewed' ? { body: ['an order'] } : revoked,
    });
    localStorage.setItem(ACCESS_TOKEN_KEY, 'revoked-elsewhere');

    expect(await settle(authRequest('/api/me/orders'))).toEqual(['an order']);
    expect(requestsTo(fetchMock, '/api/me/orders').map((r) => r.authorization)).toEqual([
      'Bearer revoked-elsewhere',
      'Bearer renewed',
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('renewed');
    expect(useAuthStore.getState().status).toBe('signedIn');
    expect(fakeFirebase.module.signOut).not.toHaveBeenCalled();
  });

  it('when the session cannot be renewed, the user is signed out and sent to /login, then back after logging in', async () => {
    let refuseSessions = false;
    const { router, fetchMock } = await signedInOn('/blog', {
      '/api/session': () => (refuseSessions ? refusal(401, 'unauthenticated', 'The ID token was not accepted.') : { body: sessionFor(BUYER) }),
      '/api/me/orders': revoked,
    });
    refuseSessions = true;

    expect(await settle(authRequest('/api/me/orders'))).toMatchObject({ status: 401 });
    expect(requestsTo(fetchMock, '/api/me/orders')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: '/blog', search: '', hash: '' } });
    expect(fakeFirebase.module.signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', user: null });
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
  });

  it('sign_in_again while renewing (a logout on another device) signs out of Firebase and goes to /login at once', async () => {
    let loggedOutElsewhere = false;
    const { router, fetchMock } = await signedInOn('/blog', {
      '/api/session': () =>
        loggedOutElsewhere ? refusal(401, 'sign_in_again', 'You were signed out of this account. Please sign in again.') : { body: sessionFor(BUYER) },
      '/api/me/orders': revoked,
    });
    loggedOutElsewhere = true;

    expect(await settle(authRequest('/api/me/orders'))).toMatchObject({ status: 401, code: 'sign_in_again' });
    expect(requestsTo(fetchMock, '/api/session')).toHaveLength(2);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fakeFirebase.module.signOut).toHaveBeenCalledTimes(1);
    expect(fakeFirebase.auth.currentUser).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', user: null });
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
  });

  it('sign_in_again when a returning visitor is restored does the same', async () => {
    stubFetch({ ...signedInAs(BUYER), '/api/session': refusal(401, 'sign_in_again', 'Please sign in again.') });
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fakeFirebase.module.signOut).toHaveBeenCalledTimes(1);
    expect(fakeFirebase.auth.currentUser).toBeNull();
    expect(useAuthStore.getState().status).toBe('signedOut');
  });

  it('a renewal that fails only for now (the server is unavailable) leaves the user signed in', async () => {
    let sessionsDown = false;
    const { router } = await signedInOn('/blog', {
      '/api/session': () =>
        sessionsDown ? refusal(503, 'unavailable', 'Sign-in is unavailable right now.') : { body: sessionFor(BUYER) },
      '/api/me/orders': revoked,
    });
    sessionsDown = true;

    expect(await settle(authRequest('/api/me/orders'))).toMatchObject({ status: 503, code: 'unavailable' });
    expect(useAuthStore.getState().status).toBe('signedIn');
    expect(fakeFirebase.module.signOut).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/blog');
  });

  it('wrong_role is only thrown: the user stays signed in and where they are', async () => {
    const { router, fetchMock } = await signedInOn('/blog', { '/api/orders': wrongRole });
    const outcome = await settle(authRequest('/api/orders', { method: 'POST', body: { bookId: 'b1' } }));
    expect(outcome).toMatchObject({ status: 403, code: 'wrong_role', message: 'Your account is a seller account. You can not purchase.' });
    expect(requestsTo(fetchMock, '/api/orders')).toHaveLength(1);
    expect(requestsTo(fetchMock, '/api/session')).toHaveLength(1);
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn', forcedOut: null });
    expect(fakeFirebase.module.signOut).not.toHaveBeenCalled();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
    expect(router.state.location.pathname).toBe('/blog');
  });

  it('account_deleted on any call signs the user out and sends them to /login', async () => {
    const { router } = await signedInOn('/shop', { '/api/books/grouped': { body: [] }, '/api/me/wishlist': deleted });
    expect(await settle(authRequest('/api/me/wishlist'))).toMatchObject({ status: 403, code: 'account_deleted' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fakeFirebase.auth.currentUser).toBeNull();
    expect(useAuthStore.getState().status).toBe('signedOut');
    expect(await screen.findByText(/Forbidden Access/)).toBeInTheDocument();
  });

  it('a 403 account_deleted ("Forbidden Access") signs out of Firebase, clears AccessToken and goes to /login', async () => {
    storeToken('deleted-account');
    stubFetch({ ...signedInAs(BUYER), '/api/me': deleted });
    const { router } = renderApp('/blog');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fakeFirebase.module.signOut).toHaveBeenCalledTimes(1);
    expect(fakeFirebase.auth.currentUser).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', user: null });
    expect(await screen.findByText(/Forbidden Access/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('a 403 account_deleted when opening the session does the same', async () => {
    stubFetch({ ...signedInAs(BUYER), '/api/session': deleted });
    const { router } = renderApp('/shop');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fakeFirebase.auth.currentUser).toBeNull();
  });

  describe('the identity service loads only when needed', () => {
    it('a visitor without a stored token is signed out at once, and the SDK is never started on a public page', async () => {
      fakeFirebase.restoreUser(BUYER.email, BUYER.name);
      const fetchMock = stubFetch(signedOut());
      renderApp('/blog');
      await waitFor(() => expect(useAuthStore.getState().status).toBe('signedOut'));
      expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
      // Long enough for a start scheduled after the first paint to have happened.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(fakeFirebase.module.onAuthStateChanged).not.toHaveBeenCalled();
      expect(fakeFirebase.module.initializeAuth).not.toHaveBeenCalled();
      expect(requestsTo(fetchMock, '/api/session')).toHaveLength(0);
      expect(requestsTo(fetchMock, '/api/me')).toHaveLength(0);
    });

    it('opening the login page starts it, and the identity it restores is signed in', async () => {
      fakeFirebase.restoreUser(BUYER.email, BUYER.name);
      const fetchMock = stubFetch({ ...signedInAs(BUYER) });
      localStorage.clear();
      renderApp('/login');
      await waitFor(() => expect(fakeFirebase.module.onAuthStateChanged).toHaveBeenCalledTimes(1));
      await waitFor(() => expect(useAuthStore.getState().status).toBe('signedIn'));
      expect(requestsTo(fetchMock, '/api/session')).toHaveLength(1);
    });

    it('a returning visitor is recognised once the SDK, started after the first paint, restores them', async () => {
      storeToken('still-good');
      stubFetch(signedInAs(BUYER));
      renderApp('/blog');
      expect(useAuthStore.getState().status).toBe('loading');
      expect(fakeFirebase.module.onAuthStateChanged).not.toHaveBeenCalled();
      await waitFor(() => expect(useAuthStore.getState().status).toBe('signedIn'));
      expect(fakeFirebase.module.onAuthStateChanged).toHaveBeenCalledTimes(1);
    });

    it('a viewer call without a stored token goes out anonymously, without loading the identity service', async () => {
      stubFetch(signedOut());
      const fetchMock = stubFetch({ ...signedOut(), '/api/books/b1': { body: { id: 'b1' } } });
      renderApp('/blog');
      await waitFor(() => expect(useAuthStore.getState().status).toBe('signedOut'));
      expect(await settle(viewerRequest('/api/books/b1'))).toEqual({ id: 'b1' });
      expect(requestsTo(fetchMock, '/api/books/b1').map((r) => r.authorization)).toEqual([null]);
      expect(fakeFirebase.module.onAuthStateChanged).not.toHaveBeenCalled();
    });

    it('a signed-in reader over the contact-details limit still gets the book, as a visitor sees it', async () => {
      const limited = refusal(429, 'rate_limited', 'Too many requests. Please wait and try again.');
      const fetchMock = await signedInOn('/blog', {
        '/api/books/b1': (_url, init) =>
          new Headers(init.headers).get('authorization') ? limited : { body: { id: 'b1', seller: { phone: null } } },
      }).then((r) => r.fetchMock);
      expect(await settle(viewerRequest('/api/books/b1'))).toEqual({ id: 'b1', seller: { phone: null } });
      expect(requestsTo(fetchMock, '/api/books/b1').map((r) => r.authorization !== null)).toEqual([true, false]);
      expect(useAuthStore.getState().status).toBe('signedIn');
    });
  });
});
