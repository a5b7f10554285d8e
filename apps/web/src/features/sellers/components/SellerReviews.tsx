import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMessageSquareReply, LuMessagesSquare } from 'react-icons/lu';
import type { PublishedReviewDto } from '@bindings/PublishedReviewDto';
import { ReviewRatings } from '@/components/reviews/ReviewRatings';
import { ErrorState } from '@/components/ui/ErrorState';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { formatDate } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { pageCount, useListPageParam, usePageInRange } from '@/lib/page-param';
import { SELLER_REVIEWS_PER_PAGE, useSellerReviews } from '../api/get-seller-reviews';
import { AnswerReviewForm } from './AnswerReviewForm';

const ANCHOR = 'seller-reviews';

function SellerAnswer({ answer }: { answer: NonNullable<PublishedReviewDto['answer']> }) {
  const { t } = useTranslation('reviews');
  const language = useLanguage();
  return (
    <div className="flex gap-2 rounded-field border-l-4 border-primary/40 bg-base-200/70 px-3 py-2.5" data-testid="seller-answer">
      <LuMessageSquareReply className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="text-sm font-semibold">{t('sellerPage.sellerAnswer')}</p>
        <p className="text-sm break-words whitespace-pre-line text-base-content/85">{answer.text}</p>
        <p className="text-xs text-base-content/65">{t('sellerPage.answeredOn', { date: formatDate(answer.answeredAt, language) })}</p>
      </div>
    </div>
  );
}

/** "Answer" under an unanswered review, for the seller it is about; it opens the answer form in place. */
function AnswerButton({ sellerId, review }: { sellerId: string; review: PublishedReviewDto }) {
  const { t } = useTranslation('reviews');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (open) {
    return (
      <AnswerReviewForm
        sellerId={sellerId}
        reviewId={review.id}
        buyerName={review.buyerFirstName}
        onClose={() => {
          setOpen(false);
          // Put away unanswered, the button comes back and takes the focus again; answered, the answer shows instead.
          requestAnimationFrame(() => button.current?.focus());
        }}
      />
    );
  }
  return (
    <div>
      <button
        ref={button}
        type="button"
        className="btn btn-outline btn-primary btn-sm"
        onClick={() => setOpen(true)}
        aria-label={t('answer.openFor', { name: review.buyerFirstName })}
      >
        <LuMessageSquareReply className="size-4" aria-hidden="true" />
        {t('answer.open')}
      </button>
    </div>
  );
}

function ReviewCard({ review, sellerId, canAnswer }: { review: PublishedReviewDto; sellerId: string; canAnswer: boolean }) {
  const { t } = useTranslation('reviews');
  const language = useLanguage();
  return (
    <article className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-soft sm:p-5" data-review-id={review.id}>
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
        <h3 className="font-semibold">{t('sellerPage.reviewBy', { name: review.buyerFirstName })}</h3>
        <p className="text-sm text-base-content/65">
          <time dateTime={review.createdAt}>{t('sellerPage.reviewedOn', { date: formatDate(review.createdAt, language) })}</time>
        </p>
      </header>
      <p className="text-sm break-words text-base-content/70">{t('sellerPage.bought', { title: review.bookTitle })}</p>
      <ReviewRatings review={review} />
      {review.comment && <p className="break-words whitespace-pre-line text-base-content/90">{review.comment}</p>}
      {review.answer && <SellerAnswer answer={review.answer} />}
      {!review.answer && canAnswer && <AnswerButton sellerId={sellerId} review={review} />}
    </article>
  );
}

/**
 * A seller's reviews, newest first, a page at a time (`?reviews=N`): each one's ratings, comment, the buyer's first
 * name, the date, the book bought and the seller's answer. `isSeller` (the signed-in user is this seller) adds "Answer"
 * under each review not answered yet.
 */
export function SellerReviews({ sellerId, isSeller }: { sellerId: string; isSeller: boolean }) {
  const { t } = useTranslation('reviews');
  const [page, goToPage] = useListPageParam('reviews', ANCHOR);
  const reviews = useSellerReviews(sellerId, page);
  const total = reviews.data?.total ?? 0;
  const totalPages = pageCount(total, SELLER_REVIEWS_PER_PAGE);
  usePageInRange({ ready: reviews.isSuccess && !reviews.isPlaceholderData, page, totalPages, goToPage });
  return (
    <section id={ANCHOR} aria-labelledby={`${ANCHOR}-heading`} className="scroll-mt-24">
      <h2 id={`${ANCHOR}-heading`} className="mb-5 text-2xl font-semibold sm:text-3xl">
        {t('sellerPage.reviewsHeading')}
      </h2>
      {reviews.isPending && <Spinner label={t('sellerPage.reviewsLoading')} className="py-12" />}
      {reviews.isError && (
        <ErrorState title={t('sellerPage.reviewsError')} error={reviews.error} onRetry={() => void reviews.refetch()} retrying={reviews.isFetching} />
      )}
      {reviews.isSuccess && reviews.data.items.length === 0 && (
        <div className="flex flex-col items-center gap-3 rounded-box bg-base-200/70 px-6 py-10 text-center" data-testid="no-reviews">
          <LuMessagesSquare className="size-7 text-primary" aria-hidden="true" />
          <p className="text-lg font-semibold">{t('sellerPage.noReviews')}</p>
          <p className="text-base-content/75">{t('sellerPage.noReviewsText')}</p>
        </div>
      )}
      {reviews.isSuccess && reviews.data.items.length > 0 && (
        <div className={reviews.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={reviews.isPlaceholderData}>
          <ul aria-label={t('sellerPage.reviewsList')} className="flex max-w-3xl flex-col gap-4">
            {reviews.data.items.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} sellerId={sellerId} canAnswer={isSeller} />
              </li>
            ))}
          </ul>
          {total > SELLER_REVIEWS_PER_PAGE && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} className="mt-8" />}
        </div>
      )}
    </section>
  );
}
