import { useTranslation } from 'react-i18next';
import type { BookStatusDto } from '@bindings/BookStatusDto';

// How a buyer reads a wish-list book's status now: `wishStatus.<status>` in the `buying` catalogue, with a note for a
// book that cannot be bought at the moment.

const STATUS_NOTES = {
  available: null,
  pending: 'wishStatus.pendingNote',
  sold: 'wishStatus.soldNote',
  withdrawn: 'wishStatus.withdrawnNote',
  hidden: 'wishStatus.hiddenNote',
} as const satisfies Record<BookStatusDto, string | null>;

const STATUS_STYLES: Record<BookStatusDto, string> = {
  available: 'badge-success',
  pending: 'badge-warning',
  sold: 'badge-neutral',
  withdrawn: 'badge-ghost',
  hidden: 'badge-ghost',
};

export function WishListStatus({ status }: { status: BookStatusDto }) {
  const { t } = useTranslation('buying');
  const note = STATUS_NOTES[status];
  return (
    <span className="flex max-w-56 flex-col items-start gap-1">
      <span className={`badge badge-sm whitespace-nowrap font-semibold ${STATUS_STYLES[status]}`}>{t(`wishStatus.${status}`)}</span>
      {note && <span className="text-xs text-base-content/65">{t(note)}</span>}
    </span>
  );
}
