import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOK_LANGUAGES, CONDITIONS, isBookLanguage, isCondition } from '@/lib/copy';
import type { CopyFilters } from '../copy-filters';

interface CopyFilterFieldsProps {
  filters: CopyFilters;
  /** Applied at once: a choice in a drop-down is the whole action. */
  onChange: (change: Partial<CopyFilters>) => void;
  /** Extra classes for each field's box (its width in a row of filters). */
  fieldClassName?: string;
}

/** The condition and language drop-downs of the category and search pages. */
export function CopyFilterFields({ filters, onChange, fieldClassName = '' }: CopyFilterFieldsProps) {
  const { t } = useTranslation('shop');
  const { t: tCommon } = useTranslation();
  const conditionId = useId();
  const languageId = useId();
  return (
    <>
      <div className={`flex min-w-0 flex-col gap-1.5 ${fieldClassName}`}>
        <label htmlFor={conditionId} className="text-sm font-semibold text-base-content/85">
          {t('filters.condition')}
        </label>
        <select
          id={conditionId}
          className="select w-full"
          value={filters.condition ?? ''}
          onChange={(event) => onChange({ condition: isCondition(event.target.value) ? event.target.value : null })}
        >
          <option value="">{t('filters.anyCondition')}</option>
          {CONDITIONS.map((grade) => (
            <option key={grade} value={grade}>
              {tCommon(`copy.grades.${grade}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={`flex min-w-0 flex-col gap-1.5 ${fieldClassName}`}>
        <label htmlFor={languageId} className="text-sm font-semibold text-base-content/85">
          {t('filters.language')}
        </label>
        <select
          id={languageId}
          className="select w-full"
          value={filters.language ?? ''}
          onChange={(event) => onChange({ language: isBookLanguage(event.target.value) ? event.target.value : null })}
        >
          <option value="">{t('filters.anyLanguage')}</option>
          {BOOK_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {tCommon(`copy.languages.${language}`)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
