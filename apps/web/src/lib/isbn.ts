// ISBNs as sellers type them, checked in the browser the way the server checks them, so a mistyped digit is caught
// beside the field before anything is sent. The server's check stays the one that counts.

/** Why typed text is not an ISBN, named as the server's field reason codes name it. */
export type IsbnProblem = 'invalid_isbn' | 'isbn_check_digit';

export type IsbnCheck = { ok: true; isbn13: string } | { ok: false; problem: IsbnProblem };

const SEPARATORS = new Set([' ', '-', '\u2010', '\u2011', '\u2013']);

/** A digit's value, Latin or Bengali (০-৯, which a phone's Bangla keyboard types); X counts as ten. */
function digitValue(char: string): number | null {
  if (char >= '0' && char <= '9') return char.charCodeAt(0) - 48;
  const code = char.charCodeAt(0);
  if (code >= 0x09e6 && code <= 0x09ef) return code - 0x09e6;
  return null;
}

/** The check digit of an ISBN-13's first twelve digits: weights 1 and 3 in turn, up to the next multiple of ten. */
function isbn13CheckDigit(firstTwelve: readonly number[]): number {
  const sum = firstTwelve.reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/**
 * Reads an ISBN-10 or ISBN-13 as people type it: hyphens and spaces anywhere, Latin or Bengali digits, an ISBN-10's
 * final X in either case, an "ISBN" label in front. Answers its 13 digits (an ISBN-10 becomes 978 + its first nine
 * digits + a new check digit), or why it is not one: the wrong number of digits or a prefix other than 978/979
 * (`invalid_isbn`), or a check digit that does not match the others, which means a digit was mistyped
 * (`isbn_check_digit`).
 */
export function checkIsbn(typed: string): IsbnCheck {
  let text = typed.trim();
  if (/^isbn/i.test(text)) text = text.slice(4);
  text = text.replace(/^[: ]+/, '');
  const digits: number[] = [];
  let xAt: number | null = null;
  for (const char of text) {
    if (SEPARATORS.has(char)) continue;
    if (char === 'X' || char === 'x') {
      xAt = digits.length;
      digits.push(10);
      continue;
    }
    const value = digitValue(char);
    if (value === null) return { ok: false, problem: 'invalid_isbn' };
    digits.push(value);
  }
  if (digits.length === 10) {
    // X stands for ten, and only as the check digit.
    if (xAt !== null && xAt !== 9) return { ok: false, problem: 'invalid_isbn' };
    const sum = digits.reduce((total, digit, index) => total + digit * (10 - index), 0);
    if (sum % 11 !== 0) return { ok: false, problem: 'isbn_check_digit' };
    const thirteen = [9, 7, 8, ...digits.slice(0, 9)];
    return { ok: true, isbn13: [...thirteen, isbn13CheckDigit(thirteen)].join('') };
  }
  if (digits.length === 13 && xAt === null) {
    const prefix = digits.slice(0, 3).join('');
    if (prefix !== '978' && prefix !== '979') return { ok: false, problem: 'invalid_isbn' };
    if (isbn13CheckDigit(digits.slice(0, 12)) !== digits[12]) return { ok: false, problem: 'isbn_check_digit' };
    return { ok: true, isbn13: digits.join('') };
  }
  return { ok: false, problem: 'invalid_isbn' };
}

/**
 * An ISBN-13 for reading: the prefix, the middle and the check digit apart (978-984901234-4). Where the publisher's
 * part ends inside the middle depends on the ISBN agency's range tables, which are not worth shipping to every phone;
 * the prefix and the check digit are always where they are shown.
 */
export function formatIsbn(isbn13: string): string {
  if (!/^\d{13}$/.test(isbn13)) return isbn13;
  return `${isbn13.slice(0, 3)}-${isbn13.slice(3, 12)}-${isbn13.slice(12)}`;
}
