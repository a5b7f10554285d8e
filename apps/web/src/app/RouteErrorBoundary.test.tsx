import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RouteErrors } from './RouteErrorBoundary';
import { ACCESS_TOKEN_KEY, useAuthStore } from '@/lib/auth-store';
import { firebaseAuthFor } from '@/lib/firebase';
import { fakeFirebase } from '@/test/fake-firebase';
import { BUYER, EMULATOR_CONFIG } from '@/test/fixtures';

function Boom(): never {
  throw new Error('The shelf collapsed');
}

describe('RouteErrorPage', () => {
  it('shows the error text and SignOut really signs out (Firebase and AccessToken) and goes to /login', async () => {
    firebaseAuthFor(EMULATOR_CONFIG.auth);
    fakeFirebase.restoreUser(BUYER.email, BUYER.name);
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token-123');
    useAuthStore.getState().setSignedIn(BUYER);
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <RouteErrors>
              <Boom />
            </RouteErrors>
          ),
        },
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
    // Signing out waits for the identity service and the server: the page moves on once both are done.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(useAuthStore.getState().user).toBeNull();
    expect(useAuthStore.getState().status).toBe('signedOut');
    expect(fakeFirebase.module.signOut).toHaveBeenCalledTimes(1);
    expect(fakeFirebase.auth.currentUser).toBeNull();
    expect(await screen.findByText('login screen')).toBeInTheDocument();
  });
});
