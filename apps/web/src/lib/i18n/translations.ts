// The app's texts in the visitor's language (i18next, through react-i18next's hooks). One catalogue is loaded at
// start: the language the visitor reads; another is fetched only when the visitor switches to it.

import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { loadCatalogue, type Catalogue } from './catalogue';
import { initialLanguage, isLanguage, storeLanguage, type Language } from './language';

/** Starts the texts in `language`, from its catalogue (already being fetched, when the caller passes it). */
export async function startTranslations(
  language: Language = initialLanguage(),
  catalogue: Promise<Catalogue> = loadCatalogue(language),
): Promise<void> {
  const translation = await catalogue;
  await i18next.use(initReactI18next).init({
    lng: language,
    // Every key exists in both catalogues (the type check and a test make sure): nothing to fall back to.
    fallbackLng: false,
    resources: { [language]: { translation } },
    // The other language's catalogue is added when the visitor switches.
    partialBundledLanguages: true,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });
  showLanguage(language);
}

/** Switches every text to `language` at once, and keeps the choice in this browser. */
export async function switchLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await loadCatalogue(language));
  }
  await i18next.changeLanguage(language);
  storeLanguage(language);
  showLanguage(language);
}

/** The language texts are shown in right now. */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

/** The language texts are shown in, re-rendering the caller when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Screen readers pick their voice, and browsers their hyphenation and fonts, from `<html lang>`. */
function showLanguage(language: Language): void {
  document.documentElement.lang = language;
}
