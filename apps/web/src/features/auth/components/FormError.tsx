import { LuCircleAlert } from 'react-icons/lu';

/** The identity provider's (or our server's) message, in red, on a sign-in form. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-field border border-error/25 bg-error/5 px-3 py-2.5 text-sm font-medium text-error">
      <LuCircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}
