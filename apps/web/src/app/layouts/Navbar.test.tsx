import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@/lib/auth-store';
import { bookCard } from '@/test/fixtures';
import { stubFetch } from '@/test/fetch-stub';
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

  it('links the brand to / and shows Login and SignUp, not Dashboard, when signed out', async () => {
    stubFetch({ '/api/advertised': { body: [] } });
    renderApp('/blog');
    expect(within(mainNav()).getByRole('link', { name: 'Puronoboi home' })).toHaveAttribute('href', '/');
    expect(within(mainNav()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(mainNav()).getByRole('link', { name: 'SignUp' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows Dashboard instead of Login/SignUp when a user is signed in', async () => {
    stubFetch({ '/api/advertised': { body: [] } });
    renderApp('/blog');
    act(() => useAuthStore.getState().setUser({ email: 'a@b.test', displayName: 'A', photoURL: null }));
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(mainNav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
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
});
