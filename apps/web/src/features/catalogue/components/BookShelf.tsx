import type { BookCardDto } from '@bindings/BookCardDto';
import { BookCard } from './BookCard';

/** Covers a phone shows side by side in a shelf's first row (each item is 42% of the screen wide). */
const COVERS_IN_A_PHONES_ROW = 2;

interface BookShelfProps {
  books: BookCardDto[];
  headingLevel?: 2 | 3 | 4;
  /** Grid columns from the sm breakpoint up. */
  columns: string;
  compact?: boolean;
  /** How many of the first covers are in the first screenful (fetched at once, early); the rest load lazily. */
  coversAboveTheFold?: number;
}

/**
 * A category's books: a horizontal, swipeable shelf on phones (so ten categories do not become an endless
 * scroll) and a grid from the sm breakpoint up.
 */
export function BookShelf({ books, headingLevel = 3, columns, compact = false, coversAboveTheFold = 0 }: BookShelfProps) {
  return (
    <ul
      className={`relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-3 sm:mx-0 sm:grid sm:snap-none sm:overflow-visible sm:px-0 sm:pb-0 ${columns} ${
        compact ? 'sm:gap-4' : 'sm:gap-6'
      }`}
    >
      {books.map((book, index) => (
        <li key={book.id} className="w-[42vw] max-w-44 shrink-0 snap-start sm:w-auto sm:max-w-none">
          <BookCard
            book={book}
            headingLevel={headingLevel}
            compact={compact}
            aboveTheFold={index < coversAboveTheFold}
            urgent={index < Math.min(coversAboveTheFold, COVERS_IN_A_PHONES_ROW)}
          />
        </li>
      ))}
    </ul>
  );
}
