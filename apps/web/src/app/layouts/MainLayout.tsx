import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router-dom';
import { useAuthStore, type ForcedOutReason } from '@/lib/auth-store';
import { loadToaster } from '@/lib/toaster';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

export const FORCED_OUT_TOAST = 'Forbidden Access: you have been logged out.';
export const SESSION_ENDED_TOAST = 'Your session has ended. Please log in again.';

const FORCED_OUT_TOASTS: Record<ForcedOutReason, string> = {
  accountDeleted: FORCED_OUT_TOAST,
  sessionEnded: SESSION_ENDED_TOAST,
};

/**
 * The app signed the user out on its own (the server said "Forbidden Access", or the session could not be renewed):
 * say why and go to /login, which returns here after logging in again.
 */
function useForcedSignOutRedirect() {
  const forcedOut = useAuthStore((state) => state.forcedOut);
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (!forcedOut) return;
    useAuthStore.getState().acknowledgeForcedOut();
    const message = FORCED_OUT_TOASTS[forcedOut];
    void loadToaster().then(({ toast }) => toast.error(message, { id: 'forced-out' }));
    navigate('/login', { replace: true, state: { from: { pathname, search, hash } } });
  }, [forcedOut, navigate, pathname, search, hash]);
}

/** Navigation bar, content, footer (spec section 2). */
export function MainLayout() {
  useForcedSignOutRedirect();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-field focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-content"
      >
        Skip to content
      </a>
      <Navbar />
      {/* At least a screen tall: while a page loads (a spinner), the footer stays below the fold instead of jumping
          up into view and back down when the content arrives, a layout shift of half the screen on a phone. */}
      <main id="main-content" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
