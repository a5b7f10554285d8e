import { describe, expect, it } from 'vitest';
import { checkIsbn, formatIsbn } from './isbn';

describe('checkIsbn', () => {
  it('reads an ISBN-13 with or without hyphens, spaces or a label, as its 13 digits', () => {
    expect(checkIsbn('978-0-306-40615-7')).toEqual({ ok: true, isbn13: '9780306406157' });
    expect(checkIsbn('9780306406157')).toEqual({ ok: true, isbn13: '9780306406157' });
    expect(checkIsbn('ISBN: 978 0 306 40615 7')).toEqual({ ok: true, isbn13: '9780306406157' });
    expect(checkIsbn('979-10-90636-07-1')).toEqual({ ok: true, isbn13: '9791090636071' });
  });

  it('converts an ISBN-10 to its ISBN-13, with X as its check digit in either case', () => {
    expect(checkIsbn('0-306-40615-2')).toEqual({ ok: true, isbn13: '9780306406157' });
    expect(checkIsbn('0-253-20181-0')).toEqual({ ok: true, isbn13: '9780253201812' });
    expect(checkIsbn('ISBN 0-8044-2957-X')).toEqual({ ok: true, isbn13: '9780804429573' });
    expect(checkIsbn('080442957x')).toEqual({ ok: true, isbn13: '9780804429573' });
  });

  it('reads Bengali digits as a Bangla keyboard types them', () => {
    expect(checkIsbn('৯৭৮-০-৩০৬-৪০৬১৫-৭')).toEqual({ ok: true, isbn13: '9780306406157' });
    expect(checkIsbn('০-৩০৬-৪০৬১৫-২')).toEqual({ ok: true, isbn13: '9780306406157' });
  });

  it('says a digit is mistyped when the check digit does not match', () => {
    expect(checkIsbn('978-0-306-40615-8')).toEqual({ ok: false, problem: 'isbn_check_digit' });
    expect(checkIsbn('0-306-40615-3')).toEqual({ ok: false, problem: 'isbn_check_digit' });
    expect(checkIsbn('0-253-20181-X'), 'X where the check digit is 0').toEqual({ ok: false, problem: 'isbn_check_digit' });
    expect(checkIsbn('৯৭৮-০-৩০৬-৪০৬১৫-৮')).toEqual({ ok: false, problem: 'isbn_check_digit' });
  });

  it('refuses what is no ISBN at all: the wrong length, a stray X or letter, a prefix other than 978/979', () => {
    expect(checkIsbn('978-0-306-4061')).toEqual({ ok: false, problem: 'invalid_isbn' });
    expect(checkIsbn('abc')).toEqual({ ok: false, problem: 'invalid_isbn' });
    expect(checkIsbn('X-253-20181-0'), 'X only as the check digit').toEqual({ ok: false, problem: 'invalid_isbn' });
    expect(checkIsbn('978030640615X'), 'no X in an ISBN-13').toEqual({ ok: false, problem: 'invalid_isbn' });
    expect(checkIsbn('123-0-253-20181-2')).toEqual({ ok: false, problem: 'invalid_isbn' });
    expect(checkIsbn('')).toEqual({ ok: false, problem: 'invalid_isbn' });
  });
});

describe('formatIsbn', () => {
  it('sets the prefix and the check digit apart', () => {
    expect(formatIsbn('9789849012344')).toBe('978-984901234-4');
    expect(formatIsbn('not an isbn')).toBe('not an isbn');
  });
});
