import { LuCircleAlert, LuCircleCheck, LuHourglass } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import type { BookStatusDto } from '@bindings/BookStatusDto';

/** Why a book cannot be bought (keys of the shop texts' `status` section). */
const STATUS_MESSAGES = {
  pending: 'status.pending',
  sold: 'status.sold',
  withdrawn: 'status.withdrawn',
  hidden: 'status.hidden',
} as const satisfies Record<Exclude<BookStatusDto, 'available'>, string>;

/** What the buyer who holds the book reads instead: it is theirs, not someone else's (paid by card, if `held`). */
const YOUR_ORDER_MESSAGES = {
  pending: 'status.yoursPending',
  sold: 'status.yoursSold',
} as const satisfies Record<'pending' | 'sold', string>;

interface BookStatusNoticeProps {
  status: BookStatusDto;
  /** The signed-in buyer is the one holding (pending) or who bought (sold) the book. */
  yours?: boolean;
  /** Their order is paid by card, the price held until the handover. */
  held?: boolean;
}

/** Tells the buyer up front when a book can no longer be bought, or that it is theirs. Nothing for available books. */
export function BookStatusNotice({ status, yours = false, held = false }: BookStatusNoticeProps) {
  const { t } = useTranslation('shop');
  if (status === 'available') return null;
  if (yours && (status === 'pending' || status === 'sold')) {
    return (
      <div role="status" data-book-status={status} className="alert alert-success alert-soft">
        <LuCircleCheck className="size-5 shrink-0" aria-hidden="true" />
        <span>{held && status === 'pending' ? t('status.yoursHeld') : t(YOUR_ORDER_MESSAGES[status])}</span>
      </div>
    );
  }
  const Icon = status === 'pending' ? LuHourglass : LuCircleAlert;
  return (
    <div
      role="status"
      data-book-status={status}
      className={`alert ${status === 'pending' ? 'alert-warning' : 'alert-error'} alert-soft`}
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      <span>{t(STATUS_MESSAGES[status])}</span>
    </div>
  );
}
