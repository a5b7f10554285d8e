import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBookOpenCheck, LuHandCoins, LuShieldCheck } from 'react-icons/lu';
import { LogoMark } from '@/components/ui/Logo';
import { prepareSignIn } from '@/lib/identity';

interface AuthShellProps {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}

const PROMISES = [
  { icon: LuBookOpenCheck, text: 'shell.promiseBooks' },
  { icon: LuHandCoins, text: 'shell.promiseSell' },
  { icon: LuShieldCheck, text: 'shell.promiseTrust' },
] as const;

/** The frame of /login and /signup: the form card, and on wide screens a panel saying why to join. */
export function AuthShell({ title, lead, children }: AuthShellProps) {
  const { t } = useTranslation('auth');
  // The identity service's SDK is not part of the start-up JavaScript: fetch it while the visitor types.
  useEffect(prepareSignIn, []);
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="grid w-full max-w-4xl overflow-hidden rounded-box bg-base-100 shadow-lift ring-1 ring-base-300/70 md:grid-cols-[5fr_6fr]">
        <aside className="relative hidden flex-col justify-between gap-10 bg-primary p-10 text-primary-content md:flex">
          <div className="flex items-center gap-3">
            <LogoMark className="size-10 rounded-lg ring-1 ring-primary-content/25" />
            <span className="font-serif text-2xl font-bold">Puronoboi</span>
          </div>
          <div>
            <p className="font-serif text-3xl leading-tight font-bold text-balance">{t('shell.tagline')}</p>
            <ul className="mt-8 flex flex-col gap-4">
              {PROMISES.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-start gap-3 text-primary-content/90">
                  <Icon className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
                  <span>{t(text)}</span>
                </li>
              ))}
            </ul>
          </div>
          <p className="text-sm text-primary-content/70">{t('shell.footnote')}</p>
        </aside>
        <section className="p-6 sm:p-10">
          <h1 className="text-3xl font-bold text-primary">{title}</h1>
          <p className="mt-2 text-base-content/75">{lead}</p>
          <div className="mt-7">{children}</div>
        </section>
      </div>
    </div>
  );
}
