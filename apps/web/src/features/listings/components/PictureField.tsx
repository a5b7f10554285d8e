import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { LuImage } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import { FieldMessages, describedByOf } from '@/components/ui/FieldMessages';
import { bengaliDigits } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { useObjectUrl } from '@/lib/use-object-url';
import { PICTURE_MAX_MEGABYTES, PICTURE_TYPES, pictureProblem } from '../listing-rules';
import type { AddBookValues } from './add-book-form';

/**
 * The book's picture: a file picker with a preview of the chosen picture. A file of the wrong type or over 5 MB is
 * explained as soon as it is picked, before anything is sent.
 */
export function PictureField({ form }: { form: UseFormReturn<AddBookValues> }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const hint = t('picture.hint', { size: language === 'bn' ? bengaliDigits(PICTURE_MAX_MEGABYTES) : PICTURE_MAX_MEGABYTES });
  const id = useId();
  const error = form.formState.errors.image?.message;
  const file = useWatch({ control: form.control, name: 'image' })?.[0];
  const picker = form.register('image', { onChange: () => void form.trigger('image') });
  const preview = useObjectUrl(file && pictureProblem(file) === null ? file : null);

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-base-content/85">
        {t('picture.label')}
      </label>
      <div className="flex items-start gap-4">
        <div className="grid aspect-[2/3] w-20 shrink-0 place-items-center overflow-hidden rounded-field bg-base-200 ring-1 ring-base-300 sm:w-24">
          {preview ? (
            <img src={preview} alt={t('picture.preview')} className="size-full object-cover" />
          ) : (
            <LuImage className="size-8 text-base-content/35" aria-hidden="true" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <input
            id={id}
            type="file"
            accept={PICTURE_TYPES.join(',')}
            className={`file-input w-full ${error ? 'file-input-error' : ''}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedByOf(id, { error, hint })}
            {...picker}
          />
          <FieldMessages id={id} error={error} hint={hint} />
        </div>
      </div>
    </div>
  );
}
