import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { useAuthStore } from '@/lib/auth-store';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

export const FORCED_OUT_TOAST = 'Forbidden Access: you have been logged out.';

/** The server said "Forbidden Access" (a deleted account): the session is gone; go to /login (spec section 6). */
function useForcedSignOutRedirect() {
  const forcedOut = useAuthStore((state) => state.forcedOut);
  const navigate = useNavigate();
  useEffect(() => {
    if (!forcedOut) return;
    useAuthStore.getState().acknowledgeForcedOut();
    toast.error(FORCED_OUT_TOAST, { id: 'forced-out' });
    navigate('/login', { replace: true });
  }, [forcedOut, navigate]);
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
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
