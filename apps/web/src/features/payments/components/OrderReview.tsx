import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LuMessageSquareReply, LuStar } from 'react-icons/lu';
import type { OrderDto } from '@bindings/OrderDto';
import type { ReviewDto } from '@bindings/ReviewDto';
import { ReviewRatings } from '@/components/reviews/ReviewRatings';
import { FormAlert } from '@/components/ui/FormAlert';
import { formatDate } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { ReviewForm } from './ReviewForm';

/** The buyer's own review, as it stands on the seller's page, with the seller's answer once there is one. */
function YourReview({ review }: { review: ReviewDto }) {
  const { t } = useTranslation('reviews');
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-3" data-testid="your-review">
      <p className="text-sm text-base-content/70">{t('yours.writtenOn', { date: formatDate(review.createdAt, language) })}</p>
      <ReviewRatings review={review} />
      {review.comment && <p className="whitespace-pre-line break-words text-base-content/90">{review.comment}</p>}
      {review.answer && (
        <div className="flex gap-2 rounded-field border-l-4 border-primary/40 bg-base-200/70 px-3 py-2.5">
          <LuMessageSquareReply className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0">
            <p className="text-sm font-semibold">{t('yours.sellerAnswer')}</p>
            <p className="whitespace-pre-line break-words text-sm text-base-content/85">{review.answer.text}</p>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * Under a completed order: the review form while the buyer may still review it (handed over, not reviewed, within 14
 * days), "Your review" once written. Sent from here, the heading of "Your review" takes the focus, since the form and
 * the button pressed are gone. The `review` anchor is where My Orders' "Write a review" leads.
 */
export function OrderReview({ order }: { order: OrderDto }) {
  const { t } = useTranslation('reviews');
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const formShown = useRef(order.canReview);
  const review = order.review;
  const section = useRef<HTMLElement>(null);
  const arrivedForReview = useLocation().hash === '#review';

  // Opened from My Orders' "Write a review": the form is below the order's summary, out of sight on a phone.
  useEffect(() => {
    // jsdom (the unit tests) has no scrollIntoView.
    if (arrivedForReview) section.current?.scrollIntoView?.({ block: 'start' });
  }, [arrivedForReview]);

  useEffect(() => {
    if (review && formShown.current) heading.current?.focus();
  }, [review]);

  if (!review && !order.canReview) return null;
  return (
    <section ref={section} id="review" aria-labelledby={titleId} className="flex scroll-mt-24 flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5 shadow-soft sm:p-6">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent/15 text-accent" aria-hidden="true">
          <LuStar className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={titleId} ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
            {review ? t('yours.heading') : t('form.heading')}
          </h2>
          {!review && <p className="text-base-content/75">{t('form.intro')}</p>}
        </div>
      </div>
      <FormAlert message={refusal} />
      {review ? <YourReview review={review} /> : <ReviewForm orderId={order.id} onRefused={setRefusal} />}
    </section>
  );
}
