import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_TOKEN_KEY, useAuthStore } from '@/lib/auth-store';
import { switchLanguage } from '@/lib/i18n/translations';
import { LOGOUT_WAIT_MS } from '@/lib/session-token';
import { signedInAs } from '@/test/auth';
import { fakeFirebase } from '@/test/fake-firebase';
import { requestsTo, stubFetch, type ReplyValue } from '@/test/fetch-stub';
import { BUYER, me } from '@/test/fixtures';
import { renderApp } from '@/test/render';

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

async function openPhotoModal() {
  const user = userEvent.setup();
  await user.click(await within(mainNav()).findByRole('button', { name: /^Account menu/ }));
  await user.click(screen.getByRole('button', { name: 'Upload Photo' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload your photo' });
  return { user, dialog };
}

function png(name = 'me.png') {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
}

describe('account menu', () => {
  it("shows the account's e-mail and name, and initials while there is no photo", async () => {
    stubFetch(signedInAs(BUYER));
    const user = userEvent.setup();
    renderApp('/blog');
    const button = await within(mainNav()).findByRole('button', { name: /^Account menu/ });
    expect(button).toHaveTextContent('FA');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(BUYER.email)).toBeVisible();
    expect(screen.getByText(BUYER.name)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('Logout signs out of Firebase, clears AccessToken and goes to / with Login showing again', async () => {
    const fetchMock = stubFetch({ ...signedInAs(BUYER), '/api/session/logout': { status: 204, body: undefined } });
    const user = userEvent.setup();
    const { router, queryClient } = renderApp('/blog');
    queryClient.setQueryData(['user', 'orders'], ['an order']);
    await user.click(await within(mainNav()).findByRole('button', { name: /^Account menu/ }));
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fakeFirebase.module.signOut).toHaveBeenCalled();
    expect(fakeFirebase.auth.currentUser).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(useAuthStore.getState().status).toBe('signedOut');
    expect(queryClient.getQueryData(['user', 'orders'])).toBeUndefined();
    expect(await within(mainNav()).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    // The server ended every session of the account, asked with the token of this one.
    expect(requestsTo(fetchMock, '/api/session/logout')).toEqual([
      expect.objectContaining({ method: 'POST', authorization: `Bearer access-${BUYER.id}` }),
    ]);
  });

  it('Logout signs out here even when the server does not answer the logout in time, and never renews for it', async () => {
    const fetchMock = stubFetch({
      ...signedInAs(BUYER),
      '/api/session/logout': () => new Promise<ReplyValue>(() => {}),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/blog');
    await user.click(await within(mainNav()).findByRole('button', { name: /^Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(useAuthStore.getState().status).toBe('signedOut'), { timeout: LOGOUT_WAIT_MS + 1_000 });
    expect(router.state.location.pathname).toBe('/');
    expect(fakeFirebase.auth.currentUser).toBeNull();
    expect(requestsTo(fetchMock, '/api/session/logout')).toHaveLength(1);
    expect(requestsTo(fetchMock, '/api/session')).toHaveLength(1);
  }, LOGOUT_WAIT_MS + 5_000);

  it('Logout goes ahead when the server refuses the logout', async () => {
    stubFetch({
      ...signedInAs(BUYER),
      '/api/session/logout': { status: 401, body: { error: { code: 'token_expired', message: 'The access token has expired.' } } },
    });
    const user = userEvent.setup();
    renderApp('/blog');
    await user.click(await within(mainNav()).findByRole('button', { name: /^Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await within(mainNav()).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', forcedOut: null });
    expect(fakeFirebase.module.signOut).toHaveBeenCalledTimes(1);
  });
});

describe('photo upload modal', () => {
  it('has its title, a file picker named uploadPhoto, Cancel and Submit; Cancel closes it', async () => {
    stubFetch(signedInAs(BUYER));
    renderApp('/blog');
    const { user, dialog } = await openPhotoModal();
    const input = within(dialog).getByLabelText('Click to upload your photo');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('name', 'uploadPhoto');
    expect(input).toHaveAttribute('accept', 'image/*');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says "Uploading..." while sending, then shows the new photo and updates the Firebase profile', async () => {
    let finish: (reply: ReplyValue) => void = () => {};
    const uploaded = me({ ...BUYER, photoUrl: '/images/avatar-1.png' });
    const fetchMock = stubFetch({
      ...signedInAs(BUYER),
      '/api/me/photo': () =>
        new Promise<ReplyValue>((resolve) => {
          finish = resolve;
        }),
    });
    renderApp('/blog');
    const { user, dialog } = await openPhotoModal();
    await user.upload(within(dialog).getByLabelText('Click to upload your photo'), png());
    expect(within(dialog).getByText('me.png')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('Uploading...')).toBeInTheDocument();
    expect(within(dialog).queryByText('Click to upload your photo')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
    const [request] = requestsTo(fetchMock, '/api/me/photo');
    expect(request?.method).toBe('POST');
    expect(request?.authorization).toBe(`Bearer access-${BUYER.id}`);
    expect(request?.body).toBeInstanceOf(FormData);
    expect(((request?.body as FormData).get('image') as File).name).toBe('me.png');

    finish({ body: uploaded });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const avatar = within(mainNav()).getByRole('button', { name: /^Account menu/ }).querySelector('img');
    expect(avatar).toHaveAttribute('src', '/images/avatar-1.png');
    await waitFor(() =>
      expect(fakeFirebase.module.updateProfile).toHaveBeenCalledWith(expect.objectContaining({ email: BUYER.email }), {
        photoURL: `${window.location.origin}/images/avatar-1.png`,
      }),
    );
  });

  it.each([
    [413, 'image_too_large', 'The photo is larger than 5 MiB.'],
    [415, 'unsupported_image', 'This is not a JPEG, PNG or WebP picture.'],
    [429, 'rate_limited', 'Too many uploads. Please wait a minute and try again.'],
  ] as const)("shows the server's message on a %i %s and stays open, still signed in", async (status, code, message) => {
    const fetchMock = stubFetch({ ...signedInAs(BUYER), '/api/me/photo': { status, body: { error: { code, message } } } });
    renderApp('/blog');
    const { user, dialog } = await openPhotoModal();
    await user.upload(within(dialog).getByLabelText('Click to upload your photo'), png('huge.png'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Upload your photo' })).toBeInTheDocument();
    expect(within(dialog).getByText('Click to upload your photo')).toBeInTheDocument();
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn', user: { photoUrl: null } });
    expect(requestsTo(fetchMock, '/api/me/photo')).toHaveLength(1);
  });

  it('asks for a photo when Submit is pressed without one', async () => {
    const fetchMock = stubFetch(signedInAs(BUYER));
    renderApp('/blog');
    const { user, dialog } = await openPhotoModal();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a photo first.');
    expect(requestsTo(fetchMock, '/api/me/photo')).toHaveLength(0);
  });
});

describe('in Bangla', () => {
  it('names the menu, its items and the photo modal in Bangla, and says the server\'s refusal in Bangla', async () => {
    stubFetch({
      ...signedInAs(BUYER),
      '/api/me/photo': { status: 413, body: { error: { code: 'image_too_large', message: 'The picture is larger than 5 MB.' } } },
    });
    await switchLanguage('bn');
    const user = userEvent.setup();
    renderApp('/blog');
    const nav = screen.getByRole('navigation', { name: 'প্রধান' });
    const button = await within(nav).findByRole('button', { name: 'অ্যাকাউন্ট মেনু, FA' });
    await user.click(button);
    expect(screen.getByRole('button', { name: 'লগআউট' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'ছবি আপলোড করুন' }));

    const dialog = await screen.findByRole('dialog', { name: 'আপনার ছবি আপলোড করুন' });
    expect(within(dialog).getByText('JPEG, PNG বা WebP, সর্বোচ্চ ৫ এমবি')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'জমা দিন' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('আগে একটি ছবি বেছে নিন।');
    // Beside the picture formats' names, nothing in the modal is English.
    expect(dialog.textContent?.replace(/JPEG|PNG|WebP/g, '')).not.toMatch(/[A-Za-z]{3,}/);

    await user.upload(within(dialog).getByLabelText('ছবি বেছে নিতে এখানে চাপুন'), png('huge.png'));
    await user.click(within(dialog).getByRole('button', { name: 'জমা দিন' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('ছবিটি অনুমোদিত আকারের চেয়ে বড়।');
    expect(within(dialog).getByRole('button', { name: 'বাতিল' })).toBeEnabled();
  });
});
