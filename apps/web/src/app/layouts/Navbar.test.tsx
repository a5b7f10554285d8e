import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedInAs, signedOut } from '@/test/auth';
import { BUYER, bookCard, me } from '@/test/fixtures';
import { requestsTo, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('Navbar', () => {
  it('hides Advertise Items while nothing is advertised', async () => {
    stubFetch({ '/api/advertised': { body: [] } });
    renderApp('/blog');
    await screen.findByRole('heading', { level: 1, name: /Some Important Questions/ });
    expect(within(mainNav()).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('link', { name: 'Advertise Items' })).not.toBeInTheDocument();
  });

  it('shows Advertise Items once at least one book is advertised', async () => {
    stubFetch({ '/api/advertised': { body: [bookCard()] } });
    renderApp('/blog');
    const link = await within(mainNav()).findByRole('link', { name: 'Advertise Items' });
    expect(link).toHaveAttribute('href', '/advertise');
  });

  it('shows a spinner, not Login and SignUp, while sign-in is still loading', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubFetch({ ...signedInAs(BUYER), '/api/session': async () => (await held, { body: { accessToken: 't', expiresAt: '2999-01-01T00:00:00Z', user: BUYER } }) });
    renderApp('/blog');
    expect(await within(mainNav()).findByRole('status', { name: 'Loading your account' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    release();
    expect(await within(mainNav()).findByRole('button', { name: /^Account menu/ })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('status', { name: 'Loading your account' })).not.toBeInTheDocument();
  });

  it('links the brand to / and shows Login and SignUp, not Dashboard, when signed out', async () => {
    stubFetch(signedOut());
    renderApp('/blog');
    expect(within(mainNav()).getByRole('link', { name: 'Puronoboi home' })).toHaveAttribute('href', '/');
    expect(await within(mainNav()).findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(mainNav()).getByRole('link', { name: 'SignUp' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows Dashboard and the account menu instead of Login/SignUp when a user is signed in', async () => {
    stubFetch(signedInAs(BUYER));
    renderApp('/blog');
    expect(await within(mainNav()).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(mainNav()).getByRole('button', { name: /^Account menu/ })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'SignUp' })).not.toBeInTheDocument();
  });

  it('marks the current page and opens a keyboard-operable mobile menu', async () => {
    stubFetch({ '/api/advertised': { body: [] } });
    const user = userEvent.setup();
    renderApp('/shop');
    expect(within(mainNav()).getByRole('link', { name: 'Shop' })).toHaveAttribute('aria-current', 'page');

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).toBeVisible();
    expect(within(menu as HTMLElement).getByRole('link', { name: 'Blog' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('switches every text of the bar to Bangla and back, keeping the choice and the page language', async () => {
    stubFetch({ '/api/advertised': { body: [] } });
    renderApp('/blog');
    await within(mainNav()).findByRole('link', { name: 'Shop' });
    await userEvent.click(within(mainNav()).getByRole('button', { name: 'বাংলা' }));

    const bangla = await screen.findByRole('navigation', { name: 'প্রধান' });
    expect(within(bangla).getByRole('link', { name: 'দোকান' })).toHaveAttribute('href', '/shop');
    expect(within(bangla).getByRole('link', { name: 'লগইন' })).toHaveAttribute('href', '/login');
    expect(within(bangla).queryByRole('link', { name: 'Shop' })).not.toBeInTheDocument();
    expect(screen.getByText(/© ২০২৬ পুরনো বই/)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn');
    expect(localStorage.getItem('puronoboi.language')).toBe('bn');

    await userEvent.click(within(bangla).getByRole('button', { name: 'English' }));
    expect(await within(mainNav()).findByRole('link', { name: 'Shop' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('puronoboi.language')).toBe('en');
  });

  it('keeps a signed-in visitor’s choice on the account', async () => {
    const fetchMock = stubFetch({ ...signedInAs(BUYER), '/api/me/language': { body: me({ language: 'bn' }) } });
    renderApp('/blog');
    await within(mainNav()).findByRole('button', { name: /^Account menu/ });
    await userEvent.click(within(mainNav()).getByRole('button', { name: 'বাংলা' }));
    await screen.findByRole('navigation', { name: 'প্রধান' });
    await waitFor(() => expect(requestsTo(fetchMock, '/api/me/language')).toHaveLength(1));
    expect(requestsTo(fetchMock, '/api/me/language')[0]).toMatchObject({ method: 'PUT', json: { language: 'bn' } });
  });

  it('follows the language kept on the account when its holder signs in on another device', async () => {
    stubFetch(signedInAs(me({ language: 'bn' })));
    renderApp('/blog');
    expect(await screen.findByRole('navigation', { name: 'প্রধান' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn');
  });
});
