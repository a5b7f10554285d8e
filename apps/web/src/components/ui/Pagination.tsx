import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Spacing above; lists inside a dashboard panel need less than a shop page. */
  className?: string;
}

/** Previous / "Page X of Y" / Next. */
export function Pagination({ page, totalPages, onPageChange, className = 'mt-12' }: PaginationProps) {
  return (
    <nav aria-label="Pagination" className={`flex items-center justify-center gap-3 sm:gap-5 ${className}`}>
      <button
        type="button"
        className="btn btn-outline btn-primary"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
      >
        <LuChevronLeft className="size-4" aria-hidden="true" />
        Previous
      </button>
      <p className="min-w-28 text-center font-medium tabular-nums" aria-live="polite">
        Page {page} of {totalPages}
      </p>
      <button
        type="button"
        className="btn btn-outline btn-primary"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
      >
        Next
        <LuChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
