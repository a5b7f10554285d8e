// Messages made where no language is known yet: a zod schema is built once, when its module loads; an error is turned
// into a message when it happens, and kept in state while the reader may switch language. Such a message is a token
// naming a text in a catalogue (`namespace:path.to.text`) with the values for its placeholders; whatever shows it
// (FieldMessages, FormAlert, ...) reads it in the language on screen at that moment, through `problemText`. Any other
// message (a text the server wrote, say) is shown as it is.

import i18next from 'i18next';
import type { TFunction } from 'i18next';
import type { Catalogue } from './catalogue';
import { bengaliDigits, formatNumber } from '../format';
import { currentLanguage } from './translations';

export type ProblemKey = keyof Catalogue<'common'>['validation'];
type Values = Readonly<Record<string, string | number>>;

const TOKEN = 'i18n:';
/** The value of a token that holds the server's own English words: shown as they are to a reader of English. */
const SERVER_WORDS = 'serverWords';

/** A message naming the text `key` ("namespace:path.to.text"), with `values` for its placeholders. */
export function textToken(key: string, values: Values = {}): string {
  return Object.keys(values).length === 0 ? `${TOKEN}${key}` : `${TOKEN}${key}?${JSON.stringify(values)}`;
}

/** The message of a form rule: the common text `validation.<key>`, with `values` for its placeholders. */
export function problem(key: ProblemKey, values: Values = {}): string {
  return textToken(`common:validation.${key}`, values);
}

/**
 * A message the server wrote in English, with the text that says the same in the catalogue (`key`): a reader of
 * English reads the server's words (often more precise: "at most 3 unpaid orders"), any other reader the text.
 */
export function serverWords(key: string, words: string, values: Values = {}): string {
  return textToken(key, { ...values, [SERVER_WORDS]: words });
}

export function isTextToken(message: string): boolean {
  return message.startsWith(TOKEN);
}

/**
 * A message as the reader reads it: a token in the current language, anything else as is. Numbers in the values are
 * grouped in the reader's digits (1,200; ১,২০০); strings of digits are only written in them (a year: 2026, ২০২৬). `t`
 * is the caller's, so that the caller re-renders when the language changes.
 */
export function problemText(message: string, t?: TFunction<'common'>): string {
  if (!isTextToken(message)) return message;
  const rest = message.slice(TOKEN.length);
  const split = rest.indexOf('?');
  const key = split < 0 ? rest : rest.slice(0, split);
  const values: Values = split < 0 ? {} : (JSON.parse(rest.slice(split + 1)) as Values);
  const language = currentLanguage();
  const words = values[SERVER_WORDS];
  if (language === 'en' && typeof words === 'string' && words.trim() !== '') return words;
  const shown = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'number' ? formatNumber(value, language) : language === 'bn' ? bengaliDigits(value) : value,
    ]),
  );
  // Any key of any catalogue: i18next's types check only literal keys.
  const translate = (t ?? i18next.t) as unknown as (key: string, values: Values) => string;
  return translate(key, shown);
}
