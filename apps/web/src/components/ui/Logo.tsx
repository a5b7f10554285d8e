/** The brand mark: an open book, cream and amber pages on deep green. Decorative; callers name the link. */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <path d="M7.5 9.3c2.8-1.1 5.7-.9 8 .9v13.2c-2.3-1.7-5.2-1.9-8-.9z" fill="#fdf9ef" />
      <path d="M24.5 9.3c-2.8-1.1-5.7-.9-8 .9v13.2c2.3-1.7 5.2-1.9 8-.9z" fill="var(--color-accent)" />
    </svg>
  );
}
