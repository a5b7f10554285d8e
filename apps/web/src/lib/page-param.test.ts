import { describe, expect, it } from 'vitest';
import { pageCount, parsePage } from './page-param';

describe('parsePage', () => {
  it('accepts positive integers and falls back to 1 otherwise', () => {
    expect(parsePage('3')).toBe(3);
    for (const raw of [null, '', '0', '-2', '1.5', 'abc']) expect(parsePage(raw)).toBe(1);
  });
});

describe('pageCount', () => {
  it('rounds up, and an empty list has one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
