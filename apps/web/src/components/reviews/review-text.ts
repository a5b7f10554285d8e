import { z } from 'zod';
import { REQUIRED, tooLong } from '@/lib/form-rules';

/**
 * The server's limit on a review's comment and on a seller's answer: 1,000 characters once trimmed. It counts
 * characters as Unicode code points (an emoji is one), so the form does too, rather than JavaScript's UTF-16 units.
 */
export const REVIEW_TEXT_MAX_CHARS = 1000;

/** How many characters the server will count in `text`. */
export function reviewTextLength(text: string): number {
  return Array.from(text.trim()).length;
}

const withinLimit = (text: string) => reviewTextLength(text) <= REVIEW_TEXT_MAX_CHARS;

/** A review's comment: may be left empty. */
export const optionalReviewText = z.string().refine(withinLimit, tooLong(REVIEW_TEXT_MAX_CHARS));

/** A seller's answer: must say something. */
export const requiredReviewText = z
  .string()
  .refine((text) => text.trim() !== '', REQUIRED)
  .refine(withinLimit, tooLong(REVIEW_TEXT_MAX_CHARS));
