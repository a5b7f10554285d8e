import { LuStar } from './icons';
import { formatRating, formatReviews } from '@/lib/format';

interface StarRatingProps {
  ratings: number;
  reviews?: number;
  className?: string;
}

/** A star, the ratings value and, when given, "{N} reviews". */
export function StarRating({ ratings, reviews, className = '' }: StarRatingProps) {
  return (
    <p className={`flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm ${className}`}>
      <span className="inline-flex items-center gap-1 font-semibold text-base-content">
        <LuStar className="size-4 fill-accent text-accent" aria-hidden="true" />
        <span className="sr-only">Rated </span>
        <span>{formatRating(ratings)}</span>
        <span className="sr-only"> out of 5</span>
      </span>
      {reviews !== undefined && <span className="text-base-content/70">{formatReviews(reviews)}</span>}
    </p>
  );
}
