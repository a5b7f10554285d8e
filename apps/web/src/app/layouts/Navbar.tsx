import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { LuMenu, LuX } from '@/components/ui/icons';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/ui/LanguageSwitch';
import { LogoMark } from '@/components/ui/Logo';
import { useAdvertisedBooks } from '@/features/catalogue/api/get-advertised-books';
import { SearchBox } from '@/features/catalogue/components/SearchBox';
import { readAccessToken, useAuthStore, useCurrentUser } from '@/lib/auth-store';
import { useDismiss } from '@/lib/use-dismiss';

// Only signed-in visitors see the avatar menu, and its photo upload updates the identity service's profile: its own
// chunk keeps that code (and the SDK it reaches) out of the start-up JavaScript. It is fetched as soon as a session
// may be coming (status loading), and renders at once when it is there.
let avatarMenu: ComponentType | null = null;
export async function preloadAvatarMenu(): Promise<ComponentType> {
  avatarMenu ??= (await import('@/features/profile/components/AvatarMenu')).AvatarMenu;
  return avatarMenu;
}
const LazyAvatarMenu = lazy(async () => ({ default: await preloadAvatarMenu() }));

interface NavItem {
  to: string;
  label: string;
}

/** The spec's navigation: Advertise Items only when something is advertised, Dashboard only when signed in. */
export function useNavItems(): NavItem[] {
  const { t } = useTranslation();
  const advertised = useAdvertisedBooks();
  const user = useCurrentUser();
  const items: NavItem[] = [
    { to: '/home', label: t('nav.home') },
    { to: '/shop', label: t('nav.shop') },
  ];
  if ((advertised.data?.length ?? 0) >= 1) items.push({ to: '/advertise', label: t('nav.advertise') });
  items.push({ to: '/blog', label: t('nav.blog') });
  if (user) items.push({ to: '/dashboard', label: t('nav.dashboard') });
  return items;
}

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `relative rounded-field px-3 py-2 font-medium transition-colors hover:text-primary ${
    isActive
      ? 'text-primary after:absolute after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:rounded-full after:bg-accent'
      : 'text-base-content/75'
  }`;

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-field px-4 py-3 text-base font-medium ${isActive ? 'bg-primary/10 text-primary' : 'hover:bg-base-200'}`;

/** Signed-in state on the right of the bar: a spinner while it loads (never a flash of Login), then the avatar. */
function AccountLoading() {
  const { t } = useTranslation();
  return (
    <span role="status" aria-label={t('nav.loadingAccount')} className="grid size-10 place-items-center">
      <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
    </span>
  );
}

function AccountArea() {
  const { t } = useTranslation();
  const status = useAuthStore((state) => state.status);
  // A returning visitor (a stored token) is likely to be signed in in a moment; nobody else needs it yet.
  const expected = status === 'signedIn' || (status === 'loading' && readAccessToken() !== null);
  useEffect(() => {
    if (expected) void preloadAvatarMenu().catch(() => undefined);
  }, [expected]);
  if (status === 'loading') return <AccountLoading />;
  if (status === 'signedIn') {
    const AvatarMenu = avatarMenu;
    if (AvatarMenu) return <AvatarMenu />;
    return (
      <Suspense fallback={<AccountLoading />}>
        <LazyAvatarMenu />
      </Suspense>
    );
  }
  return (
    <div className="hidden items-center gap-2 lg:flex">
      <NavLink to="/login" className="btn btn-ghost">
        {t('nav.login')}
      </NavLink>
      <NavLink to="/signup" className="btn btn-primary">
        {t('nav.signup')}
      </NavLink>
    </div>
  );
}

export function Navbar() {
  const { t } = useTranslation();
  const items = useNavItems();
  const signedOut = useAuthStore((state) => state.status === 'signedOut');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Close the mobile menu whenever the route changes.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useDismiss({ open: menuOpen, onDismiss: closeMenu, toggleRef, panelRef: menuRef });

  return (
    <header className="sticky top-0 z-40 border-b border-base-300/70 bg-base-100/90 backdrop-blur supports-[backdrop-filter]:bg-base-100/80">
      <nav aria-label={t('nav.label')} className="container-page flex h-16 items-center gap-4 lg:h-18">
        <Link to="/" className="flex shrink-0 items-center gap-2.5 rounded-field" aria-label={t('nav.brandHome')}>
          <LogoMark />
          {/* Smaller on the narrowest phones, so the search, language, account and menu buttons keep their room. */}
          <span className="font-serif text-xl font-bold tracking-tight text-primary min-[400px]:text-2xl">Puronoboi</span>
        </Link>

        <ul className="ml-6 hidden items-center gap-1 lg:flex">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={desktopLink}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-1 sm:gap-2">
          <div className="contents sm:flex sm:max-w-sm sm:min-w-0 sm:flex-1">
            <SearchBox />
          </div>
          <LanguageSwitch />
          <AccountArea />

          <button
            ref={toggleRef}
            type="button"
            className="btn btn-ghost btn-square lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <LuX className="size-6" aria-hidden="true" /> : <LuMenu className="size-6" aria-hidden="true" />}
          </button>
        </div>
      </nav>

      <div
        ref={menuRef}
        id={menuId}
        hidden={!menuOpen}
        className="border-t border-base-300/70 bg-base-100 shadow-lift lg:hidden"
      >
        <ul className="container-page flex flex-col gap-1 py-3">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={mobileLink}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {signedOut && (
            <li className="mt-2 grid grid-cols-2 gap-2 border-t border-base-300/70 pt-3">
              <Link to="/login" className="btn btn-outline btn-primary">
                {t('nav.login')}
              </Link>
              <Link to="/signup" className="btn btn-primary">
                {t('nav.signup')}
              </Link>
            </li>
          )}
        </ul>
      </div>
    </header>
  );
}
