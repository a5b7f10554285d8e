import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { WriteReviewDto } from '@bindings/WriteReviewDto';
import { RATING_FIELDS } from '@/components/reviews/ReviewRatings';
import { ReviewTextArea } from '@/components/reviews/ReviewTextArea';
import { optionalReviewText } from '@/components/reviews/review-text';
import { userMessageToken } from '@/lib/error-handling';
import { applyFieldErrors } from '@/lib/form-errors';
import { textToken } from '@/lib/i18n/problem';
import { useWriteReview } from '../api/write-review';
import { StarRatingInput } from './StarRatingInput';

// "Choose 1 to 5 stars", in the reader's language when shown.
const RATING_REQUIRED = textToken('reviews:form.ratingRequired');
// A radio group gives its value as text ('' or null while nothing is chosen).
const rating = z.string({ error: RATING_REQUIRED }).regex(/^[1-5]$/, RATING_REQUIRED);

const reviewSchema = z.object({
  asDescribed: rating,
  communication: rating,
  onTime: rating,
  comment: optionalReviewText,
});
type ReviewValues = z.input<typeof reviewSchema>;

const FIELDS = [...RATING_FIELDS, 'comment'] as const;

/** The body the server takes: the ratings as numbers, and the comment only when there is one. */
function bodyOf({ asDescribed, communication, onTime, comment }: ReviewValues): WriteReviewDto {
  const text = comment.trim();
  return {
    asDescribed: Number(asDescribed),
    communication: Number(communication),
    onTime: Number(onTime),
    ...(text ? { comment: text } : {}),
  };
}

interface ReviewFormProps {
  orderId: string;
  /** Why the review was refused when no field is to blame (written already, its 14 days over...): the page shows it. */
  onRefused: (message: string) => void;
}

/**
 * The buyer's review of a completed order: the three ratings (each required) and an optional comment. The server's
 * field messages go beside their fields; a refusal by the rules is handed to the page, which may no longer show the
 * form once the order is asked for again.
 */
export function ReviewForm({ orderId, onRefused }: ReviewFormProps) {
  const { t } = useTranslation('reviews');
  const write = useWriteReview(orderId);
  const form = useForm<ReviewValues>({
    resolver: zodResolver(reviewSchema),
    defaultValues: { asDescribed: '', communication: '', onTime: '', comment: '' },
  });
  const { errors } = form.formState;
  const values = form.watch();
  const busy = write.isPending;
  const comment = form.register('comment');

  const onSubmit = form.handleSubmit(async (review) => {
    try {
      await write.mutateAsync(bodyOf(review));
      toast.success(i18next.t('form.published', { ns: 'reviews' }));
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, { fields: FIELDS })) onRefused(userMessageToken(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('form.label')} className="flex flex-col gap-5">
      {RATING_FIELDS.map((name) => (
        <StarRatingInput key={name} name={name} field={form.register(name)} value={values[name] ?? ''} error={errors[name]?.message} />
      ))}
      <ReviewTextArea
        label={t('form.comment')}
        hint={t('form.commentHint')}
        text={values.comment}
        rows={4}
        error={errors.comment?.message}
        {...comment}
      />
      <p className="text-sm text-base-content/70">{t('form.public')}</p>
      <div>
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy} aria-busy={busy || undefined}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('form.submit')}
        </button>
      </div>
    </form>
  );
}
