import { useTranslation } from 'react-i18next';
import { LuStar } from '@/components/ui/icons';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

const STAR_VALUES = [1, 2, 3, 4, 5] as const;

/** A rating of 1 to 5 as five stars, the first `rating` filled; a screen reader hears "4 out of 5 stars". */
export function RatingStars({ rating, className = 'size-4' }: { rating: number; className?: string }) {
  const { t } = useTranslation('reviews');
  const language = useLanguage();
  return (
    <span role="img" aria-label={t('starsLabel', { rating: formatNumber(rating, language) })} className="inline-flex items-center gap-0.5">
      {STAR_VALUES.map((value) => (
        <LuStar
          key={value}
          aria-hidden="true"
          className={`${className} ${value <= rating ? 'fill-accent text-accent' : 'text-base-content/30'}`}
        />
      ))}
    </span>
  );
}
