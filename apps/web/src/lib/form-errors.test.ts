import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-client';
import { applyFieldErrors } from './form-errors';

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
