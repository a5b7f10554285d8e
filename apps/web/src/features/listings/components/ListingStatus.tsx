import { LuMegaphone } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import type { BookStatusDto } from '@bindings/BookStatusDto';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { HiddenListingNotice } from './HiddenListingNotice';

const STATUS_STYLES: Record<BookStatusDto | 'held', string> = {
  available: 'badge-success',
  pending: 'badge-warning',
  // Ordered and paid by a card that holds the price until the handover.
  held: 'badge-info',
  sold: 'badge-neutral',
  withdrawn: 'badge-ghost',
  hidden: 'badge-error',
};

/**
 * The listing's status as a seller reads it (`status.<status>`: an ordered book waits for the buyer's payment, or is
 * paid by a card held until the handover) and, while it is advertised, an Advertised badge.
 */
export function ListingStatus({ book }: { book: SellerBookDto }) {
  const { t } = useTranslation('dashboard');
  const status = book.status === 'pending' && book.buyer?.orderStatus === 'held' ? 'held' : book.status;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span className={`badge badge-sm whitespace-nowrap ${STATUS_STYLES[status]}`}>{t(`status.${status}`)}</span>
      {book.advertised && book.status === 'available' && (
        <span className="badge badge-sm badge-accent gap-1 whitespace-nowrap">
          <LuMegaphone className="size-3" aria-hidden="true" />
          {t('status.advertised')}
        </span>
      )}
      {book.status === 'hidden' && <HiddenListingNotice reason={book.hiddenReason} />}
    </span>
  );
}
