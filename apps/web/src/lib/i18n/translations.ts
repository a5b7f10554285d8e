// The app's texts in the visitor's language (i18next, through react-i18next's hooks). At start, one catalogue is
// loaded: the common texts of the language the visitor reads. A page's own texts arrive with its code (`loadTexts`),
// and another language's only when the visitor switches to it.

import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { loadCatalogue, NAMESPACES, type Catalogue, type Namespace } from './catalogue';
import { initialLanguage, isLanguage, storeLanguage, type Language } from './language';
import { showLanguage as showPageLanguage } from './shell-words';

/** The parts whose texts the app has asked for so far: a switch of language fetches them all in the new one. */
const wanted = new Set<Namespace>(['common']);

/** Starts the texts in `language`, from its common catalogue (already being fetched, when the caller passes it). */
export async function startTranslations(
  language: Language = initialLanguage(),
  common: Promise<Catalogue<'common'>> = loadCatalogue(language),
): Promise<void> {
  const translation = await common;
  await i18next.use(initReactI18next).init({
    lng: language,
    // Every key exists in both catalogues (the type check and a test make sure): nothing to fall back to.
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    resources: { [language]: { common: translation } },
    // The other parts, and the other language, are added as they are needed.
    partialBundledLanguages: true,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });
  showLanguage(language);
}

/** Fetches the texts of `namespaces` in the current language (each at most once), before a page that reads them. */
export async function loadTexts(...namespaces: Namespace[]): Promise<void> {
  for (const namespace of namespaces) wanted.add(namespace);
  // Before the texts have started (or when they could not), there is no language to fetch them in.
  if (!i18next.isInitialized) return;
  await addCatalogues(currentLanguage(), namespaces);
}

/** Every part's texts in the current language: for tests, which render any page at once. */
export function loadAllTexts(): Promise<void> {
  return loadTexts(...NAMESPACES);
}

/** Switches every text to `language` at once, and keeps the choice in this browser. */
export async function switchLanguage(language: Language): Promise<void> {
  // Every part already on show (or asked for) in the new language first, so nothing flashes its keys.
  await addCatalogues(language, [...wanted]);
  await i18next.changeLanguage(language);
  storeLanguage(language);
  showLanguage(language);
}

async function addCatalogues(language: Language, namespaces: readonly Namespace[]): Promise<void> {
  await Promise.all(
    namespaces
      .filter((namespace) => !i18next.hasResourceBundle(language, namespace))
      .map(async (namespace) => {
        const texts = await loadCatalogue(language, namespace);
        // Two callers may have fetched the same catalogue at once: the first adds it.
        if (!i18next.hasResourceBundle(language, namespace)) i18next.addResourceBundle(language, namespace, texts);
      }),
  );
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
  showPageLanguage(document, language);
}
