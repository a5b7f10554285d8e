import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@/lib/auth-store';
import { switchLanguage } from '@/lib/i18n/translations';
import { signedOut } from '@/test/auth';
import { fakeFirebase } from '@/test/fake-firebase';
import { requestsTo, stubFetch } from '@/test/fetch-stub';
import { me, sessionFor } from '@/test/fixtures';
import { renderApp } from '@/test/render';

function signupForm() {
  return screen.getByRole('form', { name: 'Sign up' });
}

async function signUp({ seller }: { seller: boolean }) {
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Sign up' });
  await user.type(within(form).getByLabelText('Name'), 'Nadia Rahman');
  await user.type(within(form).getByLabelText('Email'), 'nadia@puronoboi.test');
  await user.type(within(form).getByLabelText('Password'), 'long-enough');
  const toggle = within(form).getByRole('checkbox', { name: 'Seller Account' });
  expect(toggle).not.toBeChecked();
  if (seller) await user.click(toggle);
  await user.click(within(form).getByRole('button', { name: 'Sign Up' }));
}

describe('Signup page', () => {
  it('says "Name is required", "Email is required" and "Password is required"', async () => {
    stubFetch(signedOut());
    renderApp('/signup');
    const form = await screen.findByRole('form', { name: 'Sign up' });
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    for (const field of ['Name', 'Email', 'Password']) {
      expect(within(form).getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(fakeFirebase.module.createUserWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('has social sign-in icons and a link to /login', async () => {
    stubFetch(signedOut());
    renderApp('/signup');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Facebook' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it.each([
    [true, 'seller'],
    [false, 'buyer'],
  ] as const)('with the Seller Account toggle %s it asks for a %s account', async (seller, accountType) => {
    const created = me({ name: 'Nadia Rahman', email: 'nadia@puronoboi.test', role: accountType });
    const fetchMock = stubFetch({ ...signedOut(), '/api/session': { body: sessionFor(created) } });
    const { router } = renderApp('/signup');
    await signUp({ seller });

    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fakeFirebase.module.createUserWithEmailAndPassword).toHaveBeenCalledWith(expect.anything(), 'nadia@puronoboi.test', 'long-enough');
    expect(fakeFirebase.module.updateProfile).toHaveBeenCalledWith(expect.objectContaining({ email: 'nadia@puronoboi.test' }), {
      displayName: 'Nadia Rahman',
    });
    const sessions = requestsTo(fetchMock, '/api/session');
    // One session request, from the sign-up itself (the auth listener must not open a buyer account first).
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.json).toEqual({ name: 'Nadia Rahman', accountType });
    expect(useAuthStore.getState().user?.role).toBe(accountType);
  });

  it("shows the provider's message in red when the e-mail is taken", async () => {
    fakeFirebase.addAccount('nadia@puronoboi.test', 'other');
    stubFetch(signedOut());
    const { router } = renderApp('/signup');
    await signUp({ seller: false });
    const alert = await within(signupForm()).findByRole('alert');
    expect(alert).toHaveTextContent('An account already uses this e-mail. Log in instead.');
    expect(alert).toHaveClass('text-error');
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('removes the new identity when the server refuses the account, so signing up again works', async () => {
    const created = me({ name: 'Nadia Rahman', email: 'nadia@puronoboi.test', role: 'seller' });
    const refused = { status: 409, body: { error: { code: 'email_taken', message: 'Another sign-in already uses this e-mail address.' } } };
    stubFetch({ ...signedOut(), '/api/session': refused });
    renderApp('/signup');
    await signUp({ seller: true });
    expect(await within(signupForm()).findByRole('alert')).toHaveTextContent('Another sign-in already uses this e-mail address.');
    expect(fakeFirebase.module.deleteUser).toHaveBeenCalledWith(expect.objectContaining({ email: 'nadia@puronoboi.test' }));

    stubFetch({ ...signedOut(), '/api/session': { body: sessionFor(created) } });
    await userEvent.setup().click(within(signupForm()).getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(useAuthStore.getState().user?.role).toBe('seller');
  });

  it('reads in Bangla, its "required" rules and the taken e-mail too', async () => {
    fakeFirebase.addAccount('nadia@puronoboi.test', 'other');
    stubFetch(signedOut());
    await switchLanguage('bn');
    const { container } = renderApp('/signup');
    const form = await screen.findByRole('form', { name: 'সাইন আপ' });
    expect(screen.getByRole('heading', { level: 1, name: 'নতুন অ্যাকাউন্ট খুলুন' })).toBeInTheDocument();
    expect(document.title).toMatch(/^নতুন অ্যাকাউন্ট খুলুন · /);
    expect(within(form).getByLabelText('নাম')).toHaveAttribute('placeholder', 'আপনার পুরো নাম');
    const toggle = within(form).getByRole('checkbox', { name: 'বিক্রেতা অ্যাকাউন্ট' });
    expect(toggle).toHaveAccessibleDescription('নিজের বই বিক্রির জন্য তুলতে চালু করুন। শুধু কিনতে চাইলে বন্ধ রাখুন।');
    expect(screen.getByRole('link', { name: 'লগইন করুন' })).toHaveAttribute('href', '/login');

    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'সাইন আপ' }));
    expect(await within(form).findByText('নাম লিখতে হবে')).toBeInTheDocument();
    expect(within(form).getByText('ই-মেইল লিখতে হবে')).toBeInTheDocument();
    expect(within(form).getByText('পাসওয়ার্ড লিখতে হবে')).toBeInTheDocument();
    // The logo keeps its Latin name; nothing else on the page is English.
    expect(container.querySelector('main')!.textContent!.replace('Puronoboi', '')).not.toMatch(/[A-Za-z]{3,}/);

    await user.type(within(form).getByLabelText('নাম'), 'নাদিয়া রহমান');
    await user.type(within(form).getByLabelText('ই-মেইল'), 'nadia@puronoboi.test');
    await user.type(within(form).getByLabelText('পাসওয়ার্ড'), 'long-enough');
    await user.click(within(form).getByRole('button', { name: 'সাইন আপ' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('এই ই-মেইলে আগেই একটি অ্যাকাউন্ট আছে। বরং লগইন করুন।');
  });

  it('toasts the new account in Bangla', async () => {
    const created = me({ name: 'Nadia Rahman', email: 'nadia@puronoboi.test', role: 'buyer' });
    stubFetch({ ...signedOut(), '/api/session': { body: sessionFor(created) } });
    await switchLanguage('bn');
    renderApp('/signup');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'সাইন আপ' });
    await user.type(within(form).getByLabelText('নাম'), 'Nadia Rahman');
    await user.type(within(form).getByLabelText('ই-মেইল'), 'nadia@puronoboi.test');
    await user.type(within(form).getByLabelText('পাসওয়ার্ড'), 'long-enough');
    await user.click(within(form).getByRole('button', { name: 'সাইন আপ' }));
    expect(await screen.findByText('অ্যাকাউন্ট খোলা হয়েছে')).toBeInTheDocument();
  });
});
