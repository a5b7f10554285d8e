import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LuMapPin } from '@/components/ui/icons';
import type { BookCardDto } from '@bindings/BookCardDto';
import { OriginalPrice, Price } from '@/components/ui/Price';
import { StarRating } from '@/components/ui/StarRating';
import { ConditionBadge } from '@/components/ui/ConditionBadge';

type HeadingLevel = 2 | 3 | 4;

interface BookCardProps {
  book: BookCardDto;
  /** Level of the title heading, so each page keeps a correct outline. */
  headingLevel?: HeadingLevel;
  /** "cover" puts the picture on top (shelves); "row" puts it beside the text (advertised grid). */
  variant?: 'cover' | 'row';
  /** Smaller text and padding for narrow shelf columns. */
  compact?: boolean;
  /**
   * The card is in the first screenful: its cover is fetched at once and early, since it is likely the largest
   * thing the visitor waits for. Every other cover waits until it is about to scroll into view.
   */
  aboveTheFold?: boolean;
  /**
   * The cover is among the very first a phone shows (its first row): fetched ahead of the page's other pictures. The
   * rest of the first screenful is left to the browser, which moves the pictures it finds on the screen forward.
   */
  urgent?: boolean;
}

export function bookHref(bookId: string): string {
  return `/books/${bookId}`;
}

function StatusRibbon({ status }: { status: BookCardDto['status'] }) {
  const { t } = useTranslation();
  if (status === 'available') return null;
  return (
    <span className="badge badge-neutral badge-sm absolute top-2 left-2 shadow">
      {status === 'sold' ? t('bookCard.sold') : t('bookCard.reserved')}
    </span>
  );
}

/**
 * One book in a grid: picture, title, author, star + ratings, "{N} reviews" and the resale price.
 * The picture and the title both link to the book's page; only the title is a tab stop, so keyboard
 * users do not meet every book twice.
 */
export function BookCard({
  book,
  headingLevel = 3,
  variant = 'cover',
  compact = false,
  aboveTheFold = false,
  urgent = aboveTheFold,
}: BookCardProps) {
  const Heading = `h${headingLevel}` as const;
  const href = bookHref(book.id);

  const cover = (
    <div className={`relative shrink-0 ${variant === 'row' ? 'w-28 sm:w-32' : ''}`}>
      <Link
        to={href}
        tabIndex={-1}
        className={`relative block overflow-hidden bg-base-200 ${variant === 'row' ? 'rounded-field' : 'rounded-t-box'}`}
      >
        <img
          src={book.picture}
          alt={book.title}
          loading={aboveTheFold ? 'eager' : 'lazy'}
          fetchPriority={urgent ? 'high' : 'auto'}
          decoding="async"
          width={400}
          height={600}
          className="aspect-[2/3] h-auto w-full object-cover transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        <StatusRibbon status={book.status} />
      </Link>
      {/* On the cover's corner, so the grade costs the card no height on a narrow phone. */}
      <ConditionBadge condition={book.condition} overlay className="absolute bottom-2 left-2 max-w-[calc(100%-1rem)]" />
    </div>
  );

  const details = (
    <>
      <Heading className={`font-sans leading-snug font-semibold ${compact ? 'text-base' : 'text-base sm:text-lg'}`}>
        <Link to={href} className="line-clamp-2 hover:text-primary hover:underline">
          {book.title}
        </Link>
      </Heading>
      <p className="line-clamp-1 text-sm text-base-content/70">{book.author}</p>
      <StarRating ratings={book.ratings} reviews={book.reviews} />
      <div className="mt-auto flex flex-wrap items-baseline gap-x-2 gap-y-0.5 pt-2">
        <Price amount={book.resalePrice} className={`font-bold text-primary ${compact ? 'text-lg' : 'text-lg sm:text-xl'}`} />
        {book.originalPrice > book.resalePrice && <OriginalPrice amount={book.originalPrice} className="text-sm" />}
      </div>
      {book.location && (
        <p className="flex items-center gap-1 text-xs text-base-content/60">
          <LuMapPin className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="line-clamp-1">{book.location}</span>
        </p>
      )}
    </>
  );

  if (variant === 'row') {
    return (
      <article
        data-book-id={book.id}
        className="group relative flex h-full gap-4 rounded-box bg-base-100 p-4 shadow-soft ring-1 ring-base-300/70 transition hover:shadow-lift motion-reduce:transition-none"
      >
        {cover}
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">{details}</div>
      </article>
    );
  }

  return (
    <article
      data-book-id={book.id}
      className="group relative flex h-full flex-col rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70 transition hover:-translate-y-0.5 hover:shadow-lift motion-reduce:transition-none motion-reduce:hover:translate-y-0"
    >
      {cover}
      <div className={`flex flex-1 flex-col gap-1.5 p-3 ${compact ? '' : 'sm:p-4'}`}>{details}</div>
    </article>
  );
}
