import type { BookCardDto } from '@bindings/BookCardDto';
import { BookCard } from './BookCard';

/** Advertised books are row cards: the picture beside the text. */
const CARD_VARIANT = 'row';

/** The spec's advertised grid: one column on phones, two from medium, three from large screens. */
export function AdvertisedGrid({ books, headingLevel = 3 }: { books: BookCardDto[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3" data-testid="advertised-grid">
      {books.map((book) => (
        <li key={book.id}>
          <BookCard book={book} headingLevel={headingLevel} variant={CARD_VARIANT} />
        </li>
      ))}
    </ul>
  );
}
