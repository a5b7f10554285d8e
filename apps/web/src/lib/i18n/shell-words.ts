// The words index.html carries before the app's code has arrived: the page's description and the names of the bar
// it draws (the landmark and the logo link). index.html holds them in English; boot.ts puts the visitor's language in
// place at once, so that a screen reader never announces English to a reader of Bangla while the app loads. The
// `common` catalogues name the bar the app draws with the same words (a test keeps them equal).
import type { Language } from './language';

export interface ShellWords {
  description: string;
  navigation: string;
  brandHome: string;
}

export const SHELL_WORDS: Readonly<Record<Language, ShellWords>> = {
  en: {
    description: 'Puronoboi: buy and sell used books across Bangladesh. Textbooks, literature and more at fair prices in taka.',
    navigation: 'Main',
    brandHome: 'Puronoboi home',
  },
  bn: {
    description: 'পুরনো বই: সারা বাংলাদেশে পুরোনো বই কেনা-বেচা। পাঠ্যবই, সাহিত্য আর আরও অনেক বই, ন্যায্য দামে, টাকায়।',
    navigation: 'প্রধান',
    // The logo reads "Puronoboi", and a link's name must hold its visible text (voice control says what it sees).
    brandHome: 'Puronoboi: প্রথম পাতা',
  },
};

/**
 * The cookie that tells the server the language the app shows in this browser: it draws a page's first screen in it
 * before the app's code has arrived (crates/http/src/pages.rs reads it). A year, like the choice kept in local storage.
 */
export const LANGUAGE_COOKIE = 'puronoboi_language';

/**
 * Sets `<html lang>` and words the page's description in `language`, and the bar index.html drew while it is still
 * there (marked `data-shell`; the app's own bar is named by the app). Keeps `language` in the cookie the server reads,
 * and takes away a first screen the server drew in the other language (the app's own follows at once), so that a reader
 * never sees the page change language.
 */
export function showLanguage(document: Document, language: Language): void {
  const words = SHELL_WORDS[language];
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  const firstScreen = document.querySelector('[data-first-screen]');
  if (firstScreen && firstScreen.getAttribute('data-first-screen') !== language) firstScreen.remove();
  document.documentElement.lang = language;
  document.querySelector('meta[name="description"]')?.setAttribute('content', words.description);
  document.querySelector('[data-shell] nav')?.setAttribute('aria-label', words.navigation);
  document.querySelector('[data-shell] nav > a')?.setAttribute('aria-label', words.brandHome);
}
