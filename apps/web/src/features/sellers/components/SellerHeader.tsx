import { useTranslation } from 'react-i18next';
import { LuBadgeCheck, LuCalendar, LuInfo } from 'react-icons/lu';
import type { SellerProfileDto } from '@bindings/SellerProfileDto';
import { SellerScore } from '@/components/reviews/SellerScore';
import { formatMonthYear } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

function VerifiedBadge() {
  const { t } = useTranslation('reviews');
  return (
    <span role="img" aria-label={t('sellerPage.verified')} title={t('sellerPage.verified')} className="badge badge-success gap-1 font-semibold">
      <LuBadgeCheck className="size-4" aria-hidden="true" />
      <span aria-hidden="true">{t('sellerPage.verifiedShort')}</span>
    </span>
  );
}

/** What a review is and what the completion rate counts, in two sentences, so a buyer knows how far to trust them. */
function HowReviewsWork() {
  const { t } = useTranslation('reviews');
  return (
    <aside aria-labelledby="how-reviews-work" className="flex gap-3 rounded-box border border-info/30 bg-info/5 p-4 sm:p-5">
      <LuInfo className="mt-0.5 size-5 shrink-0 text-info" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <h2 id="how-reviews-work" className="font-semibold">
          {t('sellerPage.howHeading')}
        </h2>
        <p className="text-sm text-base-content/80">{t('sellerPage.howText')}</p>
      </div>
    </aside>
  );
}

/** The head of a seller's page: who they are, since when, their score, and how the score is made. */
export function SellerHeader({ seller }: { seller: SellerProfileDto }) {
  const { t } = useTranslation('reviews');
  const language = useLanguage();
  const joined = formatMonthYear(seller.joinedAt, language);
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <div className="flex items-start gap-4 rounded-box bg-base-200/70 p-5 ring-1 ring-base-300/70 sm:p-6">
        <div
          className="grid size-14 shrink-0 place-items-center rounded-full bg-primary text-2xl font-semibold text-primary-content"
          aria-hidden="true"
        >
          {seller.name.trim().charAt(0).toUpperCase()}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-2xl font-bold break-words text-primary sm:text-3xl">{seller.name}</h1>
            {seller.verified && <VerifiedBadge />}
          </div>
          {joined && (
            <p className="flex items-center gap-1.5 text-sm text-base-content/75">
              <LuCalendar className="size-4 shrink-0" aria-hidden="true" />
              {t('sellerPage.joined', { date: joined })}
            </p>
          )}
          <SellerScore score={seller.score} />
        </div>
      </div>
      <HowReviewsWork />
    </div>
  );
}
