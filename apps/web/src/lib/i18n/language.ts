// Which language the app speaks: the visitor's own choice (kept in this browser and on the account), else the first
// of the browser's languages the app has, else English. Nothing here loads a catalogue: boot.ts asks which language
// before the app's code arrives, to fetch that one catalogue alongside it.

export const LANGUAGES = ['bn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where the visitor's choice is kept in this browser. */
export const LANGUAGE_STORAGE_KEY = 'puronoboi.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a browser asks for ("bn-BD", "en-US", ...) when the app has it. */
export function languageOf(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/** The visitor's stored choice, else the first browser language the app has, else English. */
export function initialLanguage(
  stored: string | null = readStoredLanguage(),
  browser: readonly string[] = browserLanguages(),
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return 'en';
}

export function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage refused (a private window's quota, a blocked site): the browser's languages decide.
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not kept in this browser; the account, when signed in, still keeps it.
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
}
