import { LuMegaphone } from 'react-icons/lu';
import type { BookStatusDto } from '@bindings/BookStatusDto';
import type { SellerBookDto } from '@bindings/SellerBookDto';

/** How a seller reads each status: an ordered book waits for the buyer's payment. */
export const STATUS_LABELS: Record<BookStatusDto, string> = {
  available: 'Available',
  pending: 'Waiting for payment',
  sold: 'Sold',
  withdrawn: 'Deleted',
};

const STATUS_STYLES: Record<BookStatusDto, string> = {
  available: 'badge-success',
  pending: 'badge-warning',
  sold: 'badge-neutral',
  withdrawn: 'badge-ghost',
};

/** The listing's status and, while it is advertised, an Advertised badge. */
export function ListingStatus({ book }: { book: SellerBookDto }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span className={`badge badge-sm whitespace-nowrap ${STATUS_STYLES[book.status]}`}>{STATUS_LABELS[book.status]}</span>
      {book.advertised && book.status === 'available' && (
        <span className="badge badge-sm badge-accent gap-1 whitespace-nowrap">
          <LuMegaphone className="size-3" aria-hidden="true" />
          Advertised
        </span>
      )}
    </span>
  );
}
