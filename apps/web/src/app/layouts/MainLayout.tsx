import { useEffect, useLayoutEffect } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { useAuthStore, type ForcedOutReason } from '@/lib/auth-store';
import { loadToaster } from '@/lib/toaster';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

/** Why the app signed the user out: "Forbidden Access: you have been logged out.", "Your session has ended. ..." */
const FORCED_OUT_TOASTS = {
  accountDeleted: 'app.forcedOut',
  sessionEnded: 'app.sessionEnded',
} as const satisfies Record<ForcedOutReason, string>;

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
    // In the language on screen when it happens.
    const message = i18next.t(FORCED_OUT_TOASTS[forcedOut]);
    void loadToaster().then(({ toast }) => toast.error(message, { id: 'forced-out' }));
    navigate('/login', { replace: true, state: { from: { pathname, search, hash } } });
  }, [forcedOut, navigate, pathname, search, hash]);
}

/** Where each page of this tab's history was scrolled to, by history entry. */
const scrollPositions = new Map<string, number>();

/**
 * As a browser does between whole pages: a new page opens at its top (or at its #anchor), and Back or Forward returns
 * to where the page was left.
 */
function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    const key = location.key;
    const saved = scrollPositions.get(key);
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (!location.hash) window.scrollTo(0, 0);
    return () => {
      scrollPositions.set(key, window.scrollY);
    };
    // Once per history entry: the entry's key changes with every navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}

/** Navigation bar, content, footer (spec section 2). */
export function MainLayout() {
  const { t } = useTranslation();
  useForcedSignOutRedirect();
  useScrollRestoration();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-field focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-content"
      >
        {t('app.skipToContent')}
      </a>
      <Navbar />
      {/* At least a screen tall: while a page loads (a spinner), the footer stays below the fold instead of jumping
          up into view and back down when the content arrives, a layout shift of half the screen on a phone. */}
      <main id="main-content" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
