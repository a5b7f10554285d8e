interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
  className?: string;
}

/** Shown while data loads. Exposes role="status" named "Loading" so tests and assistive tech can find it. */
export function Spinner({ label = 'Loading', className = 'py-20' }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} className={`flex items-center justify-center ${className}`}>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
