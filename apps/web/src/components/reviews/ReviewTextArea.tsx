import type { TextareaHTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { REVIEW_TEXT_MAX_CHARS, reviewTextLength } from './review-text';

interface ReviewTextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: string;
  hint: string;
  /** What is typed so far (the form's `watch`), for the counter. */
  text: string;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A review's comment or a seller's answer, with a counter of the characters used out of the 1,000 allowed. The counter
 * is part of the field's description (read out with it when it takes the focus), not a live region that would talk
 * over every key pressed; it turns red once past the limit, and the form says so when sent.
 */
export function ReviewTextArea({ label, hint, text, error, ...textarea }: ReviewTextAreaProps) {
  const { t } = useTranslation('reviews');
  const language = useLanguage();
  const used = reviewTextLength(text);
  const over = used > REVIEW_TEXT_MAX_CHARS;
  return (
    <TextAreaField
      label={label}
      error={error}
      hint={
        <span className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <span>{hint}</span>
          <span className={`tabular-nums whitespace-nowrap ${over ? 'font-semibold text-error' : ''}`} data-testid="character-counter">
            {t('form.counter', { used: formatNumber(used, language), max: formatNumber(REVIEW_TEXT_MAX_CHARS, language) })}
          </span>
        </span>
      }
      {...textarea}
    />
  );
}
