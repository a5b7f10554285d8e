import type { BookCardDto } from '@bindings/BookCardDto';
import { BookCard } from './BookCard';

interface BookGridProps {
  books: BookCardDto[];
  headingLevel?: 2 | 3 | 4;
  /** Column layout; defaults to a shelf of cover cards. */
  columns?: string;
  compact?: boolean;
}

const SHELF_COLUMNS = 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4';
/** The first row of the widest layout is in the first screenful: those covers are fetched at once. */
const COVERS_ABOVE_THE_FOLD = 4;

export function BookGrid({ books, headingLevel = 3, columns = SHELF_COLUMNS, compact = false }: BookGridProps) {
  return (
    <ul className={`grid gap-4 sm:gap-6 ${columns}`}>
      {books.map((book, index) => (
        <li key={book.id}>
          <BookCard book={book} headingLevel={headingLevel} compact={compact} aboveTheFold={index < COVERS_ABOVE_THE_FOLD} />
        </li>
      ))}
    </ul>
  );
}
