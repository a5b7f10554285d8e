import { z } from 'zod';
import { LIMITS, optionalText, REQUIRED, requiredText, formatMegabytes } from '@/lib/form-rules';
import { isBangladeshMobile, PHONE_MESSAGE } from '@/lib/phone';

export { isBangladeshMobile, PHONE_MESSAGE, REQUIRED, requiredText };

// A listing's fields, in the server's limits (src/lib/form-rules.ts).

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// Bangladesh groups digits the South Asian way: 5,00,000.
const lakh = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

export const PRICE_MESSAGE = `Enter a whole number of taka from ${lakh.format(LIMITS.minPriceTaka)} to ${lakh.format(LIMITS.maxPriceTaka)}`;
export const RATINGS_MESSAGE = `Enter a rating from 0 to ${LIMITS.maxRatings}`;
export const REVIEWS_MESSAGE = 'Enter a whole number, 0 or more';
export const PICTURE_TYPE_MESSAGE = 'Choose a JPEG, PNG or WebP picture';
export const PICTURE_SIZE_MESSAGE = `The picture is larger than ${formatMegabytes(LIMITS.pictureMaxBytes)}: choose a smaller one`;

export function publishYearMessage(thisYear: number): string {
  return `Enter a year from ${LIMITS.earliestPublishYear} to ${thisYear}`;
}

const WHOLE = /^\d+$/;

export function isPrice(raw: string): boolean {
  const value = raw.trim();
  return WHOLE.test(value) && Number(value) >= LIMITS.minPriceTaka && Number(value) <= LIMITS.maxPriceTaka;
}

export const price = z.string().trim().min(1, REQUIRED).refine(isPrice, PRICE_MESSAGE);

export const phone = z.string().trim().min(1, REQUIRED).refine(isBangladeshMobile, PHONE_MESSAGE);

export const description = optionalText(LIMITS.descriptionMaxChars);

export const publishYear = (thisYear: number) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (WHOLE.test(value) && Number(value) >= LIMITS.earliestPublishYear && Number(value) <= thisYear),
      publishYearMessage(thisYear),
    );

export const ratings = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d+(\.\d+)?$/.test(value) && Number(value) <= LIMITS.maxRatings), RATINGS_MESSAGE);

export const reviews = z
  .string()
  .trim()
  .refine((value) => value === '' || (WHOLE.test(value) && Number.isSafeInteger(Number(value))), REVIEWS_MESSAGE);

/** What is wrong with a picked file before it is sent, or null when it may go. */
export function pictureProblem(file: File | undefined): string | null {
  if (!file) return REQUIRED;
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return PICTURE_TYPE_MESSAGE;
  if (file.size > LIMITS.pictureMaxBytes) return PICTURE_SIZE_MESSAGE;
  return null;
}
