import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { LuPanelLeftOpen, LuX } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/Spinner';
import { initialsOf, useCurrentUser } from '@/lib/auth-store';
import { useDismiss } from '@/lib/use-dismiss';
import { DASHBOARD_LINKS } from '../dashboard-links';

const drawerLink = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-field px-3 py-2.5 font-medium ${
    isActive ? 'bg-primary text-primary-content hover:bg-primary' : 'text-base-content/85 hover:bg-base-300/60'
  }`;

/**
 * /dashboard: a side drawer with only the current role's links (always open on large screens, behind a button on
 * phones) next to the page. The role comes from the server's account, never from the browser. The drawer's texts are
 * the dashboard's own: the buyer's pages it also wraps bring theirs.
 */
export function DashboardLayout() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const toggleId = useId();
  const sideId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sideRef = useRef<HTMLElement>(null);
  const location = useLocation();

  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!open) return undefined;
    (sideRef.current?.querySelector<HTMLElement>('a') ?? sideRef.current?.querySelector<HTMLElement>('button'))?.focus();
  }, [open]);
  // The drawer's own overlay handles clicks outside it; Escape is ours.
  const close = useCallback(() => setOpen(false), []);
  useDismiss({ open, onDismiss: close, toggleRef });

  if (!user) return <Spinner />;
  const links = DASHBOARD_LINKS[user.role];

  return (
    <div className="drawer lg:drawer-open">
      {/* daisyui drives the drawer from this checkbox; people use the buttons, so it stays out of their way. */}
      <input
        id={toggleId}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content min-w-0">
        <div className="container-page py-6 sm:py-10 lg:px-10">
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-outline btn-primary btn-sm mb-6 lg:hidden"
            aria-expanded={open}
            aria-controls={sideId}
            onClick={() => setOpen(true)}
          >
            <LuPanelLeftOpen className="size-4" aria-hidden="true" />
            {t('menu.open')}
          </button>
          <Outlet />
        </div>
      </div>
      <div className="drawer-side z-50 lg:static lg:z-auto lg:h-auto lg:overflow-visible" id={sideId}>
        <button type="button" className="drawer-overlay lg:hidden" aria-label={t('menu.close')} tabIndex={-1} onClick={() => setOpen(false)} />
        <nav
          ref={sideRef}
          aria-label={t('menu.label')}
          className="min-h-full w-72 border-r border-base-300/70 bg-base-200 p-5 lg:h-full"
        >
          <div className="flex flex-col gap-6 lg:sticky lg:top-[5.75rem]">
            <div className="flex items-center gap-3">
              <span className="grid size-11 shrink-0 place-items-center rounded-full bg-primary font-bold text-primary-content" aria-hidden="true">
                {initialsOf(user.name, user.email)}
              </span>
              <div className="min-w-0">
                <p className="truncate font-semibold">{user.name}</p>
                <p className="text-sm text-base-content/70">{t('menu.account', { role: t(`roles.${user.role}`) })}</p>
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-square btn-sm ml-auto lg:hidden"
                aria-label={t('menu.close')}
                onClick={() => {
                  setOpen(false);
                  toggleRef.current?.focus();
                }}
              >
                <LuX className="size-5" aria-hidden="true" />
              </button>
            </div>
            <ul className="flex flex-col gap-1">
              {links.map(({ to, page, icon: Icon }) => (
                <li key={to}>
                  <NavLink to={to} className={drawerLink}>
                    <Icon className="size-5" aria-hidden="true" />
                    {t(`links.${page}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>
    </div>
  );
}
