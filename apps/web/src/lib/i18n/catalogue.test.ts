import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, NAMESPACES } from './catalogue';

/** Every key of a catalogue, as "section.key" paths, with its text. */
function texts(catalogue: object, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (value !== null && typeof value === 'object') {
      for (const [path, text] of texts(value, `${prefix}${key}.`)) found.set(path, text);
    } else {
      found.set(`${prefix}${key}`, value);
    }
  }
  return found;
}

/** Every key of every part's catalogue in `language`, as "part:section.key". */
async function allTexts(language: 'bn' | 'en'): Promise<Map<string, unknown>> {
  const found = new Map<string, unknown>();
  for (const namespace of NAMESPACES) {
    for (const [path, text] of texts(await loadCatalogue(language, namespace))) found.set(`${namespace}:${path}`, text);
  }
  return found;
}

describe('the catalogues', () => {
  let english = new Map<string, unknown>();
  let bangla = new Map<string, unknown>();
  beforeAll(async () => {
    [english, bangla] = await Promise.all([allTexts('en'), allTexts('bn')]);
  });

  it('have the same keys in both languages', () => {
    expect([...bangla.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !bangla.has(key))).toEqual([]);
  });

  it('hold a non-empty text for every key', () => {
    for (const [key, text] of [...english, ...bangla]) {
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
    }
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, text] of english) {
      expect(placeholders(bangla.get(key)), key).toEqual(placeholders(text));
    }
  });

  it('write Bangla in Bengali script: no Latin word but the names people know (X, Twitter; the picture formats JPEG, PNG, WebP)', () => {
    const allowed = new Set(['X', 'Twitter', 'JPEG', 'PNG', 'WebP', 'Stripe', 'Puronoboi']);
    for (const [key, text] of bangla) {
      const latin = String(text)
        .replace(/{{\s*\w+\s*}}/g, '')
        .match(/[A-Za-z]+/g);
      expect((latin ?? []).filter((word) => !allowed.has(word)), key).toEqual([]);
    }
  });
});
