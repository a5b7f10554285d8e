import { useCallback, useId, useState, type ChangeEvent } from 'react';
import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { LuImagePlus } from 'react-icons/lu';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { FieldMessages, describedByOf } from '@/components/ui/FieldMessages';
import { Modal } from '@/components/ui/Modal';
import { isApiError } from '@/lib/api-client';
import { MAX_PHOTOS } from '@/lib/copy';
import { downscalePhoto } from '@/lib/downscale-photo';
import { userMessage } from '@/lib/error-handling';
import { fieldMessage } from '@/lib/form-errors';
import { bengaliDigits, formatNumber } from '@/lib/format';
import { problemText } from '@/lib/i18n/problem';
import { useLanguage } from '@/lib/i18n/translations';
import { useAddPicture } from '../api/add-picture';
import { useOrderPictures } from '../api/order-pictures';
import { useRemovePicture } from '../api/remove-picture';
import { PICTURE_MAX_MEGABYTES, PICTURE_TYPES, pictureProblem } from '../listing-rules';
import { PhotoList, type PhotoAction } from './PhotoList';

/** A toast's text, read when it shows: the reader may have switched language meanwhile. */
const toastText = (key: 'photos.added' | 'photos.removed' | 'photos.reordered') => i18next.t(key, { ns: 'dashboard' });

/**
 * Why a photo change was refused, in the reader's language: a refused field's own reason (five photos already, the
 * photos changed meanwhile) rather than the general "some fields are not right".
 */
function photoFailure(error: unknown): string {
  if (isApiError(error) && error.code === 'validation_failed') {
    const message = fieldMessage(error, 'image') ?? fieldMessage(error, 'order');
    if (message) return problemText(message);
  }
  return userMessage(error);
}

/**
 * My Products' photo manager of an available listing: its photos in order, the cover marked; add one (while it has
 * fewer than five), remove one (never the last), move one earlier or later. Each change is sent at once; the button
 * that sent it spins meanwhile, and a toast says how it went. `book` is the listing as My Products holds it now, so
 * the list follows each answer.
 */
export function ListingPhotosModal({ book, onClose }: { book: SellerBookDto; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const pickerId = useId();
  const add = useAddPicture();
  const remove = useRemovePicture();
  const order = useOrderPictures();
  const [pending, setPending] = useState<{ action: PhotoAction; index: number } | null>(null);
  const [pickProblem, setPickProblem] = useState<string | null>(null);
  const busy = pending !== null || add.isPending;
  const photos = book.pictures;
  const full = photos.length >= MAX_PHOTOS;
  const max = formatNumber(MAX_PHOTOS, language);
  const size = language === 'bn' ? bengaliDigits(PICTURE_MAX_MEGABYTES) : PICTURE_MAX_MEGABYTES;
  const hint = t('picture.hint', { max, size });

  const onMove = (from: number, to: number) => {
    const next = [...photos];
    const [moved] = next.splice(from, 1);
    if (moved === undefined) return;
    next.splice(to, 0, moved);
    setPending({ action: to < from ? 'earlier' : 'later', index: from });
    order.mutate(
      { bookId: book.id, order: next },
      {
        onSuccess: () => toast.success(toastText('photos.reordered')),
        onError: (error) => toast.error(photoFailure(error)),
        onSettled: () => setPending(null),
      },
    );
  };

  const onRemove = (index: number) => {
    setPending({ action: 'remove', index });
    remove.mutate(
      { bookId: book.id, position: index },
      {
        onSuccess: () => toast.success(toastText('photos.removed')),
        onError: (error) => toast.error(photoFailure(error)),
        onSettled: () => setPending(null),
      },
    );
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked || busy) return;
    setPickProblem(null);
    const image = await downscalePhoto(picked);
    const problem = pictureProblem(image);
    if (problem) {
      setPickProblem(problem);
      return;
    }
    add.mutate(
      { bookId: book.id, image },
      {
        onSuccess: () => toast.success(toastText('photos.added')),
        onError: (error) => {
          if (isApiError(error) && (error.code === 'image_too_large' || error.code === 'unsupported_image')) setPickProblem(error.message);
          else toast.error(photoFailure(error));
        },
      },
    );
  };

  const focusPicker = useCallback(() => document.getElementById(pickerId)?.focus(), [pickerId]);

  return (
    <Modal title={t('photos.title')} onClose={onClose} busy={busy} className="sm:max-w-lg">
      <p className="mt-1 text-base-content/75">{book.title}</p>
      <p className="mt-3 text-sm text-muted">{t('photos.lead')}</p>
      <div className="mt-4 flex flex-col gap-4" aria-busy={busy}>
        <PhotoList
          photos={photos.map((src) => ({ key: src, src }))}
          label={t('photos.openFor', { title: book.title })}
          onMove={onMove}
          onRemove={onRemove}
          canRemoveLast={false}
          lastPhotoHint={t('photos.lastOne')}
          pending={pending}
          focusWhenEmpty={focusPicker}
        />
        {full ? (
          <p className="rounded-field bg-base-200 p-3 text-sm">{t('photos.full', { max })}</p>
        ) : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={pickerId} className="flex items-center gap-2 text-sm font-semibold text-base-content/85">
              <LuImagePlus className="size-4" aria-hidden="true" />
              {t('photos.add')}
            </label>
            <input
              id={pickerId}
              type="file"
              accept={PICTURE_TYPES.join(',')}
              className={`file-input w-full ${pickProblem ? 'file-input-error' : ''}`}
              aria-invalid={pickProblem ? true : undefined}
              aria-describedby={describedByOf(pickerId, { error: pickProblem ?? undefined, hint })}
              aria-disabled={busy || undefined}
              onChange={(event) => void onPick(event)}
            />
            {add.isPending && (
              <p role="status" className="flex items-center gap-2 text-sm font-medium text-primary">
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                {t('photos.uploading')}
              </p>
            )}
            <FieldMessages id={pickerId} error={pickProblem ?? undefined} hint={hint} />
          </div>
        )}
        <p className="text-sm text-muted">
          {t('picture.count', { number: formatNumber(photos.length, language), max })}
        </p>
      </div>
      <div className="modal-action">
        <button type="button" className="btn btn-primary" onClick={onClose} disabled={busy}>
          {t('photos.done')}
        </button>
      </div>
    </Modal>
  );
}
