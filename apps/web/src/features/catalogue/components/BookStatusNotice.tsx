import { LuCircleAlert, LuHourglass } from 'react-icons/lu';
import type { BookStatusDto } from '@bindings/BookStatusDto';

export const STATUS_MESSAGES: Record<Exclude<BookStatusDto, 'available'>, string> = {
  pending: 'This book is reserved for a buyer (payment pending)',
  sold: 'This book has been sold',
  withdrawn: 'The seller has taken this book off the shop',
};

/** Tells the buyer up front when a book can no longer be bought. Nothing for available books. */
export function BookStatusNotice({ status }: { status: BookStatusDto }) {
  if (status === 'available') return null;
  const Icon = status === 'pending' ? LuHourglass : LuCircleAlert;
  return (
    <div
      role="status"
      data-book-status={status}
      className={`alert ${status === 'pending' ? 'alert-warning' : 'alert-error'} alert-soft`}
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      <span>{STATUS_MESSAGES[status]}</span>
    </div>
  );
}
