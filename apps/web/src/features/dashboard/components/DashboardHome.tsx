import { Link } from 'react-router-dom';
import { LuBadgeCheck, LuChevronRight, LuClock } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import type { MeDto } from '@bindings/MeDto';
import { useCurrentUser } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DASHBOARD_LINKS } from '../dashboard-links';

function SellerStatus({ verified }: { verified: boolean }) {
  const { t } = useTranslation('dashboard');
  return verified ? (
    <span className="badge badge-success gap-1.5">
      <LuBadgeCheck className="size-4" aria-hidden="true" />
      {t('home.verified')}
    </span>
  ) : (
    <span className="badge badge-warning gap-1.5">
      <LuClock className="size-4" aria-hidden="true" />
      {t('home.notVerified')}
    </span>
  );
}

const ROLE_INTROS = {
  buyer: 'home.introBuyer',
  seller: 'home.introSeller',
  admin: 'home.introAdmin',
} as const satisfies Record<MeDto['role'], string>;

/** /dashboard: who is signed in, as what, and where to go from here. */
export function DashboardHome() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  useDocumentTitle(t('home.title'));
  if (!user) return null;

  return (
    <section className="flex flex-col gap-8">
      <div className="rounded-box bg-base-200/70 p-6 ring-1 ring-base-300/70 sm:p-8">
        <p className="section-eyebrow">{t('home.title')}</p>
        <h1 className="mt-2 text-3xl font-bold text-primary sm:text-4xl">{t('home.welcome', { name: user.name })}</h1>
        <p className="mt-3 max-w-2xl text-base-content/75">{t(ROLE_INTROS[user.role])}</p>
        <dl className="mt-6 grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-base-content/60">{t('home.accountType')}</dt>
            <dd className="mt-1">
              <span className="badge badge-primary">{t(`roles.${user.role}`)}</span>
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-sm text-base-content/60">{t('home.email')}</dt>
            <dd className="mt-1 font-medium break-all">{user.email}</dd>
          </div>
          {user.role === 'seller' && (
            <div>
              <dt className="text-sm text-base-content/60">{t('home.sellerStatus')}</dt>
              <dd className="mt-1">
                <SellerStatus verified={user.verified} />
              </dd>
            </div>
          )}
        </dl>
        {user.role === 'seller' && !user.verified && <p className="mt-5 text-sm text-base-content/70">{t('home.unverifiedNote')}</p>}
      </div>

      <div>
        <h2 className="text-xl font-semibold">{t('home.start')}</h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {DASHBOARD_LINKS[user.role].map(({ to, page, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-center gap-4 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 transition hover:ring-primary/40"
              >
                <span className="grid size-12 shrink-0 place-items-center rounded-full bg-primary/10 text-primary" aria-hidden="true">
                  <Icon className="size-6" />
                </span>
                <span className="flex flex-col">
                  <span className="font-semibold text-primary">{t(`links.${page}`)}</span>
                  <span className="text-sm text-base-content/70">{t(`blurbs.${page}`)}</span>
                </span>
                <LuChevronRight className="ml-auto size-5 text-base-content/40 transition group-hover:translate-x-0.5" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
