import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuStar } from 'react-icons/lu';
import type { RatingField } from '@/components/reviews/ReviewRatings';
import { problemText } from '@/lib/i18n/problem';

const STAR_VALUES = ['1', '2', '3', '4', '5'] as const;

interface StarRatingInputProps {
  name: RatingField;
  /** The form's `register(name)`: one radio per star. */
  field: UseFormRegisterReturn;
  /** The stars chosen so far ('' for none). */
  value: string;
  error?: string;
}

/**
 * One rating of 1 to 5 as a radio group under its question: each star is a radio button named "4 stars: very good",
 * so the arrow keys move between them as in any radio group, and a screen reader says which is chosen. The stars up to
 * the chosen one are filled; the chosen one's words are shown beside them.
 */
export function StarRatingInput({ name, field, value, error }: StarRatingInputProps) {
  const { t } = useTranslation('reviews');
  const id = useId();
  const chosen = Number(value) || 0;
  const chosenStar = STAR_VALUES.find((star) => Number(star) === chosen);
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={describedBy} aria-invalid={error ? true : undefined} data-rating={name}>
      <legend className="text-sm font-semibold text-base-content/85">{t(`ratings.${name}`)}</legend>
      <p id={`${id}-hint`} className="text-sm text-base-content/65">
        {t(`ratingHints.${name}`)}
      </p>
      {/* The chosen one's words under the stars, in a line kept for them, so nothing moves when a star is chosen. */}
      <div className="flex flex-col items-start">
        <div className="-ml-1 flex items-center">
          {STAR_VALUES.map((star) => (
            <label
              key={star}
              className="cursor-pointer rounded-field p-1 has-focus-visible:outline-2 has-focus-visible:outline-offset-0 has-focus-visible:outline-primary"
            >
              <input type="radio" value={star} className="peer sr-only" {...field} />
              <LuStar
                aria-hidden="true"
                className={`size-8 transition-colors ${Number(star) <= chosen ? 'fill-accent text-accent' : 'text-base-content/40'}`}
              />
              <span className="sr-only">{t(`stars.${star}`)}</span>
            </label>
          ))}
        </div>
        <span className="min-h-5 text-sm font-medium text-base-content/80" aria-hidden="true">
          {chosenStar ? t(`stars.${chosenStar}`) : null}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-error first-letter:uppercase">
          {problemText(error)}
        </p>
      )}
    </fieldset>
  );
}
