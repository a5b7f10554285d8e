import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Puts a `validation_failed` answer's messages beside the fields they are about. The server names fields in
 * camelCase, as the forms do. Pass `fields` (the names the form shows) when the server may name others: a message on
 * a field nobody sees would be lost. Answers whether at least one message was placed; when not, show the error's
 * summary message instead.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  { fields }: { fields?: readonly Path<T>[] } = {},
): boolean {
  if (!isApiError(error) || error.code !== 'validation_failed') return false;
  const shown = Object.entries(error.fields).filter(([name]) => !fields || fields.includes(name as Path<T>));
  shown.forEach(([name, message], index) => {
    setError(name as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return shown.length > 0;
}
