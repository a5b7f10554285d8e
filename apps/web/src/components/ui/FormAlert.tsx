import { useTranslation } from 'react-i18next';
import { LuCircleAlert } from 'react-icons/lu';
import { problemText } from '@/lib/i18n/problem';

/** Why a form could not be sent, when the reason belongs to no single field (the server's message, a lost connection). */
export function FormAlert({ message }: { message: string | null | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-field border border-error/25 bg-error/5 px-3 py-2.5 text-sm font-medium text-error">
      <LuCircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{problemText(message, t)}</span>
    </p>
  );
}
