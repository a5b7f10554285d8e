import type { BookStatusDto } from '@bindings/BookStatusDto';

/** How a buyer reads a wish-list book's status now. */
export const WISH_STATUS_LABELS: Record<BookStatusDto, string> = {
  available: 'Available',
  pending: 'Pending',
  sold: 'Sold',
  withdrawn: 'Withdrawn',
};

const WISH_STATUS_NOTES: Record<BookStatusDto, string | null> = {
  available: null,
  pending: 'Ordered and waiting for payment; it comes back on sale if it is not paid.',
  sold: 'Someone else bought it.',
  withdrawn: 'The seller took it off the shop.',
};

const STATUS_STYLES: Record<BookStatusDto, string> = {
  available: 'badge-success',
  pending: 'badge-warning',
  sold: 'badge-neutral',
  withdrawn: 'badge-ghost',
};

export function WishListStatus({ status }: { status: BookStatusDto }) {
  const note = WISH_STATUS_NOTES[status];
  return (
    <span className="flex max-w-56 flex-col items-start gap-1">
      <span className={`badge badge-sm whitespace-nowrap font-semibold ${STATUS_STYLES[status]}`}>{WISH_STATUS_LABELS[status]}</span>
      {note && <span className="text-xs text-base-content/65">{note}</span>}
    </span>
  );
}
