import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import { useAuthStore } from '@/lib/auth-store';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders the whole app (layout, router, providers, toaster) at a path, as a user would see it. Retries
 * keep the real rule (no retry on 4xx) but without the back-off delay, so tests stay fast.
 */
export function renderApp(path: string) {
  // As on a page load, sign-in starts from what the browser has stored: a visitor with no access token is signed
  // out from the first render, one with a token (set up by the test) waits for the identity service.
  useAuthStore.getState().reset();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient({ retryDelay: 0 });
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}
