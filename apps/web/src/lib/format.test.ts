import { describe, expect, it } from 'vitest';
import { formatRating, formatReviews, formatTaka } from './format';

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
});
