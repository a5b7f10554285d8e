import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '@/lib/i18n/problem';

/** The ids a field's `aria-describedby` lists: its hint and, when there is one, its validation message. */
export function describedByOf(fieldId: string, { error, hint }: { error?: string; hint?: ReactNode }): string | undefined {
  const ids = [hint ? `${fieldId}-hint` : '', error ? `${fieldId}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * The hint and the validation message under a form field. The server words its field messages in lower case
 * ("must be a whole number"); they are shown with a capital first letter like the form's own. A rule's message
 * (a token, see src/lib/i18n/problem.ts) is shown in the reader's language.
 */
export function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-base-content/65">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-error first-letter:uppercase">
          {problemText(error, t)}
        </p>
      )}
    </>
  );
}
