import { useTranslation } from 'react-i18next';
import { LuStar } from './icons';
import { formatRating, formatReviews } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

interface StarRatingProps {
  ratings: number;
  reviews?: number;
  className?: string;
}

/** A star, the ratings value and, when given, "{N} reviews"; a screen reader hears "Rated 4.8 out of 5". */
export function StarRating({ ratings, reviews, className = '' }: StarRatingProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rating = formatRating(ratings, language);
  return (
    <p className={`flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm ${className}`}>
      <span className="inline-flex items-center gap-1 font-semibold text-base-content">
        <LuStar className="size-4 fill-accent text-accent" aria-hidden="true" />
        {/* One sentence for screen readers: the words go round the number in a different order in each language. */}
        <span className="sr-only">{t('starRating.label', { rating })}</span>
        <span aria-hidden="true">{rating}</span>
      </span>
      {reviews !== undefined && <span className="text-base-content/70">{formatReviews(reviews, language)}</span>}
    </p>
  );
}
