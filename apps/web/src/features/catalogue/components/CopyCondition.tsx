import { useTranslation } from 'react-i18next';
import type { ConditionDto } from '@bindings/ConditionDto';
import { ConditionBadge } from '@/components/ui/ConditionBadge';
import { CONDITIONS } from '@/lib/copy';

/**
 * The copy's grade with its definition, and the condition guide under a disclosure: every grade with what it means,
 * this copy's marked, so a buyer can see how it compares with the others.
 */
export function CopyCondition({ condition }: { condition: ConditionDto }) {
  const { t } = useTranslation();
  const { t: tShop } = useTranslation('shop');
  const thisCopy = tShop('book.thisCopy');
  return (
    <section aria-labelledby="condition-heading" className="flex flex-col gap-2 rounded-box bg-base-200/60 p-4">
      <h2 id="condition-heading" className="font-sans text-sm font-semibold text-muted">
        {t('copy.condition')}
      </h2>
      <div className="flex flex-col gap-1.5 sm:flex-row sm:items-start sm:gap-3">
        <ConditionBadge condition={condition} large />
        <p className="text-sm leading-relaxed text-base-content/85">{t(`copy.definitions.${condition}`)}</p>
      </div>
      <details className="group mt-1">
        <summary className="w-fit cursor-pointer text-sm font-semibold text-primary underline-offset-2 hover:underline">
          {t('copy.guide')}
        </summary>
        <dl className="mt-3 flex flex-col gap-3">
          {CONDITIONS.map((grade) => (
            <div key={grade} className={`flex flex-col gap-1 rounded-field p-3 ${grade === condition ? 'bg-base-100 ring-2 ring-primary/60' : 'bg-base-100/60'}`}>
              <dt className="flex flex-wrap items-center gap-2 font-semibold">
                {t(`copy.grades.${grade}`)}
                {grade === condition && <span className="badge badge-primary badge-sm">{thisCopy}</span>}
              </dt>
              <dd className="text-sm leading-snug text-muted">{t(`copy.definitions.${grade}`)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
