import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LuArrowRight, LuStar } from '@/components/ui/icons';
import type { SellerScoreDto } from '@bindings/SellerScoreDto';
import { formatPercent, formatRating, formatReviews } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

/** The average of the ratings with how many reviews it comes from: "★ 4.6 (12 reviews)". */
function AverageRating({ average, count }: { average: number; count: number }) {
  const { t } = useTranslation('reviews');
  const language = useLanguage();
  const rating = formatRating(average, language);
  const reviews = formatReviews(count, language);
  return (
    <span className="inline-flex items-center gap-1.5" data-testid="seller-rating">
      <LuStar className="size-4 shrink-0 fill-accent text-accent" aria-hidden="true" />
      <span className="sr-only">{t('score.ratedLabel', { rating, reviews })}</span>
      <span aria-hidden="true">
        <span className="font-semibold text-base-content">{rating}</span> {t('score.reviewCount', { reviews })}
      </span>
    </span>
  );
}

export function NewSellerBadge() {
  const { t } = useTranslation('reviews');
  return (
    <span className="badge badge-info badge-sm font-semibold whitespace-nowrap" title={t('score.newSellerHint')} data-testid="new-seller">
      {t('score.newSeller')}
    </span>
  );
}

/**
 * A seller's score in one or two lines: the average rating with its count, the share of orders completed in the last
 * 6 months, and "New seller" for one with fewer than 3 completed orders. `compact` (the book page's seller block) leaves
 * out a new seller's completion rate, which says little after one or two orders, and says "No reviews yet" only when
 * there is nothing else to show.
 */
export function SellerScore({ score, compact = false }: { score: SellerScoreDto; compact?: boolean }) {
  const { t } = useTranslation('reviews');
  const language = useLanguage();
  const rated = score.reviewAverage !== null && score.reviewCount > 0;
  const showRate = score.completionRate !== null && !(compact && score.newSeller);
  const nothingElse = !showRate && !score.newSeller;
  return (
    <ul aria-label={t('score.label')} className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm text-base-content/85" data-testid="seller-score">
      {rated && score.reviewAverage !== null && (
        <li>
          <AverageRating average={score.reviewAverage} count={score.reviewCount} />
        </li>
      )}
      {!rated && (!compact || nothingElse) && <li className="text-base-content/70">{t('score.noReviews')}</li>}
      {showRate && score.completionRate !== null && (
        <li data-testid="seller-completion">{t('score.completion', { percent: formatPercent(score.completionRate, language) })}</li>
      )}
      {score.newSeller && (
        <li>
          <NewSellerBadge />
        </li>
      )}
    </ul>
  );
}

/** The score under the seller's name on a book page, and the way to the seller's own page. */
export function SellerScoreSummary({ sellerId, score }: { sellerId: string; score: SellerScoreDto }) {
  const { t } = useTranslation('reviews');
  return (
    <div className="mb-4 flex flex-col gap-2">
      <SellerScore score={score} compact />
      <Link to={`/sellers/${sellerId}`} className="link link-primary inline-flex w-fit items-center gap-1 text-sm font-semibold">
        {t('score.seePage')}
        <LuArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </div>
  );
}
