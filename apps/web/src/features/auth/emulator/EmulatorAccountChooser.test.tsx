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
import { buildEmulatorIdToken, decodeEmulatorIdToken, emulatorSubject } from './emulator-token';

describe('emulator ID token', () => {
  it('is header.payload. with alg none, the chosen e-mail and name, and an empty signature', () => {
    const token = buildEmulatorIdToken({ name: 'Sadia Islam', email: ' Sadia.Social@Puronoboi.test ' });
    const parts = token.split('.');
    expect(parts).toHaveLength(3);
    expect(parts[2]).toBe('');
    expect(token).not.toMatch(/[+/=]/);
    const { header, payload } = decodeEmulatorIdToken(token);
    expect(header).toEqual({ alg: 'none', typ: 'JWT' });
    expect(payload).toEqual({
      sub: emulatorSubject('sadia.social@puronoboi.test'),
      email: 'sadia.social@puronoboi.test',
      email_verified: true,
      name: 'Sadia Islam',
    });
  });

  it('derives a stable subject from the e-mail', () => {
    expect(emulatorSubject('a@b.test')).toBe(emulatorSubject(' A@B.test'));
    expect(emulatorSubject('a@b.test')).not.toBe(emulatorSubject('c@b.test'));
  });

  it('carries non-ASCII names intact', () => {
    const { payload } = decodeEmulatorIdToken(buildEmulatorIdToken({ name: 'সাদিয়া', email: 'x@y.test' }));
    expect(payload.name).toBe('সাদিয়া');
  });
});

describe('emulator account chooser', () => {
  it('Google: choosing a demo identity signs in with an alg-none token for it and lands signed in as a buyer', async () => {
    const socialBuyer = me({ name: 'Arif Chowdhury', email: 'arif.social@puronoboi.test' });
    const fetchMock = stubFetch({ ...signedOut(), '/api/session': { body: sessionFor(socialBuyer) } });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));

    const dialog = await screen.findByRole('dialog', { name: 'Choose a Google account (local emulator)' });
    await user.click(within(dialog).getByRole('button', { name: /Arif Chowdhury/ }));

    expect(await screen.findByText('User login successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [, credential] = fakeFirebase.module.signInWithCredential.mock.calls[0] ?? [];
    expect(credential?.providerId).toBe('google.com');
    const { header, payload } = decodeEmulatorIdToken(credential?.idToken ?? '');
    expect(header.alg).toBe('none');
    expect(payload.email).toBe('arif.social@puronoboi.test');
    // Social sign-in never sends an account type: the server makes a buyer.
    expect(requestsTo(fetchMock, '/api/session')[0]?.json).toEqual({});
    expect(useAuthStore.getState().user?.role).toBe('buyer');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fakeFirebase.module.signInWithPopup).not.toHaveBeenCalled();
  });

  it('Facebook: "Use another account" takes a name and e-mail and signs in with them', async () => {
    const person = me({ name: 'Rupa Das', email: 'rupa@example.test' });
    stubFetch({ ...signedOut(), '/api/session': { body: sessionFor(person) } });
    const user = userEvent.setup();
    renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Facebook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a Facebook account (local emulator)' });
    await user.click(within(dialog).getByRole('button', { name: 'Use another account' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Facebook' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Rupa Das');
    await user.type(within(dialog).getByLabelText('Email'), 'rupa@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Facebook' }));

    expect(await screen.findByText('User login successfully')).toBeInTheDocument();
    const [, credential] = fakeFirebase.module.signInWithCredential.mock.calls[0] ?? [];
    expect(credential?.providerId).toBe('facebook.com');
    expect(decodeEmulatorIdToken(credential?.accessToken ?? '').payload).toMatchObject({ email: 'rupa@example.test', name: 'Rupa Das' });
  });

  it('Cancel closes the chooser without signing in', async () => {
    stubFetch(signedOut());
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fakeFirebase.module.signInWithCredential).not.toHaveBeenCalled();
  });

  it('reads in Bangla, its rules too; the demo people keep their names', async () => {
    const person = me({ name: 'রূপা দাস', email: 'rupa@example.test' });
    stubFetch({ ...signedOut(), '/api/session': { body: sessionFor(person) } });
    await switchLanguage('bn');
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'ফেসবুক দিয়ে লগইন করুন' }));
    const dialog = await screen.findByRole('dialog', { name: 'ফেসবুক অ্যাকাউন্ট বেছে নিন (লোকাল এমুলেটর)' });
    expect(within(dialog).getByText(/এই সার্ভারে আসল ফেসবুক নয়, চলছে তার একটি লোকাল বিকল্প/)).toBeInTheDocument();
    const accounts = within(dialog).getByRole('list', { name: 'ফেসবুক অ্যাকাউন্টগুলো' });
    expect(within(accounts).getByRole('button', { name: /Sadia Islam/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'বাতিল' })).toBeInTheDocument();
    // Apart from the demo people's names and addresses, nothing in the chooser is English.
    const text = dialog.textContent!.replace(/[\w.]+@[\w.]+|Sadia Islam|Arif Chowdhury|Mitu Akter|[A-Z]{2}/g, '');
    expect(text).not.toMatch(/[A-Za-z]{3,}/);

    await user.click(within(dialog).getByRole('button', { name: 'অন্য অ্যাকাউন্ট ব্যবহার করুন' }));
    expect(within(dialog).getByRole('button', { name: 'ফিরে যান' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'ফেসবুক দিয়ে চালিয়ে যান' }));
    expect(await within(dialog).findByText('নাম লিখতে হবে')).toBeInTheDocument();
    expect(within(dialog).getByText('ই-মেইল লিখতে হবে')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('নাম'), 'রূপা দাস');
    await user.type(within(dialog).getByLabelText('ই-মেইল'), 'rupa@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'ফেসবুক দিয়ে চালিয়ে যান' }));
    expect(await screen.findByText('লগইন সফল হয়েছে')).toBeInTheDocument();
  });
});
