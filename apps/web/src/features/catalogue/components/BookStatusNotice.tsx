import { LuCircleAlert, LuCircleCheck, LuHourglass } from 'react-icons/lu';
import type { BookStatusDto } from '@bindings/BookStatusDto';

export const STATUS_MESSAGES: Record<Exclude<BookStatusDto, 'available'>, string> = {
  pending: 'This book is reserved for a buyer (payment pending)',
  sold: 'This book has been sold',
  withdrawn: 'The seller has taken this book off the shop',
};

/** What the buyer who holds the book reads instead: it is theirs, not someone else's. */
export const YOUR_ORDER_MESSAGES: Record<'pending' | 'sold', string> = {
  pending: 'You have ordered this book. Pay for it from My Orders, or cancel it there.',
  sold: 'You bought this book.',
};

interface BookStatusNoticeProps {
  status: BookStatusDto;
  /** The signed-in buyer is the one holding (pending) or who bought (sold) the book. */
  yours?: boolean;
}

/** Tells the buyer up front when a book can no longer be bought, or that it is theirs. Nothing for available books. */
export function BookStatusNotice({ status, yours = false }: BookStatusNoticeProps) {
  if (status === 'available') return null;
  if (yours && (status === 'pending' || status === 'sold')) {
    return (
      <div role="status" data-book-status={status} className="alert alert-success alert-soft">
        <LuCircleCheck className="size-5 shrink-0" aria-hidden="true" />
        <span>{YOUR_ORDER_MESSAGES[status]}</span>
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
      <span>{STATUS_MESSAGES[status]}</span>
    </div>
  );
}
