import { describe, expect, it } from 'vitest';
import { initialLanguage, languageOf } from './language';

describe('the first language', () => {
  it('is the visitor’s own choice when one is kept', () => {
    expect(initialLanguage('bn', ['en-US'])).toBe('bn');
    expect(initialLanguage('en', ['bn-BD'])).toBe('en');
  });

  it('otherwise follows the first browser language the app has', () => {
    expect(initialLanguage(null, ['bn-BD', 'en'])).toBe('bn');
    expect(initialLanguage(null, ['bn'])).toBe('bn');
    expect(initialLanguage(null, ['fr-FR', 'bn-IN', 'en'])).toBe('bn');
    expect(initialLanguage(null, ['en-GB', 'bn'])).toBe('en');
  });

  it('is English when the browser asks for neither, or a kept choice is not a language', () => {
    expect(initialLanguage(null, ['fr-FR', 'de'])).toBe('en');
    expect(initialLanguage(null, [])).toBe('en');
    expect(initialLanguage('klingon', ['fr'])).toBe('en');
  });

  it('reads language tags whatever their case or separator', () => {
    expect(languageOf('BN_bd')).toBe('bn');
    expect(languageOf(' en-us ')).toBe('en');
    expect(languageOf('bng')).toBeUndefined();
  });
});
