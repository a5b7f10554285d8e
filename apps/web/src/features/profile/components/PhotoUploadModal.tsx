import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LuImageUp } from 'react-icons/lu';
import { Modal } from '@/components/ui/Modal';
import { userMessage } from '@/lib/error-handling';
import { bengaliDigits } from '@/lib/format';
import { LIMITS } from '@/lib/form-rules';
import type { Language } from '@/lib/i18n/language';
import { problemText, textToken } from '@/lib/i18n/problem';
import { useLanguage } from '@/lib/i18n/translations';
import { useUploadPhoto } from '../api/upload-photo';

const photoSchema = z.object({
  // "Choose a photo first.": a token, shown in the language on screen.
  uploadPhoto: z.custom<FileList>(
    (value) => value instanceof FileList && value.length > 0,
    textToken('common:photoUpload.chooseFirst'),
  ),
});
type PhotoValues = z.infer<typeof photoSchema>;

/** A size in bytes as megabytes with at most one decimal, in the reader's digits: 5242880 is "5", "৫". */
function megabytes(bytes: number, language: Language): string {
  const value = String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
  return language === 'bn' ? bengaliDigits(value) : value;
}

/**
 * "Upload your photo": pick a picture, Submit sends it. When the server refuses it (too large, not a picture, too many
 * uploads in a minute) its message shows in the modal, which stays open for another try.
 */
export function PhotoUploadModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const upload = useUploadPhoto();
  const inputId = useId();
  const form = useForm<PhotoValues>({ resolver: zodResolver(photoSchema) });
  const files = form.watch('uploadPhoto');
  const file = files instanceof FileList ? files[0] : undefined;
  const preview = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const invalid = form.formState.errors.uploadPhoto?.message;
  const failure = upload.error ? userMessage(upload.error) : invalid && problemText(invalid, t);
  const sending = upload.isPending;
  const photoField = form.register('uploadPhoto', { onChange: () => upload.reset() });

  const onSubmit = form.handleSubmit(({ uploadPhoto }) => {
    const chosen = uploadPhoto[0];
    if (!chosen) return;
    upload.mutate(chosen, { onSuccess: onClose });
  });

  return (
    <Modal title={t('photoUpload.title')} onClose={onClose} busy={sending} className="sm:max-w-md">
      <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4">
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="peer sr-only"
          disabled={sending}
          aria-labelledby={`${inputId}-prompt`}
          aria-describedby={`${inputId}-hint`}
          aria-invalid={failure ? true : undefined}
          {...photoField}
        />
        <label
          htmlFor={inputId}
          className={`flex cursor-pointer flex-col items-center gap-3 rounded-box border-2 border-dashed px-4 py-8 text-center transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent ${
            failure ? 'border-error/50 bg-error/5' : 'border-base-300 bg-base-200/60 hover:border-primary/50 hover:bg-base-200'
          }`}
        >
          {preview ? (
            <img src={preview} alt="" className="size-24 rounded-full object-cover ring-2 ring-accent/70" />
          ) : (
            <span className="grid size-16 place-items-center rounded-full bg-base-100 text-primary shadow-soft" aria-hidden="true">
              <LuImageUp className="size-7" />
            </span>
          )}
          <span id={`${inputId}-prompt`} className="font-semibold text-primary">
            {sending && <span className="loading loading-spinner loading-sm mr-2 align-middle" aria-hidden="true" />}
            {sending ? t('photoUpload.uploading') : t('photoUpload.prompt')}
          </span>
          <span id={`${inputId}-hint`} className="text-sm text-base-content/65">{file ? file.name : t('photoUpload.hint', { megabytes: megabytes(LIMITS.pictureMaxBytes, language) })}</span>
        </label>
        {failure && (
          <p role="alert" className="rounded-field border border-error/25 bg-error/5 px-3 py-2.5 text-sm font-medium text-error">
            {failure}
          </p>
        )}
        <div className="modal-action mt-1">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={sending}>
            {t('photoUpload.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {t('photoUpload.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
