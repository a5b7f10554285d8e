import { z } from 'zod';
import { LIMITS, optionalText, REQUIRED, requiredText } from '@/lib/form-rules';
import { latinDigits } from '@/lib/format';
import { textToken } from '@/lib/i18n/problem';
import { isBookLanguage, isCondition, MAX_PHOTOS } from '@/lib/copy';
import { checkIsbn } from '@/lib/isbn';
import { isBangladeshMobile, PHONE_MESSAGE } from '@/lib/phone';

export { isBangladeshMobile, PHONE_MESSAGE, REQUIRED, requiredText };

// A listing's fields, in the server's limits (src/lib/form-rules.ts). The messages are tokens of the dashboard's texts
// (src/lib/i18n/problem.ts), shown in the reader's language with the limits in the reader's digits: numbers grouped
// (5,00,000; ৫,০০,০০০), years as strings of digits, never grouped.

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The largest picture, in megabytes as people write it ("5", "2.5"): a string, so that it is not grouped. */
export const PICTURE_MAX_MEGABYTES = String(Math.round((LIMITS.pictureMaxBytes / (1024 * 1024)) * 10) / 10);

export const PRICE_MESSAGE = textToken('dashboard:rules.price', { min: LIMITS.minPriceTaka, max: LIMITS.maxPriceTaka });
export const RATINGS_MESSAGE = textToken('dashboard:rules.ratings', { min: 0, max: LIMITS.maxRatings });
export const REVIEWS_MESSAGE = textToken('dashboard:rules.reviews', { min: 0 });
export const PICTURE_TYPE_MESSAGE = textToken('dashboard:rules.pictureType');
export const PICTURE_SIZE_MESSAGE = textToken('dashboard:rules.pictureSize', { size: PICTURE_MAX_MEGABYTES });
export const TOO_MANY_PHOTOS_MESSAGE = textToken('common:fieldReasons.too_many_photos', { limit: MAX_PHOTOS });

export function publishYearMessage(thisYear: number): string {
  return textToken('dashboard:rules.publishYear', { min: String(LIMITS.earliestPublishYear), max: String(thisYear) });
}

const WHOLE = /^\d+$/;

/**
 * A field of digits, trimmed, with Bengali digits read as Latin ones: a reader of Bangla types ৪৫০ as readily as 450,
 * and the server takes Latin digits only.
 */
const digits = () => z.string().trim().transform(latinDigits);

export function isPrice(raw: string): boolean {
  const value = latinDigits(raw.trim());
  return WHOLE.test(value) && Number(value) >= LIMITS.minPriceTaka && Number(value) <= LIMITS.maxPriceTaka;
}

export const price = z.string().trim().min(1, REQUIRED).transform(latinDigits).refine(isPrice, PRICE_MESSAGE);

export const phone = z.string().trim().min(1, REQUIRED).transform(latinDigits).refine(isBangladeshMobile, PHONE_MESSAGE);

export const description = optionalText(LIMITS.descriptionMaxChars);

export const publishYear = (thisYear: number) =>
  digits().refine(
    (value) => value === '' || (WHOLE.test(value) && Number(value) >= LIMITS.earliestPublishYear && Number(value) <= thisYear),
    publishYearMessage(thisYear),
  );

export const ratings = digits().refine(
  (value) => value === '' || (/^\d+(\.\d+)?$/.test(value) && Number(value) <= LIMITS.maxRatings),
  RATINGS_MESSAGE,
);

export const reviews = digits().refine((value) => value === '' || (WHOLE.test(value) && Number.isSafeInteger(Number(value))), REVIEWS_MESSAGE);

/** What is wrong with a picked file before it is sent, or null when it may go. */
export function pictureProblem(file: File | undefined): string | null {
  if (!file) return REQUIRED;
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return PICTURE_TYPE_MESSAGE;
  if (file.size > LIMITS.pictureMaxBytes) return PICTURE_SIZE_MESSAGE;
  return null;
}

export const CONDITION_MESSAGE = textToken('dashboard:rules.condition');

/** The grade is one of the four: nothing is pre-chosen, so a seller always picks the one that fits. */
export const condition = z.string().refine((value): boolean => isCondition(value), CONDITION_MESSAGE);

/** Bangla, English, other, or '' for a seller who does not say. */
export const bookLanguage = z.string().refine((value): boolean => value === '' || isBookLanguage(value), textToken('common:fieldReasons.not_a_choice'));

/**
 * An optional ISBN, checked as the server checks it (src/lib/isbn.ts), its message the one the server's reason code
 * has, so the field reads the same whichever side caught the mistake.
 */
export const isbn = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') return;
    const checked = checkIsbn(value);
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: textToken(`common:fieldReasons.${checked.problem}`) });
  });
