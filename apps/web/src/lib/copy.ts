// The words a copy of a book is described by: its condition grade and the language it is written in. The lists
// follow the generated bindings, so a grade added on the server does not compile here until it has its texts.
import type { BookLanguageDto } from '@bindings/BookLanguageDto';
import type { ConditionDto } from '@bindings/ConditionDto';

/** The grades, best first: the order every list of them (the form, the guide, the filters) shows. */
export const CONDITIONS = ['like_new', 'very_good', 'good', 'acceptable'] as const satisfies readonly ConditionDto[];

/** The languages a seller can name; a seller may also not say. */
export const BOOK_LANGUAGES = ['bn', 'en', 'other'] as const satisfies readonly BookLanguageDto[];

// Both lists name every value of their union: a missing one fails here.
type Missing<All, Listed> = Exclude<All, Listed> extends never ? true : never;
const everyCondition: Missing<ConditionDto, (typeof CONDITIONS)[number]> = true;
const everyLanguage: Missing<BookLanguageDto, (typeof BOOK_LANGUAGES)[number]> = true;
void everyCondition;
void everyLanguage;

export function isCondition(value: string | null | undefined): value is ConditionDto {
  return (CONDITIONS as readonly string[]).includes(value ?? '');
}

export function isBookLanguage(value: string | null | undefined): value is BookLanguageDto {
  return (BOOK_LANGUAGES as readonly string[]).includes(value ?? '');
}

/** The most photos a listing may have, the cover included (the server refuses a sixth with `too_many_photos`). */
export const MAX_PHOTOS = 5;
