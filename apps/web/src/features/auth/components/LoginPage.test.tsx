import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_TOKEN_KEY, useAuthStore } from '@/lib/auth-store';
import { switchLanguage } from '@/lib/i18n/translations';
import { signedOut } from '@/test/auth';
import { fakeFirebase, idTokenFor } from '@/test/fake-firebase';
import { requestsTo, stubFetch } from '@/test/fetch-stub';
import { BUYER, POETRY, SELLER, categoryPage, sessionFor } from '@/test/fixtures';
import { renderApp } from '@/test/render';

function loginForm() {
  return screen.getByRole('form', { name: 'Log in' });
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Log in' });
  if (email) await user.type(within(form).getByLabelText('Email'), email);
  if (password) await user.type(within(form).getByLabelText('Password'), password);
  await user.click(within(form).getByRole('button', { name: 'Login' }));
}

describe('Login page', () => {
  it('has the fields, the forgot-password label, both social buttons and a link to signup', async () => {
    stubFetch(signedOut());
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    await screen.findByRole('form', { name: 'Log in' });
    expect(within(loginForm()).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(loginForm()).getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByText('Forgot password?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Facebook' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(document.title).toBe('Log in · Puronoboi');
  });

  it('says "Email is required" and "Password is required" and sends nothing', async () => {
    const fetchMock = stubFetch(signedOut());
    renderApp('/login');
    await fillAndSubmit('', '');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(within(loginForm()).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(within(loginForm()).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fakeFirebase.module.signInWithEmailAndPassword).not.toHaveBeenCalled();
    expect(requestsTo(fetchMock, '/api/session')).toHaveLength(0);
  });

  it('applies no format rule of its own: any e-mail text goes to the identity service', async () => {
    stubFetch(signedOut());
    renderApp('/login');
    await fillAndSubmit('not-an-email', 'x');
    await waitFor(() => expect(fakeFirebase.module.signInWithEmailAndPassword).toHaveBeenCalled());
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
  });

  it('logs in, opens a session with the ID token, toasts "User login successfully" and goes to /', async () => {
    fakeFirebase.addAccount(SELLER.email, 'puronoboi-demo', SELLER.name);
    const fetchMock = stubFetch({ ...signedOut(), '/api/session': { body: sessionFor(SELLER, 'access-seller') } });
    const { router } = renderApp('/login');
    await fillAndSubmit(SELLER.email, 'puronoboi-demo');

    expect(await screen.findByText('User login successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [session] = requestsTo(fetchMock, '/api/session');
    expect(session?.method).toBe('POST');
    expect(session?.authorization).toBe(`Bearer ${idTokenFor(fakeFirebase.auth.currentUser?.uid ?? '')}`);
    // Logging in never asks for an account type: only sign-up chooses one.
    expect(session?.json).toEqual({});
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('access-seller');
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn', user: SELLER });
    expect(await screen.findByRole('button', { name: /^Account menu/ })).toBeInTheDocument();
  });

  it('goes back to the page the visitor came from (router state `from`)', async () => {
    fakeFirebase.addAccount(BUYER.email, 'puronoboi-demo', BUYER.name);
    stubFetch({
      ...signedOut(),
      '/api/session': { body: sessionFor(BUYER) },
      [`/api/categories/${POETRY.id}/books`]: { body: categoryPage() },
    });
    const { router } = renderApp(`/category/${POETRY.id}?page=1`);
    // The guard sent the signed-out visitor here, remembering where they were going.
    await screen.findByRole('form', { name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    await fillAndSubmit(BUYER.email, 'puronoboi-demo');

    expect(await screen.findByRole('heading', { level: 1, name: 'Poetry' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/category/${POETRY.id}`);
    expect(router.state.location.search).toBe('?page=1');
    expect(screen.getByText('User login successfully')).toBeInTheDocument();
  });

  it("shows the identity provider's message in red on the form when the password is wrong", async () => {
    fakeFirebase.addAccount(BUYER.email, 'right-password');
    const fetchMock = stubFetch(signedOut());
    const { router } = renderApp('/login');
    await fillAndSubmit(BUYER.email, 'wrong-password');

    const alert = await within(loginForm()).findByRole('alert');
    expect(alert).toHaveTextContent('Wrong e-mail or password.');
    expect(alert).toHaveClass('text-error');
    expect(router.state.location.pathname).toBe('/login');
    expect(requestsTo(fetchMock, '/api/session')).toHaveLength(0);
    expect(useAuthStore.getState().status).toBe('signedOut');
    expect(screen.queryByText('User login successfully')).not.toBeInTheDocument();
  });

  it("keeps Firebase's own message for codes it does not know", async () => {
    stubFetch(signedOut());
    fakeFirebase.module.signInWithEmailAndPassword.mockRejectedValueOnce(
      Object.assign(new Error('Firebase: Something unusual happened (auth/odd-thing).'), { code: 'auth/odd-thing' }),
    );
    renderApp('/login');
    await fillAndSubmit('a@b.test', 'pw');
    expect(await within(loginForm()).findByRole('alert')).toHaveTextContent('Something unusual happened (auth/odd-thing).');
  });

  it("shows the server's message and stays signed out when the server refuses the session", async () => {
    fakeFirebase.addAccount('gone@puronoboi.test', 'pw');
    stubFetch({
      ...signedOut(),
      '/api/session': { status: 403, body: { error: { code: 'account_deleted', message: 'Forbidden Access' } } },
    });
    renderApp('/login');
    await fillAndSubmit('gone@puronoboi.test', 'pw');
    expect(await within(loginForm()).findByRole('alert')).toHaveTextContent('Forbidden Access');
    expect(fakeFirebase.auth.currentUser).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(useAuthStore.getState().status).toBe('signedOut');
  });

  it('reads in Bangla: the page, its rules and the side panel, with no English left', async () => {
    stubFetch(signedOut());
    await switchLanguage('bn');
    const { container } = renderApp('/login');
    const form = await screen.findByRole('form', { name: 'লগইন' });
    expect(screen.getByRole('heading', { level: 1, name: 'লগইন' })).toBeInTheDocument();
    expect(document.title).toMatch(/^লগইন · /);
    expect(within(form).getByLabelText('ই-মেইল')).toHaveAttribute('placeholder', 'আপনার ই-মেইল ঠিকানা');
    expect(within(form).getByLabelText('পাসওয়ার্ড')).toHaveAttribute('placeholder', 'আপনার পাসওয়ার্ড');
    expect(screen.getByRole('button', { name: 'গুগল দিয়ে লগইন করুন' })).toHaveAttribute('title', 'গুগল দিয়ে লগইন করুন');
    expect(screen.getByRole('button', { name: 'ফেসবুক দিয়ে লগইন করুন' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'নতুন অ্যাকাউন্ট খুলুন' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText('নীলক্ষেত থেকে আপনার দরজায়, একটি একটি করে বই।')).toBeInTheDocument();

    await userEvent.setup().click(within(form).getByRole('button', { name: 'লগইন' }));
    expect(await within(form).findByText('ই-মেইল লিখতে হবে')).toBeInTheDocument();
    expect(within(form).getByText('পাসওয়ার্ড লিখতে হবে')).toBeInTheDocument();
    // The logo keeps its Latin name; nothing else on the page is English.
    expect(container.querySelector('main')!.textContent!.replace('Puronoboi', '')).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('says a wrong password in Bangla, and again in English when the reader switches back', async () => {
    fakeFirebase.addAccount(BUYER.email, 'right-password');
    stubFetch(signedOut());
    await switchLanguage('bn');
    renderApp('/login');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'লগইন' });
    await user.type(within(form).getByLabelText('ই-মেইল'), BUYER.email);
    await user.type(within(form).getByLabelText('পাসওয়ার্ড'), 'wrong-password');
    await user.click(within(form).getByRole('button', { name: 'লগইন' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('ই-মেইল বা পাসওয়ার্ড ভুল।');
    await switchLanguage('en');
    expect(await within(loginForm()).findByText('Wrong e-mail or password.')).toBeInTheDocument();
  });

  it('toasts the login and says who is logged in, in Bangla', async () => {
    fakeFirebase.addAccount(SELLER.email, 'puronoboi-demo', SELLER.name);
    stubFetch({ ...signedOut(), '/api/session': { body: sessionFor(SELLER, 'access-seller') } });
    await switchLanguage('bn');
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'লগইন' });
    await user.type(within(form).getByLabelText('ই-মেইল'), SELLER.email);
    await user.type(within(form).getByLabelText('পাসওয়ার্ড'), 'puronoboi-demo');
    await user.click(within(form).getByRole('button', { name: 'লগইন' }));
    expect(await screen.findByText('লগইন সফল হয়েছে')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await router.navigate('/login');
    // The note above the form (the toast and the account area are statuses too).
    const note = await waitFor(() => {
      const found = screen.getAllByRole('status').find((status) => status.tagName === 'P');
      expect(found).toBeDefined();
      return found!;
    });
    expect(note).toHaveTextContent(`আপনি ${SELLER.email} হিসেবে লগইন করে আছেন। অ্যাকাউন্ট বদলাতে নিচে লগইন করুন।`);
    expect(within(note).getByText(SELLER.email).tagName).toBe('STRONG');
  });

  it('says sign-in is not configured when the server runs without it', async () => {
    stubFetch({ '/api/advertised': { body: [] } });
    renderApp('/login');
    expect(await screen.findByText(/Sign-in is not configured on this server/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('says sign-in is not configured in Bangla', async () => {
    stubFetch({ '/api/advertised': { body: [] } });
    await switchLanguage('bn');
    renderApp('/login');
    const note = await screen.findByText('এই সার্ভারে লগইনের ব্যবস্থা চালু করা হয়নি।');
    expect(note.tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'দোকান ঘুরে দেখুন' })).toHaveAttribute('href', '/shop');
  });
});
