import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { pageTitle, useDocumentTitle } from './use-document-title';

describe('useDocumentTitle', () => {
  it('sets "<title> · Puronoboi"', () => {
    renderHook(() => useDocumentTitle('Shop'));
    expect(document.title).toBe('Shop · Puronoboi');
  });

  it('falls back to the brand alone', () => {
    expect(pageTitle()).toBe('Puronoboi');
  });
});
