import { z } from 'zod';
import { VALIDATION_LIMITS } from '@bindings/validation-limits';
import { problem } from './i18n/problem';

// The server has the last word on every field; forms check before sending only what is cheap to check here, in the
// server's own limits (generated from the Rust domain into bindings/), so a form never refuses what the server takes.

export const LIMITS = VALIDATION_LIMITS;

// The messages are tokens of texts in the reader's language (src/lib/i18n/problem.ts); fields show them translated.

/** "This field is required". */
export const REQUIRED = problem('required');

/** "At most 200 characters". */
export const tooLong = (max: number) => problem('tooLong', { max });

/** Text that must be there, up to `max` characters (the server's limit). */
export const requiredText = (max: number, required: string = REQUIRED) =>
  z.string().trim().min(1, required).max(max, tooLong(max));

/** Text that may be empty, up to `max` characters. */
export const optionalText = (max: number) => z.string().trim().max(max, tooLong(max));

/** A size in bytes as people read it: 5242880 is "5 MB". */
export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}
