import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { signedInAs } from '@/test/auth';
import { fakeFirebase, idTokenFor } from '@/test/fake-firebase';
import { requestsTo, stubFetch } from '@/test/fetch-stub';
import { BUYER, sessionFor } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { ACCESS_TOKEN_EXPIRES_KEY, ACCESS_TOKEN_KEY, useAuthStore } from './auth-store';

function storeToken(token: string, expiresInMs = 10 * 60 * 1000) {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
  localStorage.setItem(ACCESS_TOKEN_EXPIRES_KEY, new Date(Date.now() + expiresInMs).toISOString());
}

const unauthorized = { status: 401, body: { error: { code: 'unauthorized', message: 'The access token has expired.' } } };
const forbidden = { status: 403, body: { error: { code: 'forbidden', message: 'Forbidden Access' } } };

describe('session', () => {
  it('a returning visitor with a stored token is recognised through GET /api/me, without a new session', async () => {
    storeToken('still-good');
    const fetchMock = stubFetch(signedInAs(BUYER));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${BUYER.name}` })).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/me').map((r) => r.authorization)).toEqual(['Bearer still-good']);
    expect(requestsTo(fetchMock, '/api/session')).toHaveLength(0);
  });

  it('a 401 on /api/me renews the session once with a fresh ID token and retries the call', async () => {
    storeToken('stale');
    const fetchMock = stubFetch({
      ...signedInAs(BUYER),
      '/api/session': { body: sessionFor(BUYER, 'fresh') },
      '/api/me': (_url, init) =>
        new Headers(init.headers).get('Authorization') === 'Bearer fresh' ? { body: BUYER } : unauthorized,
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${BUYER.name}` })).toBeInTheDocument();

    expect(requestsTo(fetchMock, '/api/me').map((r) => r.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
    const sessions = requestsTo(fetchMock, '/api/session');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.authorization).toBe(`Bearer ${idTokenFor(fakeFirebase.auth.currentUser?.uid ?? '')}`);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('fresh');
  });

  it('an expired token is renewed before the call, never sent', async () => {
    storeToken('expired', -60_000);
    const fetchMock = stubFetch({ ...signedInAs(BUYER), '/api/session': { body: sessionFor(BUYER, 'renewed') } });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: `Welcome, ${BUYER.name}` });
    expect(requestsTo(fetchMock, '/api/me').map((r) => r.authorization)).toEqual(['Bearer renewed']);
    expect(requestsTo(fetchMock, '/api/session')).toHaveLength(1);
  });

  it('a 401 that survives renewal signs the user out instead of looping', async () => {
    storeToken('stale');
    const fetchMock = stubFetch({ ...signedInAs(BUYER), '/api/me': unauthorized });
    const { router } = renderApp('/dashboard');
    await screen.findByRole('form', { name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(requestsTo(fetchMock, '/api/me')).toHaveLength(2);
    expect(fakeFirebase.module.signOut).toHaveBeenCalled();
  });

  it('a 403 "Forbidden Access" signs out of Firebase, clears AccessToken and goes to /login', async () => {
    storeToken('deleted-account');
    stubFetch({ ...signedInAs(BUYER), '/api/me': forbidden });
    const { router } = renderApp('/blog');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fakeFirebase.module.signOut).toHaveBeenCalledTimes(1);
    expect(fakeFirebase.auth.currentUser).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', user: null });
    expect(await screen.findByText(/Forbidden Access/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('a 403 "Forbidden Access" when opening the session does the same', async () => {
    stubFetch({ ...signedInAs(BUYER), '/api/session': forbidden });
    const { router } = renderApp('/shop');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fakeFirebase.auth.currentUser).toBeNull();
  });
});
