// The texts, in catalogues: one per language and part of the app (a namespace), each a chunk of its own. A visitor
// downloads one language, and of it only the parts they open: `common` (the navigation, the home page, what every
// page shares) at start, the others with the pages that use them (src/app/routes.tsx asks for them with the page's
// code).

import type { Language } from './language';
import type { common } from './texts/common-en';
import type { shop } from './texts/shop-en';
import type { auth } from './texts/auth-en';
import type { dashboard } from './texts/dashboard-en';
import type { blog } from './texts/blog-en';
import type { buying } from './texts/buying-en';
import type { reviews } from './texts/reviews-en';
import type { reports } from './texts/reports-en';

export const NAMESPACES = ['common', 'shop', 'auth', 'dashboard', 'buying', 'blog', 'reviews', 'reports'] as const;
/** A part of the app with a catalogue of its own. */
export type Namespace = (typeof NAMESPACES)[number];

/** The English catalogues: the source every other language follows, key for key. */
export interface EnglishTexts {
  common: typeof common;
  shop: typeof shop;
  auth: typeof auth;
  dashboard: typeof dashboard;
  buying: typeof buying;
  blog: typeof blog;
  reviews: typeof reviews;
  reports: typeof reports;
}

/** A catalogue's shape in another language: every key of the English one, each text a string. A language that misses
 * or misspells a key fails the type check. */
export type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export type Catalogue<N extends Namespace = Namespace> = Texts<EnglishTexts[N]>;

// Spelt out (not a template path) so that each catalogue is its own chunk, named after its file.
const loaders: { [L in Language]: { [N in Namespace]: () => Promise<Catalogue<N>> } } = {
  en: {
    common: async () => (await import('./texts/common-en')).common,
    shop: async () => (await import('./texts/shop-en')).shop,
    auth: async () => (await import('./texts/auth-en')).auth,
    dashboard: async () => (await import('./texts/dashboard-en')).dashboard,
    buying: async () => (await import('./texts/buying-en')).buying,
    blog: async () => (await import('./texts/blog-en')).blog,
    reviews: async () => (await import('./texts/reviews-en')).reviews,
    reports: async () => (await import('./texts/reports-en')).reports,
  },
  bn: {
    common: async () => (await import('./texts/common-bn')).common,
    shop: async () => (await import('./texts/shop-bn')).shop,
    auth: async () => (await import('./texts/auth-bn')).auth,
    dashboard: async () => (await import('./texts/dashboard-bn')).dashboard,
    buying: async () => (await import('./texts/buying-bn')).buying,
    blog: async () => (await import('./texts/blog-bn')).blog,
    reviews: async () => (await import('./texts/reviews-bn')).reviews,
    reports: async () => (await import('./texts/reports-bn')).reports,
  },
};

/** One part's catalogue in one language (the browser fetches each chunk once). */
export function loadCatalogue<N extends Namespace = 'common'>(
  language: Language,
  namespace: N = 'common' as N,
): Promise<Catalogue<N>> {
  return loaders[language][namespace]();
}
