import { afterEach, describe, expect, it } from 'vitest';
import { problem, problemText, serverWords, textToken } from './problem';
import { switchLanguage } from './translations';

describe('messages made before their language is known', () => {
  afterEach(() => switchLanguage('en'));

  it('read a form rule in the language on screen, numbers in its digits', async () => {
    expect(problemText(problem('required'))).toBe('This field is required');
    expect(problemText(problem('tooLong', { max: 1200 }))).toBe('At most 1,200 characters');
    await switchLanguage('bn');
    expect(problemText(problem('required'))).toBe('এই ঘরটি পূরণ করতে হবে');
    expect(problemText(problem('tooLong', { max: 1200 }))).toBe('সর্বোচ্চ ১,২০০টি অক্ষর');
  });

  it('write strings of digits in the reader digits without grouping them', async () => {
    await switchLanguage('bn');
    expect(problemText(textToken('common:validation.tooLong', { max: '2026' }))).toBe('সর্বোচ্চ ২০২৬টি অক্ষর');
  });

  it("show the server's English words to a reader of English, the catalogue's text to anyone else", async () => {
    const message = serverWords('common:validation.required', 'phone: this field is required');
    expect(problemText(message)).toBe('phone: this field is required');
    await switchLanguage('bn');
    expect(problemText(message)).toBe('এই ঘরটি পূরণ করতে হবে');
  });

  it('leave any other message as it is', async () => {
    await switchLanguage('bn');
    expect(problemText('Someone else has just ordered this book.')).toBe('Someone else has just ordered this book.');
  });
});
