import { useTranslation } from 'react-i18next';
import type { ConditionDto } from '@bindings/ConditionDto';

/** A dot of colour per grade, best to most worn: a quick visual cue; the words carry the meaning. */
const GRADE_DOTS = {
  like_new: 'bg-success',
  very_good: 'bg-info',
  good: 'bg-accent',
  acceptable: 'bg-warning',
} as const satisfies Record<ConditionDto, string>;

interface ConditionBadgeProps {
  condition: ConditionDto;
  /** Larger, beside a title (the book page); small on a card. */
  large?: boolean;
  /** Laid over a photo: a near-opaque light surface and a shadow, so it reads on any cover. */
  overlay?: boolean;
  className?: string;
}

/** A copy's condition grade as a small pill; a screen reader hears "Condition: Very Good". */
export function ConditionBadge({ condition, large = false, overlay = false, className = '' }: ConditionBadgeProps) {
  const { t } = useTranslation();
  const grade = t(`copy.grades.${condition}`);
  const sizing = large ? 'gap-1.5 px-3 py-1 text-sm' : 'gap-1 px-2 py-0.5 text-xs';
  const surface = overlay ? 'bg-base-100/95 shadow-sm' : 'bg-base-200';
  return (
    <span
      className={`inline-flex w-fit items-center rounded-full font-semibold whitespace-nowrap text-base-content ring-1 ring-base-300 ${surface} ${sizing} ${className}`}
      data-condition={condition}
    >
      <span className={`size-2 shrink-0 rounded-full ${GRADE_DOTS[condition]}`} aria-hidden="true" />
      <span className="sr-only">{t('copy.conditionOf', { grade })}</span>
      <span aria-hidden="true" className="truncate">
        {grade}
      </span>
    </span>
  );
}
