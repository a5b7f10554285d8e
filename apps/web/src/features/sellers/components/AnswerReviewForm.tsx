import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ReviewTextArea } from '@/components/reviews/ReviewTextArea';
import { requiredReviewText } from '@/components/reviews/review-text';
import { FormAlert } from '@/components/ui/FormAlert';
import { userMessageToken } from '@/lib/error-handling';
import { applyFieldErrors } from '@/lib/form-errors';
import { useAnswerReview } from '../api/answer-review';

const answerSchema = z.object({ text: requiredReviewText });
type AnswerValues = z.infer<typeof answerSchema>;

interface AnswerReviewFormProps {
  sellerId: string;
  reviewId: string;
  buyerName: string;
  /** The form is done with: answered, or put away. */
  onClose: () => void;
}

/** The seller's one answer to a review on their page: a text of up to 1,000 characters, with a counter. */
export function AnswerReviewForm({ sellerId, reviewId, buyerName, onClose }: AnswerReviewFormProps) {
  const { t } = useTranslation('reviews');
  const answer = useAnswerReview(sellerId, reviewId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AnswerValues>({ resolver: zodResolver(answerSchema), defaultValues: { text: '' } });
  const text = form.watch('text');
  const busy = answer.isPending;
  const textField = form.register('text');

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await answer.mutateAsync(values.text.trim());
      toast.success(i18next.t('answer.published', { ns: 'reviews' }));
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, { fields: ['text'] })) setFailure(userMessageToken(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('answer.form', { name: buyerName })} className="flex flex-col gap-3">
      <ReviewTextArea
        label={t('answer.label')}
        hint={t('answer.hint')}
        text={text}
        rows={3}
        // Opened by the seller's own press of "Answer": the field is where they meant to go.
        autoFocus
        error={form.formState.errors.text?.message}
        {...textField}
      />
      <FormAlert message={failure} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose} disabled={busy}>
          {t('answer.cancel')}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy} aria-busy={busy || undefined}>
          {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t('answer.submit')}
        </button>
      </div>
    </form>
  );
}
