import { z } from 'zod';
import { isBangladeshMobile, PHONE_MESSAGE } from '@/lib/phone';

export { isBangladeshMobile, PHONE_MESSAGE };

// The server has the last word on every field; these rules only catch, before sending, what is cheap to check here,
// in the same limits (and so never refuse what the server would take).

export const REQUIRED = 'This field is required';

export const MAX_PRICE = 500_000;
export const EARLIEST_PUBLISH_YEAR = 1450;
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PRICE_MESSAGE = 'Enter a whole number of taka from 1 to 5,00,000';
export const RATINGS_MESSAGE = 'Enter a rating from 0 to 5';
export const REVIEWS_MESSAGE = 'Enter a whole number, 0 or more';
export const PICTURE_TYPE_MESSAGE = 'Choose a JPEG, PNG or WebP picture';
export const PICTURE_SIZE_MESSAGE = 'The picture is larger than 5 MB: choose a smaller one';

export function publishYearMessage(thisYear: number): string {
  return `Enter a year from ${EARLIEST_PUBLISH_YEAR} to ${thisYear}`;
}

const WHOLE = /^\d+$/;

export function isPrice(raw: string): boolean {
  const value = raw.trim();
  return WHOLE.test(value) && Number(value) >= 1 && Number(value) <= MAX_PRICE;
}

/** Text that must be there, up to `max` characters (the server's limit). */
export const requiredText = (max: number) =>
  z.string().trim().min(1, REQUIRED).max(max, `At most ${max} characters`);

export const price = z.string().trim().min(1, REQUIRED).refine(isPrice, PRICE_MESSAGE);

export const phone = z.string().trim().min(1, REQUIRED).refine(isBangladeshMobile, PHONE_MESSAGE);

export const description = z.string().trim().max(4000, 'At most 4000 characters');

export const publishYear = (thisYear: number) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || (WHOLE.test(value) && Number(value) >= EARLIEST_PUBLISH_YEAR && Number(value) <= thisYear), publishYearMessage(thisYear));

export const ratings = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d+(\.\d+)?$/.test(value) && Number(value) <= 5), RATINGS_MESSAGE);

export const reviews = z
  .string()
  .trim()
  .refine((value) => value === '' || (WHOLE.test(value) && Number.isSafeInteger(Number(value))), REVIEWS_MESSAGE);

/** What is wrong with a picked file before it is sent, or null when it may go. */
export function pictureProblem(file: File | undefined): string | null {
  if (!file) return REQUIRED;
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return PICTURE_TYPE_MESSAGE;
  if (file.size > MAX_PICTURE_BYTES) return PICTURE_SIZE_MESSAGE;
  return null;
}
