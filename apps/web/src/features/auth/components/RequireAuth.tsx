import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { AccountRoleDto } from '@bindings/AccountRoleDto';
import { Spinner } from '@/components/ui/Spinner';
import { useAuthStore } from '@/lib/auth-store';

interface RequireAuthProps {
  /** The role the page needs, as the server reports it (MeDto.role). Without it any signed-in user passes. */
  role?: AccountRoleDto;
  children?: ReactNode;
}

/**
 * Route guard (spec section 6): waits while sign-in is loading, then lets the right user through; anyone else goes
 * to /login with the wanted location in router state `from`, so logging in comes back here.
 */
export function RequireAuth({ role, children }: RequireAuthProps) {
  const status = useAuthStore((state) => state.status);
  const user = useAuthStore((state) => state.user);
  const location = useLocation();
  const { t } = useTranslation();

  if (status === 'loading') return <Spinner label={t('loading.account')} />;
  if (status !== 'signedIn' || !user || (role !== undefined && user.role !== role)) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children ?? <Outlet />;
}
