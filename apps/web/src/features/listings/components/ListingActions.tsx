import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { LuImages, LuMegaphone, LuMegaphoneOff, LuPencil, LuTrash2 } from 'react-icons/lu';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { userMessage } from '@/lib/error-handling';
import { useAdvertiseBook } from '../api/advertise-book';
import { useStopAdvertisingBook } from '../api/stop-advertising-book';

/** A toast's text, read when it shows: the reader may have switched language meanwhile. */
const toastText = (key: 'actions.advertised' | 'actions.stopped') => i18next.t(key, { ns: 'dashboard' });

interface ListingActionsProps {
  book: SellerBookDto;
  onEdit: (book: SellerBookDto) => void;
  onDelete: (book: SellerBookDto) => void;
  /** Opens the photo manager. */
  onPhotos: (book: SellerBookDto) => void;
}

/**
 * What a seller can do with a listing: only while it is available (an ordered or sold book is the buyer's now).
 * Advertise puts it on the home page; once advertised, Stop advertising takes it off again. Each button's name
 * includes the book's title, so "Delete" in a list of twenty tells a screen reader which book.
 */
export function ListingActions({ book, onEdit, onDelete, onPhotos }: ListingActionsProps) {
  const { t } = useTranslation('dashboard');
  const advertise = useAdvertiseBook();
  const stop = useStopAdvertisingBook();
  const busy = advertise.isPending || stop.isPending;

  if (book.status === 'hidden') {
    // The hidden-listing notice says why; nothing can change until the team decides.
    return <span className="text-sm text-base-content/60">{t('actions.lockedWhileHidden')}</span>;
  }
  if (book.status !== 'available') {
    return <span className="text-sm text-base-content/60">{t('actions.locked')}</span>;
  }

  const onAdvertise = () =>
    advertise.mutate(book.id, {
      onSuccess: () => toast.success(toastText('actions.advertised')),
      onError: (error) => toast.error(userMessage(error)),
    });
  const onStop = () =>
    stop.mutate(book.id, {
      onSuccess: () => toast.success(toastText('actions.stopped')),
      onError: (error) => toast.error(userMessage(error)),
    });

  return (
    <span className="flex flex-wrap items-center gap-2">
      {book.advertised ? (
        <button type="button" className="btn btn-outline btn-sm" onClick={onStop} disabled={busy} aria-label={t('actions.stopBook', { title: book.title })}>
          {stop.isPending ? (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          ) : (
            <LuMegaphoneOff className="size-4" aria-hidden="true" />
          )}
          {t('actions.stop')}
        </button>
      ) : (
        <button type="button" className="btn btn-primary btn-sm" onClick={onAdvertise} disabled={busy} aria-label={t('actions.advertiseBook', { title: book.title })}>
          {advertise.isPending ? (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          ) : (
            <LuMegaphone className="size-4" aria-hidden="true" />
          )}
          {t('actions.advertise')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-outline btn-primary btn-sm"
        onClick={() => onEdit(book)}
        disabled={busy}
        aria-label={t('actions.editBook', { title: book.title })}
      >
        <LuPencil className="size-4" aria-hidden="true" />
        {t('actions.edit')}
      </button>
      <button
        type="button"
        className="btn btn-outline btn-primary btn-sm"
        onClick={() => onPhotos(book)}
        disabled={busy}
        aria-label={t('photos.openFor', { title: book.title })}
      >
        <LuImages className="size-4" aria-hidden="true" />
        {t('photos.open')}
      </button>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm"
        onClick={() => onDelete(book)}
        disabled={busy}
        aria-label={t('actions.deleteBook', { title: book.title })}
      >
        <LuTrash2 className="size-4" aria-hidden="true" />
        {t('actions.delete')}
      </button>
    </span>
  );
}
