import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { switchLanguage } from './i18n/translations';
import { pageTitle, useDocumentTitle } from './use-document-title';

describe('useDocumentTitle', () => {
  it('sets "<title> · Puronoboi"', () => {
    renderHook(() => useDocumentTitle('Shop'));
    expect(document.title).toBe('Shop · Puronoboi');
  });

  it('falls back to the brand alone', () => {
    expect(pageTitle()).toBe('Puronoboi');
  });

  it('writes the brand as the reader\'s language does, and follows a switch', async () => {
    const { rerender } = renderHook(({ title }) => useDocumentTitle(title), { initialProps: { title: 'Shop' } });
    await act(() => switchLanguage('bn'));
    rerender({ title: 'দোকান' });
    expect(document.title).toBe('দোকান · পুরনো বই');
  });
});
