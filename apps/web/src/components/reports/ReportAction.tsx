import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LuFlag } from 'react-icons/lu';
import { useAuthStore, useCurrentUser } from '@/lib/auth-store';
import type { ReportTarget } from './ReportDialog';

/** The form (react-hook-form, zod) loads when someone opens it, not with the page a visitor reads. */
const ReportDialog = lazy(async () => ({ default: (await import('./ReportDialog')).ReportDialog }));

const QUIET = 'btn btn-ghost btn-sm gap-1.5 px-2 font-normal text-base-content/70 hover:text-base-content';

interface ReportActionProps {
  target: ReportTarget;
  /** The account the target belongs to (the listing's seller, or the seller themself): they are offered nothing. */
  ownerId: string;
  className?: string;
}

/**
 * "Report this listing" / "Report this seller": a quiet text button with a flag, well away from Buy Now. It opens the
 * report dialog for a signed-in buyer or seller who does not own the target; a visitor gets a link to log in, which
 * brings them back here. Admins decide on reports rather than file them, so they see nothing, as does the owner.
 */
export function ReportAction({ target, ownerId, className = '' }: ReportActionProps) {
  const { t } = useTranslation('reports');
  const settling = useAuthStore((state) => state.status === 'loading');
  const user = useCurrentUser();
  const { pathname, search, hash } = useLocation();
  const [open, setOpen] = useState(false);

  if (settling) return null;
  if (!user) {
    return (
      <Link to="/login" state={{ from: { pathname, search, hash } }} className={`${QUIET} ${className}`}>
        <LuFlag className="size-4" aria-hidden="true" />
        {t('action.signIn')}
      </Link>
    );
  }
  if (user.role === 'admin' || user.id === ownerId) return null;
  return (
    <>
      <button type="button" className={`${QUIET} ${className}`} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <LuFlag className="size-4" aria-hidden="true" />
        {t(`action.${target.type}`)}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
