import { describe, expect, it } from 'vitest';
import {
  bengaliDigits,
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatNumber,
  formatPercent,
  formatRating,
  formatReviews,
  formatTaka,
  latinDigits,
} from './format';

describe('formatTaka', () => {
  it('puts the amount before the taka sign', () => {
    expect(formatTaka(220)).toBe('220 ৳');
    expect(formatTaka(0)).toBe('0 ৳');
  });

  it('groups thousands, the Bangladeshi way for lakhs', () => {
    expect(formatTaka(1200)).toBe('1,200 ৳');
    expect(formatTaka(100000)).toBe('1,00,000 ৳');
  });

  it('uses U+09F3 BENGALI RUPEE SIGN', () => {
    expect(formatTaka(5).endsWith('\u09F3')).toBe(true);
  });
});

describe('formatRating and formatReviews', () => {
  it('always shows one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.85)).toMatch(/^4\.[89]$/);
  });

  it('says "N reviews", singular for one', () => {
    expect(formatReviews(356)).toBe('356 reviews');
    expect(formatReviews(1)).toBe('1 review');
    expect(formatReviews(0)).toBe('0 reviews');
  });

  it('says "Nটি রিভিউ" in Bangla, one form for any number, in Bengali digits', () => {
    expect(formatReviews(1, 'bn')).toBe('১টি রিভিউ');
    expect(formatReviews(42, 'bn')).toBe('৪২টি রিভিউ');
    expect(formatReviews(1200, 'bn')).toBe('১,২০০টি রিভিউ');
  });
});

describe('in Bangla', () => {
  it('writes money in Bengali digits with the lakh grouping, the taka sign after the amount as in English', () => {
    expect(formatTaka(1234567, 'bn')).toBe('১২,৩৪,৫৬৭ ৳');
    expect(formatTaka(1200, 'bn')).toBe('১,২০০ ৳');
    expect(formatTaka(0, 'bn')).toBe('০ ৳');
  });

  it('writes negative numbers and ratings in Bengali digits', () => {
    expect(formatNumber(-4500, 'bn')).toBe('-৪,৫০০');
    expect(formatNumber(-4500)).toBe('-4,500');
    expect(formatRating(4.5, 'bn')).toBe('৪.৫');
  });

  it('writes dates with Bangla month names and digits', () => {
    expect(formatDate('2026-03-05T10:00:00Z', 'bn')).toBe('৫ মার্চ, ২০২৬');
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('5 March 2026');
    expect(formatDate('not a date', 'bn')).toBe('');
  });
});

describe('digits typed either way', () => {
  it('reads Bengali digits as Latin ones and leaves everything else alone', () => {
    expect(latinDigits('০১৭১৫৩৮৪৯২৬')).toBe('01715384926');
    expect(latinDigits('+৮৮০ 1715-384926')).toBe('+880 1715-384926');
    expect(latinDigits('দাম ১২০০')).toBe('দাম 1200');
  });

  it('round-trips through Bengali digits', () => {
    expect(bengaliDigits('2026')).toBe('২০২৬');
    expect(latinDigits(bengaliDigits('0123456789'))).toBe('0123456789');
  });
});

describe('formatDateTime', () => {
  // The tests run in Bangladesh's time zone (vite.config.ts): 10:05 UTC is 4:05 in the afternoon in Dhaka.
  const AFTERNOON = '2026-11-24T10:05:00+00:00';

  it('says the weekday, the date and the time of day, in the reader\'s time zone', () => {
    expect(formatDateTime(AFTERNOON)).toBe('Tuesday 24 November, 4:05 pm');
  });

  it('names the part of the day before the time in Bangla, all in Bengali script and digits', () => {
    const bangla = formatDateTime(AFTERNOON, 'bn');
    expect(bangla).toBe('২৪ নভেম্বর, মঙ্গলবার, বিকাল ৪:০৫');
    expect(bangla).not.toMatch(/[A-Za-z0-9]/);
    // Early morning is dawn, not "AM".
    expect(formatDateTime('2026-11-24T23:30:00+00:00', 'bn')).toBe('২৫ নভেম্বর, বুধবার, ভোর ৫:৩০');
  });

  it('is empty for a moment that does not parse', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime('', 'bn')).toBe('');
  });
});

describe('formatMonthYear and formatPercent', () => {
  it('write when a seller joined and their completion rate in the reader\'s digits', () => {
    expect(formatMonthYear('2026-03-14T09:00:00Z')).toBe('March 2026');
    expect(formatMonthYear('2026-03-14T09:00:00Z', 'bn')).toBe('মার্চ ২০২৬');
    expect(formatMonthYear('not a date')).toBe('');
    expect(formatPercent(92)).toBe('92%');
    expect(formatPercent(100, 'bn')).toBe('১০০%');
  });
});
