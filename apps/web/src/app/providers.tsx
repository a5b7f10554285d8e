import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { usePublicConfig } from '@/lib/api/get-public-config';
import { useAuthStore } from '@/lib/auth-store';
import { useAccountLanguage } from '@/lib/i18n/account-language';
import { createQueryClient, USER_DATA_KEY } from '@/lib/query-client';
import { startAuth } from '@/lib/session';
import { loadToaster, loadedToaster } from '@/lib/toaster';

/**
 * Loads the run-time configuration once at start-up and follows the identity service from it. When the signed-in
 * account changes (logout, another person logs in), every cached query of user data is dropped. A signed-in
 * account's language is followed (see account-language.ts).
 */
function AuthBootstrap() {
  const config = usePublicConfig();
  useAccountLanguage();
  const queryClient = useQueryClient();
  const auth = config.data?.auth;

  useEffect(() => {
    if (auth) return startAuth(auth);
    return undefined;
  }, [auth]);

  useEffect(() => {
    if (config.isError) {
      useAuthStore.getState().setMode(null);
      useAuthStore.getState().setSignedOut();
    }
  }, [config.isError]);

  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        if (previous.user && state.user?.id !== previous.user.id) queryClient.removeQueries({ queryKey: USER_DATA_KEY });
      }),
    [queryClient],
  );
  return null;
}

/** Where toasts appear and how they look: the theme's colours and shapes (names for code, no text a person reads). */
const TOAST_POSITION = 'top-center';
const TOAST_OPTIONS = {
  duration: 4000,
  className: '!rounded-field !bg-neutral !text-neutral-content !shadow-lift !font-sans',
  success: { iconTheme: { primary: '#e0a83a', secondary: '#17291f' } },
};

/** Where toasts appear: mounted once react-hot-toast has arrived, which it is asked to do when the page is idle. */
export function AppToaster() {
  const [toaster, setToaster] = useState(loadedToaster);
  useEffect(() => {
    if (toaster) return undefined;
    let live = true;
    const load = () => void loadToaster().then((module) => live && setToaster(module));
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 3000 });
    else window.setTimeout(load, 500);
    return () => {
      live = false;
    };
  }, [toaster]);
  if (!toaster) return null;
  const { Toaster } = toaster;
  return (
    <Toaster position={TOAST_POSITION} toastOptions={TOAST_OPTIONS} />
  );
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthBootstrap />
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
