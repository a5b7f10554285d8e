import toast from 'react-hot-toast';
import { LuMegaphone, LuMegaphoneOff, LuPencil, LuTrash2 } from 'react-icons/lu';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { userMessage } from '@/lib/error-handling';
import { useAdvertiseBook } from '../api/advertise-book';
import { useStopAdvertisingBook } from '../api/stop-advertising-book';

export const ADVERTISED_TOAST = 'Items have been advertised';
export const STOPPED_TOAST = 'Advertising stopped';

interface ListingActionsProps {
  book: SellerBookDto;
  onEdit: (book: SellerBookDto) => void;
  onDelete: (book: SellerBookDto) => void;
}

/**
 * What a seller can do with a listing: only while it is available (an ordered or sold book is the buyer's now).
 * Advertise puts it on the home page; once advertised, Stop advertising takes it off again. Each button's name
 * includes the book's title, so "Delete" in a list of twenty tells a screen reader which book.
 */
export function ListingActions({ book, onEdit, onDelete }: ListingActionsProps) {
  const advertise = useAdvertiseBook();
  const stop = useStopAdvertisingBook();
  const busy = advertise.isPending || stop.isPending;

  if (book.status !== 'available') {
    return <span className="text-sm text-base-content/60">No changes once ordered</span>;
  }

  const onAdvertise = () =>
    advertise.mutate(book.id, {
      onSuccess: () => toast.success(ADVERTISED_TOAST),
      onError: (error) => toast.error(userMessage(error)),
    });
  const onStop = () =>
    stop.mutate(book.id, {
      onSuccess: () => toast.success(STOPPED_TOAST),
      onError: (error) => toast.error(userMessage(error)),
    });

  return (
    <span className="flex flex-wrap items-center gap-2">
      {book.advertised ? (
        <button type="button" className="btn btn-outline btn-sm" onClick={onStop} disabled={busy} aria-label={`Stop advertising ${book.title}`}>
          {stop.isPending ? (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          ) : (
            <LuMegaphoneOff className="size-4" aria-hidden="true" />
          )}
          Stop advertising
        </button>
      ) : (
        <button type="button" className="btn btn-primary btn-sm" onClick={onAdvertise} disabled={busy} aria-label={`Advertise ${book.title}`}>
          {advertise.isPending ? (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          ) : (
            <LuMegaphone className="size-4" aria-hidden="true" />
          )}
          Advertise
        </button>
      )}
      <button
        type="button"
        className="btn btn-outline btn-primary btn-sm"
        onClick={() => onEdit(book)}
        disabled={busy}
        aria-label={`Edit ${book.title}`}
      >
        <LuPencil className="size-4" aria-hidden="true" />
        Edit
      </button>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm"
        onClick={() => onDelete(book)}
        disabled={busy}
        aria-label={`Delete ${book.title}`}
      >
        <LuTrash2 className="size-4" aria-hidden="true" />
        Delete
      </button>
    </span>
  );
}
