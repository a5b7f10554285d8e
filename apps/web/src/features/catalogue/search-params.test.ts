import { describe, expect, it } from 'vitest';
import { cleanQuery } from './api/search-books';
import { problemText } from '@/lib/i18n/problem';
import { switchLanguage } from '@/lib/i18n/translations';
import { MAX_FILTER_PRICE, PRICE_MESSAGES, parsePriceRange, readSearch, writeSearch, type SearchFilters } from './search-params';

const POETRY_ID = '11111111-1111-4111-8111-111111111111';

function read(query: string): SearchFilters {
  return readSearch(new URLSearchParams(query));
}

describe('a search in the URL', () => {
  it('round-trips every choice through the URL', () => {
    const filters: SearchFilters = {
      q: 'পথের পাঁচালী',
      categoryId: POETRY_ID,
      minPrice: 0,
      maxPrice: 500,
      condition: 'very_good',
      language: 'bn',
      sort: 'price_asc',
      page: 3,
    };
    const query = writeSearch(filters).toString();
    expect(read(query)).toEqual(filters);
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      q: 'পথের পাঁচালী',
      categoryId: POETRY_ID,
      minPrice: '0',
      maxPrice: '500',
      condition: 'very_good',
      language: 'bn',
      sort: 'price_asc',
      page: '3',
    });
  });

  it('leaves out what is unset or the default, so a plain search is just ?q=', () => {
    expect(writeSearch({ q: 'apu', categoryId: null, minPrice: null, maxPrice: null, condition: null, language: null, sort: 'relevance', page: 1 }).toString()).toBe('q=apu');
    expect(writeSearch({ q: '', categoryId: null, minPrice: null, maxPrice: null, condition: null, language: null, sort: 'newest', page: 1 }).toString()).toBe('');
    // Newest is the default only without words.
    expect(writeSearch({ q: 'apu', categoryId: null, minPrice: null, maxPrice: null, condition: null, language: null, sort: 'newest', page: 1 }).toString()).toBe('q=apu&sort=newest');
  });

  it('orders by relevance with words and by newest without, whatever the URL asks for', () => {
    expect(read('q=apu').sort).toBe('relevance');
    expect(read('').sort).toBe('newest');
    expect(read('sort=relevance').sort, 'no words to be relevant to').toBe('newest');
    expect(read('q=apu&sort=cheapest').sort).toBe('relevance');
    expect(read('q=apu&sort=price_desc').sort).toBe('price_desc');
  });

  it('leaves out what the server would refuse: malformed prices and categories, an upside-down range, pages out of range', () => {
    expect(read('minPrice=12.5&maxPrice=-3')).toMatchObject({ minPrice: null, maxPrice: null });
    expect(read(`maxPrice=${MAX_FILTER_PRICE + 1}`).maxPrice).toBeNull();
    expect(read('minPrice=500&maxPrice=100')).toMatchObject({ minPrice: null, maxPrice: null });
    expect(read('categoryId=poetry').categoryId).toBeNull();
    expect(read('condition=mint&language=fr'), 'a grade or language the server does not know').toMatchObject({ condition: null, language: null });
    expect(read('page=0').page).toBe(1);
    expect(read('page=abc').page).toBe(1);
    expect(read('page=100000').page, 'the server counts 10,000 results: 417 pages of 24').toBe(417);
  });

  it('trims the words and cuts them at 200 characters, counted as the server counts them', () => {
    expect(read('q=%20%20apu%20').q).toBe('apu');
    const bangla = 'অ'.repeat(250);
    expect(Array.from(cleanQuery(bangla))).toHaveLength(200);
    const emoji = '📚'.repeat(201);
    expect(Array.from(cleanQuery(emoji)), 'an emoji is one character, two UTF-16 units').toHaveLength(200);
  });
});

describe('the price range typed in', () => {
  it('takes whole taka, either bound alone, or none', () => {
    expect(parsePriceRange(' 100 ', '250')).toEqual({ ok: true, minPrice: 100, maxPrice: 250 });
    expect(parsePriceRange('', '250')).toEqual({ ok: true, minPrice: null, maxPrice: 250 });
    expect(parsePriceRange('0', '')).toEqual({ ok: true, minPrice: 0, maxPrice: null });
    expect(parsePriceRange('', '')).toEqual({ ok: true, minPrice: null, maxPrice: null });
    expect(parsePriceRange('200', '200')).toEqual({ ok: true, minPrice: 200, maxPrice: 200 });
    expect(parsePriceRange('১০০', '২৫০'), 'Bengali digits').toEqual({ ok: true, minPrice: 100, maxPrice: 250 });
  });

  it('refuses what is not whole taka, too high a price and a lowest price above the highest, naming the field', () => {
    expect(parsePriceRange('12.5', '')).toEqual({ ok: false, field: 'minPrice', message: PRICE_MESSAGES.notWhole });
    expect(parsePriceRange('', '-5')).toEqual({ ok: false, field: 'maxPrice', message: PRICE_MESSAGES.notWhole });
    expect(parsePriceRange('1e3', '')).toEqual({ ok: false, field: 'minPrice', message: PRICE_MESSAGES.notWhole });
    expect(parsePriceRange('', String(MAX_FILTER_PRICE + 1))).toEqual({ ok: false, field: 'maxPrice', message: PRICE_MESSAGES.tooHigh });
    expect(parsePriceRange('500', '100')).toEqual({ ok: false, field: 'maxPrice', message: PRICE_MESSAGES.upsideDown });
  });

  it('words its refusals in the language on screen, amounts in its digits', async () => {
    expect(problemText(PRICE_MESSAGES.notWhole)).toBe('Enter a whole number of taka, like 250.');
    expect(problemText(PRICE_MESSAGES.tooHigh)).toBe('Enter at most 5,00,000 ৳.');
    expect(problemText(PRICE_MESSAGES.upsideDown)).toBe('The lowest price must not be more than the highest.');
    await switchLanguage('bn');
    expect(problemText(PRICE_MESSAGES.notWhole)).toBe('টাকার অঙ্কটি পূর্ণ সংখ্যায় লিখুন, যেমন ২৫০।');
    expect(problemText(PRICE_MESSAGES.tooHigh)).toBe('সর্বোচ্চ ৫,০০,০০০ ৳ লিখতে পারেন।');
    expect(problemText(PRICE_MESSAGES.upsideDown)).toBe('সর্বনিম্ন দাম সর্বোচ্চ দামের চেয়ে বেশি হতে পারবে না।');
  });
});
