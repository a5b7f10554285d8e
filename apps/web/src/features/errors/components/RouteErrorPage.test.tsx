import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ACCESS_TOKEN_KEY, useAuthStore } from '@/lib/auth-store';
import { RouteErrorPage } from './RouteErrorPage';

function Boom(): never {
  throw new Error('The shelf collapsed');
}

describe('RouteErrorPage', () => {
  it('shows the error text and SignOut clears the session and goes to /login', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token-123');
    useAuthStore.getState().setUser({ email: 'reader@puronoboi.test', displayName: 'Reader', photoURL: null });
    const router = createMemoryRouter(
      [
        { path: '/', element: <Boom />, errorElement: <RouteErrorPage /> },
        { path: '/login', element: <p>login screen</p> },
      ],
      { initialEntries: ['/'] },
    );
    // React logs caught render errors; that noise is expected here.
    const originalError = console.error;
    console.error = () => {};
    try {
      render(<RouterProvider router={router} />);
    } finally {
      console.error = originalError;
    }

    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('The shelf collapsed')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'SignOut' }));
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(useAuthStore.getState().user).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('login screen')).toBeInTheDocument();
  });
});
