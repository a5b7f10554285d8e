import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RouteErrors } from './RouteErrorBoundary';
import { ACCESS_TOKEN_KEY, useAuthStore } from '@/lib/auth-store';
import { ApiError } from '@/lib/api-client';
import { firebaseAuthFor } from '@/lib/firebase';
import { switchLanguage } from '@/lib/i18n/translations';
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

  it('speaks Bangla, a failed call in Bangla too, and the standalone page keeps its brand link', async () => {
    await switchLanguage('bn');
    function Refused(): never {
      throw new ApiError(503, 'unavailable', 'The database is not answering. Please try again in a moment.');
    }
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <RouteErrors standalone>
              <Refused />
            </RouteErrors>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    const originalError = console.error;
    console.error = () => {};
    try {
      render(<RouterProvider router={router} />);
    } finally {
      console.error = originalError;
    }

    expect(screen.getByRole('heading', { level: 1, name: 'কোথাও একটা সমস্যা হয়েছে' })).toBeInTheDocument();
    expect(screen.getByTestId('route-error-message')).toHaveTextContent('সার্ভার এই মুহূর্তে সাড়া দিচ্ছে না। একটু পরে আবার চেষ্টা করুন।');
    expect(screen.getByRole('button', { name: 'সাইন আউট' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'হোমে ফিরে যান' })).toHaveAttribute('href', '/home');
    await waitFor(() => expect(document.title).toBe('কোথাও একটা সমস্যা হয়েছে · পুরনো বই'));
    // Nothing English but the brand in the standalone page's link.
    expect(document.body.textContent?.replace('Puronoboi', '')).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('says "Unknown error" in the reader\'s language when what was thrown says nothing', async () => {
    await switchLanguage('bn');
    function Nothing(): never {
      // A thrown nothing, as a library might.
      throw undefined;
    }
    const router = createMemoryRouter([{ path: '/', element: <RouteErrors><Nothing /></RouteErrors> }], { initialEntries: ['/'] });
    const originalError = console.error;
    console.error = () => {};
    try {
      render(<RouterProvider router={router} />);
    } finally {
      console.error = originalError;
    }
    expect(screen.getByTestId('route-error-message')).toHaveTextContent('অজানা সমস্যা');
  });
});
