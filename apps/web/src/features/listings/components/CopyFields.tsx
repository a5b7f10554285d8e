import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldMessages, describedByOf } from '@/components/ui/FieldMessages';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { BOOK_LANGUAGES, CONDITIONS } from '@/lib/copy';

interface FieldProps {
  registration: UseFormRegisterReturn;
  error?: string;
}

/**
 * The copy's condition grade: one radio button per grade, each showing its definition, so the form is itself the
 * condition guide. Each option's name is the grade; its definition is its description, read after it.
 */
export function ConditionField({ registration, error }: FieldProps) {
  const { t } = useTranslation();
  const { t: tDashboard } = useTranslation('dashboard');
  const id = useId();
  const hint = tDashboard('copyFields.conditionHint');
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={describedByOf(id, { error, hint })}>
      <legend className="mb-1.5 text-sm font-semibold text-base-content/85">{t('copy.condition')}</legend>
      <p id={`${id}-hint`} className="-mt-1 text-sm text-base-content/65">
        {hint}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {CONDITIONS.map((grade) => (
          <label
            key={grade}
            className={`flex cursor-pointer items-start gap-3 rounded-field bg-base-100 p-3 ring-1 transition-colors has-checked:bg-primary/5 has-checked:ring-2 has-checked:ring-primary motion-reduce:transition-none ${
              error ? 'ring-error' : 'ring-base-300 hover:ring-primary/60'
            }`}
          >
            <input
              type="radio"
              value={grade}
              className="radio radio-primary radio-sm mt-0.5 shrink-0"
              aria-labelledby={`${id}-${grade}`}
              aria-describedby={`${id}-${grade}-definition`}
              aria-invalid={error ? true : undefined}
              {...registration}
            />
            <span className="flex flex-col gap-0.5">
              <span id={`${id}-${grade}`} className="font-semibold">
                {t(`copy.grades.${grade}`)}
              </span>
              <span id={`${id}-${grade}-definition`} className="text-sm leading-snug text-muted">
                {t(`copy.definitions.${grade}`)}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldMessages id={id} error={error} />
    </fieldset>
  );
}

/** The language the book is written in, or "Not saying" (sent empty: the server then keeps none). */
export function LanguageField({ registration, error }: FieldProps) {
  const { t } = useTranslation();
  const { t: tDashboard } = useTranslation('dashboard');
  // Read outside the markup, where only `t` may name a text.
  const label = tDashboard('copyFields.language');
  const notSaying = tDashboard('copyFields.notSaying');
  return (
    <SelectField label={label} error={error} {...registration}>
      <option value="">{notSaying}</option>
      {BOOK_LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {t(`copy.languages.${language}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** An optional ISBN, as printed on the book: hyphens, spaces, Bengali digits and a final X all read. */
export function IsbnField({ registration, error, clearable = false }: FieldProps & { clearable?: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <TextField
      label={t('copyFields.isbn')}
      hint={clearable ? t('copyFields.isbnClearHint') : t('copyFields.isbnHint')}
      placeholder={t('copyFields.isbnPlaceholder')}
      autoComplete="off"
      spellCheck={false}
      error={error}
      {...registration}
    />
  );
}
