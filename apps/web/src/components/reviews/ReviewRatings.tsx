import { useTranslation } from 'react-i18next';
import { RatingStars } from './RatingStars';

/** The three things a buyer rates, in the order the review form asks them. */
export const RATING_FIELDS = ['asDescribed', 'communication', 'onTime'] as const;
export type RatingField = (typeof RATING_FIELDS)[number];

/** A review's three ratings, each named, as stars: on the buyer's order page and on the seller's page. */
export function ReviewRatings({ review }: { review: Record<RatingField, number> }) {
  const { t } = useTranslation('reviews');
  return (
    <dl className="flex flex-col gap-1.5 text-sm">
      {RATING_FIELDS.map((field) => (
        <div key={field} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-0.5 sm:justify-start">
          <dt className="text-base-content/80 sm:w-48">{t(`ratings.${field}`)}</dt>
          <dd>
            <RatingStars rating={review[field]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
