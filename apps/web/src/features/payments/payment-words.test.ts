/// <reference types="node" />
// Node's types for this one test: it reads the generated bindings from disk, as the server last exported them.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PaymentFailureDto } from '@bindings/PaymentFailureDto';
import { problemText } from '@/lib/i18n/problem';
import { switchLanguage } from '@/lib/i18n/translations';
import { failureWords } from './payment-words';

const BINDING = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../bindings/PaymentFailureDto.ts');

/** Every reason of `export type PaymentFailureDto = "a" | "b" | ...;` in the generated file. */
function reasonsInBindings(): PaymentFailureDto[] {
  const union = /export\s+type\s+PaymentFailureDto\s*=([^;]+);/.exec(readFileSync(BINDING, 'utf8'))?.[1];
  if (!union) throw new Error(`no PaymentFailureDto union in ${BINDING}`);
  return [...union.matchAll(/"([^"]+)"/g)].map((match) => match[1] as PaymentFailureDto);
}

const FALLBACK = 'fallback';

describe('failureWords', () => {
  it('reads the reasons from bindings/PaymentFailureDto.ts', () => {
    expect(reasonsInBindings()).toContain('hold_released');
  });

  it('has words of its own in Bangla for every reason the server gives, none left to the fallback', async () => {
    await switchLanguage('bn');
    const missing = reasonsInBindings().filter((reason) => {
      const text = problemText(failureWords(reason, 'English words', FALLBACK));
      return text === FALLBACK || text === 'English words' || /[A-Za-z]/.test(text);
    });
    expect(missing, 'reasons without a Bangla text in the buying catalogue').toEqual([]);
  });

  it('says a hold that arrived after the order closed was released, nothing charged: the server\'s words in English', async () => {
    const words = 'This order was closed before the card was held, so the hold was released; nothing was charged.';
    const token = failureWords('hold_released', words, FALLBACK);
    expect(problemText(token)).toBe(words);
    await switchLanguage('bn');
    expect(problemText(token)).toBe('আপনার কার্ডে টাকা আটকানোর আগেই অর্ডারটি বন্ধ হয়ে গেছে, তাই আটকে রাখা টাকা ছেড়ে দেওয়া হয়েছে: কিছুই কাটা হয়নি।');
  });

  it("says it in the catalogue's English when the server gave no words", () => {
    expect(problemText(failureWords('hold_released', null, FALLBACK))).toBe(
      'This order closed before your card’s hold arrived, so the hold was released: nothing was charged.',
    );
  });
});
