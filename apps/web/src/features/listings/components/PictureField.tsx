import { useCallback, useId, useState, type ChangeEvent } from 'react';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldMessages, describedByOf } from '@/components/ui/FieldMessages';
import { MAX_PHOTOS } from '@/lib/copy';
import { downscalePhoto } from '@/lib/downscale-photo';
import { bengaliDigits, formatNumber } from '@/lib/format';
import { textToken } from '@/lib/i18n/problem';
import { useLanguage } from '@/lib/i18n/translations';
import { PICTURE_MAX_MEGABYTES, PICTURE_TYPES, pictureProblem } from '../listing-rules';
import type { AddBookValues } from './add-book-form';
import { PhotoList, type PhotoListItem } from './PhotoList';

/** A key per picked file for the list's rows: a file keeps its key while it moves. */
const fileKeys = new WeakMap<File, string>();
let nextFileKey = 0;
function keyOf(file: File): string {
  let key = fileKeys.get(file);
  if (!key) {
    key = `photo-${++nextFileKey}`;
    fileKeys.set(file, key);
  }
  return key;
}

const TOO_MANY_PICKED = textToken('dashboard:picture.tooMany', { max: MAX_PHOTOS });

/**
 * The copy's photos: up to five, the first the cover, each previewed with buttons to move it or remove it. Each picked
 * photo is made smaller in the browser first (src/lib/downscale-photo.ts), then checked: a file of the wrong type or
 * still over 5 MB is explained at once and left out, before anything is sent.
 */
export function PictureField({ form }: { form: UseFormReturn<AddBookValues> }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const id = useId();
  const { field } = useController({ control: form.control, name: 'image' });
  const photos = useWatch({ control: form.control, name: 'image' });
  const [preparing, setPreparing] = useState(0);
  const error = form.formState.errors.image?.message;
  const size = language === 'bn' ? bengaliDigits(PICTURE_MAX_MEGABYTES) : PICTURE_MAX_MEGABYTES;
  const hint = t('picture.hint', { max: formatNumber(MAX_PHOTOS, language), size });
  const full = photos.length >= MAX_PHOTOS;

  /**
   * The photos change: kept in the form, and checked again once the seller has tried to send it. A problem with a
   * photo just picked is what the seller needs to read, so it takes the place of any other message.
   */
  const setPhotos = (next: File[], problem?: string) => {
    form.setValue('image', next, { shouldDirty: true });
    if (problem) form.setError('image', { type: 'pick', message: problem });
    else if (form.formState.isSubmitted) void form.trigger('image');
    else form.clearErrors('image');
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    // Emptied, so picking the same file again (after removing it) still counts as a change.
    event.target.value = '';
    if (picked.length === 0) return;
    const room = MAX_PHOTOS - form.getValues('image').length;
    setPreparing((count) => count + 1);
    const prepared = await Promise.all(picked.slice(0, Math.max(room, 0)).map((file) => downscalePhoto(file)));
    setPreparing((count) => count - 1);
    const problems = prepared.map(pictureProblem).filter((problem): problem is string => problem !== null);
    const good = prepared.filter((file) => pictureProblem(file) === null);
    const next = [...form.getValues('image'), ...good].slice(0, MAX_PHOTOS);
    setPhotos(next, problems[0] ?? (picked.length > room ? TOO_MANY_PICKED : undefined));
  };

  const items: PhotoListItem[] = photos.map((file) => ({ key: keyOf(file), file }));
  const move = (from: number, to: number) => {
    const next = [...photos];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    setPhotos(next);
  };
  const remove = (index: number) => setPhotos(photos.filter((_, at) => at !== index));
  const focusPicker = useCallback(() => document.getElementById(id)?.focus(), [id]);

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-base-content/85">
        {t('picture.label')}
      </label>
      {items.length > 0 && <PhotoList photos={items} label={t('picture.list')} onMove={move} onRemove={remove} focusWhenEmpty={focusPicker} />}
      {full ? (
        <p className="text-sm text-muted">{t('picture.count', { number: formatNumber(photos.length, language), max: formatNumber(MAX_PHOTOS, language) })}</p>
      ) : (
        <input
          id={id}
          ref={field.ref}
          type="file"
          multiple
          accept={PICTURE_TYPES.join(',')}
          className={`file-input w-full ${error ? 'file-input-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(id, { error, hint })}
          onChange={(event) => void onPick(event)}
        />
      )}
      {preparing > 0 && (
        <p role="status" className="flex items-center gap-2 text-sm text-primary">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          {t('picture.preparing')}
        </p>
      )}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}
