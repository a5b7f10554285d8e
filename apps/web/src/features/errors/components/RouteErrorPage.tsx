import { isRouteErrorResponse, Link, useNavigate, useRouteError } from 'react-router-dom';
import { LuLogOut, LuTriangleAlert } from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/Logo';
import { signOutEverywhere } from '@/lib/session-token';
import { useDocumentTitle } from '@/lib/use-document-title';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' ? error.data : '';
    return [`${error.status} ${error.statusText}`.trim(), detail].filter(Boolean).join(': ');
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/**
 * react-router errorElement: shows what broke and offers a clean sign-out. `standalone` is for errors in
 * the layout itself, where no navigation bar is on screen, so the page brings its own brand link.
 */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();
  useDocumentTitle('Something went wrong');

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
      <h1 className="mt-4 text-3xl font-bold text-primary sm:text-4xl">Something went wrong</h1>
      <p className="mt-3 max-w-md text-base-content/75">
        Sorry, this page ran into a problem. Signing out and back in usually clears it.
      </p>
      <pre
        data-testid="route-error-message"
        className="mt-6 max-w-xl overflow-x-auto rounded-field bg-base-200 px-4 py-3 text-left text-sm whitespace-pre-wrap text-error"
      >
        {describe(error)}
      </pre>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => void signOut()}>
          <LuLogOut className="size-4" aria-hidden="true" />
          SignOut
        </button>
        <Link to="/home" className="btn btn-ghost">
          Return Home
        </Link>
      </div>
    </div>
  );
}
