import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { LuLogOut, LuTriangleAlert } from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/Logo';
import { isApiError } from '@/lib/api-client';
import { userMessage } from '@/lib/error-handling';
import { problemText } from '@/lib/i18n/problem';
import { signOutEverywhere } from '@/lib/session-token';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * What broke, in words: a failed call in the reader's language, a message of ours (a token) likewise; any other
 * error's own text as it is (a bug's message is the same in every language).
 */
function describe(error: unknown, t: TFunction<'common'>): string {
  if (isApiError(error)) return userMessage(error);
  if (error instanceof Error) return problemText(error.message, t);
  if (typeof error === 'string') return error;
  return t('routeError.unknown');
}

/**
 * What a route error boundary shows (src/app/RouteErrorBoundary.tsx): what broke, and a clean sign-out. `standalone`
 * is for errors in the layout itself, where no navigation bar is on screen, so the page brings its own brand link.
 */
export function RouteErrorPage({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('routeError.title'));

  const signOut = async () => {
    await signOutEverywhere();
    navigate('/login');
  };

  return (
    <div className="flex min-h-[70vh] flex-col items-center justify-center px-4 py-16 text-center">
      {standalone && (
        <Link to="/" className="mb-10 flex items-center gap-2 font-serif text-2xl font-bold text-primary">
          <LogoMark />
          Puronoboi
        </Link>
      )}
      <LuTriangleAlert className="size-10 text-error" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold text-primary sm:text-4xl">{t('routeError.title')}</h1>
      <p className="mt-3 max-w-md text-base-content/75">{t('routeError.text')}</p>
      <pre
        data-testid="route-error-message"
        className="mt-6 max-w-xl overflow-x-auto rounded-field bg-base-200 px-4 py-3 text-left text-sm whitespace-pre-wrap text-error"
      >
        {describe(error, t)}
      </pre>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => void signOut()}>
          <LuLogOut className="size-4" aria-hidden="true" />
          {t('routeError.signOut')}
        </button>
        <Link to="/home" className="btn btn-ghost">
          {t('routeError.home')}
        </Link>
      </div>
    </div>
  );
}
