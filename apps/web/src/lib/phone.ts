import { latinDigits } from './format';
import { problem } from './i18n/problem';

/**
 * What every form says about a phone number that is not a Bangladesh mobile (the server words it the same way):
 * "Enter a Bangladesh mobile number, e.g. 01712-345678", as a token the field shows in the reader's language.
 */
export const PHONE_MESSAGE = problem('phone');

/**
 * A Bangladesh mobile number: 01, an operator digit from 3 to 9, then 8 digits; also written with +880 or 880 in
 * front, and with spaces or dashes anywhere, in Latin or Bengali digits. The server applies the same rule and has the
 * last word.
 */
export function isBangladeshMobile(raw: string): boolean {
  const compact = latinDigits(raw.trim()).replace(/[\s-]/g, '');
  const international = /^\+?880(.*)$/.exec(compact);
  const national = international ? `0${(international[1] ?? '').replace(/^0/, '')}` : compact;
  return /^01[3-9]\d{8}$/.test(national);
}
