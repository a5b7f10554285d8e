import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-client';
import { applyFieldErrors, fieldMessage } from './form-errors';
import { problemText } from './i18n/problem';
import { switchLanguage } from './i18n/translations';

interface BookForm {
  title: string;
  resalePrice: number;
  sellerName: string;
}

function bookForm() {
  return renderHook(() => useForm<BookForm>({ defaultValues: { title: '', resalePrice: 0, sellerName: '' } })).result;
}

function errorNames(form: UseFormReturn<BookForm>): string[] {
  return (['title', 'resalePrice', 'sellerName'] as const).filter((name) => form.getFieldState(name).error !== undefined);
}

const invalid = new ApiError(422, 'validation_failed', 'resalePrice: must be more than 0 (and 1 more)', {
  resalePrice: 'must be more than 0',
  sellerName: 'This field is required',
});

describe('applyFieldErrors', () => {
  it("puts each of the server's field messages on the form field of the same name", () => {
    const form = bookForm();
    let applied = false;
    act(() => {
      applied = applyFieldErrors(invalid, form.current.setError);
    });
    expect(applied).toBe(true);
    expect(form.current.getFieldState('resalePrice').error).toMatchObject({ type: 'server', message: 'must be more than 0' });
    expect(form.current.getFieldState('sellerName').error?.message).toBe('This field is required');
    expect(form.current.getFieldState('title').error).toBeUndefined();
  });

  it('leaves out fields the form does not show, and says so when none is left', () => {
    const form = bookForm();
    let applied = true;
    act(() => {
      applied = applyFieldErrors(invalid, form.current.setError, { fields: ['title'] });
    });
    expect(applied).toBe(false);
    expect(errorNames(form.current)).toEqual([]);

    act(() => {
      applied = applyFieldErrors(invalid, form.current.setError, { fields: ['title', 'sellerName'] });
    });
    expect(applied).toBe(true);
    expect(errorNames(form.current)).toEqual(['sellerName']);
  });

  it('does nothing for other errors', () => {
    const form = bookForm();
    for (const error of [
      new ApiError(409, 'book_unavailable', 'Someone else ordered this book.'),
      new ApiError(422, 'validation_failed', 'The request is invalid.'),
      new Error('boom'),
      null,
    ]) {
      expect(applyFieldErrors(error, form.current.setError)).toBe(false);
    }
    expect(errorNames(form.current)).toEqual([]);
  });
});

describe('fieldMessage', () => {
  const refused = new ApiError(
    422,
    'validation_failed',
    'title: at most 200 characters are allowed, got 240',
    {
      title: 'at most 200 characters are allowed, got 240',
      resalePrice: 'a price must be at most 500000 taka, got 600000',
      publishYear: 'the publish year must be from 1450 to 2026',
      phone: 'not a Bangladesh mobile number',
    },
    {
      title: { code: 'too_long', limit: 200 },
      resalePrice: { code: 'out_of_range', min: 1, max: 500000 },
      publishYear: { code: 'out_of_range', min: 1450, max: 2026 },
    },
  );
  afterEach(() => switchLanguage('en'));

  it("gives a reader of English the server's own words", () => {
    expect(problemText(fieldMessage(refused, 'title') ?? '')).toBe('at most 200 characters are allowed, got 240');
    expect(problemText(fieldMessage(refused, 'resalePrice') ?? '')).toBe('a price must be at most 500000 taka, got 600000');
  });

  it("gives a reader of Bangla the reason's text, its bounds in Bengali digits (years ungrouped)", async () => {
    await switchLanguage('bn');
    expect(problemText(fieldMessage(refused, 'title') ?? '')).toBe('সর্বোচ্চ ২০০টি অক্ষর');
    expect(problemText(fieldMessage(refused, 'resalePrice') ?? '')).toBe('১ থেকে ৫,০০,০০০-এর মধ্যে একটি সংখ্যা লিখুন');
    expect(problemText(fieldMessage(refused, 'publishYear') ?? '')).toBe('১৪৫০ থেকে ২০২৬-এর মধ্যে একটি সংখ্যা লিখুন');
  });

  it('keeps the words of a field without a reason, and has nothing for a field the answer does not name', async () => {
    await switchLanguage('bn');
    expect(fieldMessage(refused, 'phone')).toBe('not a Bangladesh mobile number');
    expect(fieldMessage(refused, 'author')).toBeUndefined();
  });
});
