import type { Language } from './language';
import type { en } from './catalogue-en';

/** A catalogue's shape: every key of the English one, each text a string. A language that misses or misspells a key
 * fails the type check. */
export type Catalogue = Texts<typeof en>;
type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** The one catalogue a visitor reads, fetched on its own (a visitor downloads one language, not both). */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  return language === 'bn' ? (await import('./catalogue-bn')).bn : (await import('./catalogue-en')).en;
}
