import { useTranslation } from 'react-i18next';
import { LuRefreshCw, LuTriangleAlert } from './icons';
import { userMessage } from '@/lib/error-handling';

interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  /** "We couldn't load this" in the reader's language when not given. */
  title?: string;
  /** True while the retry is in flight. */
  retrying?: boolean;
}

/** A failed query: what happened, in words, and a Retry button. */
export function ErrorState({ error, onRetry, title, retrying = false }: ErrorStateProps) {
  // The language is read here so that the message follows a switch (userMessage reads the current one).
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mx-auto my-10 flex max-w-lg flex-col items-center gap-3 rounded-box border border-error/20 bg-error/5 px-6 py-8 text-center"
    >
      <LuTriangleAlert className="size-8 text-error" aria-hidden="true" />
      <h2 className="text-xl font-semibold">{title ?? t('errorState.title')}</h2>
      <p className="text-base-content/75">{userMessage(error)}</p>
      {onRetry && (
        <button type="button" className="btn btn-primary mt-2" onClick={onRetry} disabled={retrying}>
          <LuRefreshCw className={`size-4 ${retrying ? 'animate-spin' : ''}`} aria-hidden="true" />
          {t('errorState.retry')}
        </button>
      )}
    </div>
  );
}
