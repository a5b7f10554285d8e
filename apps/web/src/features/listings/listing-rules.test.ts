import { afterEach, describe, expect, it } from 'vitest';
import { problemText } from '@/lib/i18n/problem';
import { switchLanguage } from '@/lib/i18n/translations';
import {
  isBangladeshMobile,
  isPrice,
  PICTURE_SIZE_MESSAGE,
  PICTURE_TYPE_MESSAGE,
  pictureProblem,
  phone,
  price,
  PRICE_MESSAGE,
  publishYear,
  publishYearMessage,
  ratings,
  REQUIRED,
  reviews,
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
  afterEach(() => switchLanguage('en'));

  it('word the server’s limits as people write them: taka in lakh grouping, the picture size in MB', () => {
    expect(problemText(PRICE_MESSAGE)).toBe('Enter a whole number of taka from 1 to 5,00,000');
    expect(problemText(PICTURE_SIZE_MESSAGE)).toBe('The picture is larger than 5 MB: choose a smaller one');
    expect(problemText(publishYearMessage(2026))).toBe('Enter a year from 1450 to 2026');
  });

  it('write the limits in Bengali digits for a reader of Bangla, years without grouping', async () => {
    await switchLanguage('bn');
    expect(problemText(PRICE_MESSAGE)).toBe('১ থেকে ৫,০০,০০০ টাকার মধ্যে পুরো টাকার অঙ্ক লিখুন');
    expect(problemText(PICTURE_SIZE_MESSAGE)).toBe('ছবিটি ৫ মেগাবাইটের চেয়ে বড়: আরও ছোট একটি ছবি বেছে নিন');
    expect(problemText(publishYearMessage(2026))).toBe('১৪৫০ থেকে ২০২৬ সালের মধ্যে একটি বছর লিখুন');
  });
});

describe('the digit fields', () => {
  it('take Bengali digits and hand the server Latin ones', () => {
    expect(isPrice('৪৫০')).toBe(true);
    expect(price.parse(' ৪৫০ ')).toBe('450');
    expect(phone.parse('০১৭১২-৩৪৫৬৭৮')).toBe('01712-345678');
    expect(publishYear(2026).parse('১৯৫৬')).toBe('1956');
    expect(ratings.parse('৪.৫')).toBe('4.5');
    expect(reviews.parse('১২')).toBe('12');
  });
});
