import { Link } from 'react-router-dom';
import { LuFlag, LuHouse } from '@/components/ui/icons';
import { useDocumentTitle } from '@/lib/use-document-title';
import { loadToaster } from '@/lib/toaster';

export const REPORT_PROBLEM_TOAST = 'Thanks for your feedback. We will solve it as soon as possible.';

/** Any path the app does not know. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="container-page flex flex-col items-center py-16 text-center sm:py-24">
      <p className="font-serif text-8xl font-bold text-secondary sm:text-9xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-primary sm:text-4xl">Oops, page not found</h1>
      <p className="mt-3 max-w-md text-base-content/75">
        The page you are looking for has moved or never existed. Let us get you back to the books.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/home" className="btn btn-primary">
          <LuHouse className="size-4" aria-hidden="true" />
          Return Home
        </Link>
        <button
          type="button"
          className="btn btn-outline btn-secondary"
          onClick={() => void loadToaster().then(({ toast }) => toast.success(REPORT_PROBLEM_TOAST, { id: 'report-problem' }))}
        >
          <LuFlag className="size-4" aria-hidden="true" />
          Report Problem
        </button>
      </div>
    </div>
  );
}
