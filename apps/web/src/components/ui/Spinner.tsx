import { useTranslation } from 'react-i18next';

interface SpinnerProps {
  /** What is loading, for screen readers; "Loading" in the reader's language when not given. */
  label?: string;
  className?: string;
}

/** Shown while data loads. Exposes role="status" named "Loading" so tests and assistive tech can find it. */
export function Spinner({ label, className = 'py-20' }: SpinnerProps) {
  const { t } = useTranslation();
  const name = label ?? t('loading.default');
  return (
    <div role="status" aria-label={name} className={`flex items-center justify-center ${className}`}>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{name}</span>
    </div>
  );
}
