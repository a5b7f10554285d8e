import { describe, expect, it } from 'vitest';
import {
  isBangladeshMobile,
  isPrice,
  PICTURE_SIZE_MESSAGE,
  PICTURE_TYPE_MESSAGE,
  pictureProblem,
  PRICE_MESSAGE,
  publishYearMessage,
  REQUIRED,
} from './listing-rules';

function file(type: string, size = 1000): File {
  const picked = new File(['x'], 'picked', { type });
  Object.defineProperty(picked, 'size', { value: size });
  return picked;
}

describe('isBangladeshMobile', () => {
  it('takes 01[3-9] and 8 digits, with +880 or 880 in front, spaces or dashes anywhere', () => {
    for (const raw of ['01712345678', '01712-345678', '+8801712345678', '8801712345678', '+880 1712-345 678', '+88001712345678', ' 019 1234 5678 ']) {
      expect(isBangladeshMobile(raw), raw).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const raw of ['', '0171234567', '017123456789', '01212345678', '02712345678', '+8811712345678', '0171234567a', '+880']) {
      expect(isBangladeshMobile(raw), raw).toBe(false);
    }
  });
});

describe('isPrice', () => {
  it('takes whole taka from 1 to 5,00,000', () => {
    for (const raw of ['1', '250', ' 500000 ']) expect(isPrice(raw), raw).toBe(true);
    for (const raw of ['0', '500001', '12.5', '-3', 'abc', '']) expect(isPrice(raw), raw).toBe(false);
  });
});

describe('pictureProblem', () => {
  it('wants a JPEG, PNG or WebP of at most 5 MB', () => {
    expect(pictureProblem(undefined)).toBe(REQUIRED);
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(pictureProblem(file(type))).toBeNull();
    expect(pictureProblem(file('image/gif'))).toBe(PICTURE_TYPE_MESSAGE);
    expect(pictureProblem(file('application/pdf'))).toBe(PICTURE_TYPE_MESSAGE);
    expect(pictureProblem(file('image/png', 5 * 1024 * 1024))).toBeNull();
    expect(pictureProblem(file('image/png', 5 * 1024 * 1024 + 1))).toBe(PICTURE_SIZE_MESSAGE);
  });
});

describe('the messages', () => {
  it('word the server’s limits as people write them: taka in lakh grouping, the picture size in MB', () => {
    expect(PRICE_MESSAGE).toBe('Enter a whole number of taka from 1 to 5,00,000');
    expect(PICTURE_SIZE_MESSAGE).toBe('The picture is larger than 5 MB: choose a smaller one');
    expect(publishYearMessage(2026)).toBe('Enter a year from 1450 to 2026');
  });
});
