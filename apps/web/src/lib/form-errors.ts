import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, type ApiError } from './api-client';
import { serverWords } from './i18n/problem';

/**
 * What a `validation_failed` answer says about one field, for the reader: the server's English words to a reader of
 * English (the product's wording), and the text of the field's reason code in any other language, with the rule's
 * bounds in the reader's digits. Undefined when the answer names no such field.
 */
export function fieldMessage(error: ApiError, name: string): string | undefined {
  const words = error.fields[name];
  const reason = error.reasons[name];
  if (words === undefined) return undefined;
  if (!reason) return words;
  const bounds: Record<string, string | number> = {};
  for (const bound of ['limit', 'min', 'max'] as const) {
    const value = reason[bound];
    // A year is written without grouping (২০২৬, not ২,০২৬): passed as a string of digits.
    if (typeof value === 'number') bounds[bound] = /year/i.test(name) ? String(value) : value;
  }
  return serverWords(`common:fieldReasons.${reason.code}`, words, bounds);
}

/**
 * Puts a `validation_failed` answer's messages beside the fields they are about, in the reader's language
 * (`fieldMessage`). The server names fields in
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
  shown.forEach(([name, words], index) => {
    const message = fieldMessage(error, name) ?? words;
    setError(name as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return shown.length > 0;
}
