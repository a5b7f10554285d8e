import { useTranslation } from 'react-i18next';
import type { Language } from '@/lib/i18n/language';
import { chooseLanguage } from '@/lib/i18n/account-language';
import { useLanguage } from '@/lib/i18n/translations';

/** Each language's name in itself: what a reader of it looks for. */
const NAMES: Record<Language, string> = { bn: 'বাংলা', en: 'English' };

/**
 * The language switch in the bar: one button naming the other language in that language ("বাংলা" while the page is
 * in English, "English" while it is in Bangla), marked with its `lang` so a screen reader says it in the right voice.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  const other: Language = language === 'bn' ? 'en' : 'bn';
  return (
    <button
      type="button"
      lang={other}
      title={t('language.label')}
      className="btn btn-ghost btn-sm shrink-0 px-2 font-language-name font-medium"
      onClick={() => void chooseLanguage(other)}
    >
      {NAMES[other]}
    </button>
  );
}
