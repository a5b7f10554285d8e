import { useTranslation } from 'react-i18next';
import { LuCheck } from '@/components/ui/icons';
import { formatNumber, formatTaka } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { PLANS, type Plan } from '../data/plans';

function PlanCard({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const number = (value: number) => formatNumber(value, language);
  const features = [
    t('plans.borrow', { count: plan.booksAtATime, number: number(plan.booksAtATime) }),
    t('plans.discount', { percent: number(plan.deliveryDiscount) }),
    t(`plans.${plan.id}.selling`, { number: plan.sellingPerMonth === null ? '' : number(plan.sellingPerMonth) }),
  ];
  return (
    <li
      data-plan={plan.id}
      className={`relative flex flex-col gap-5 rounded-box p-7 ${
        plan.highlighted
          ? 'bg-primary text-primary-content shadow-lift ring-2 ring-accent lg:-my-3 lg:py-10'
          : 'bg-base-100 shadow-soft ring-1 ring-base-300/70'
      }`}
    >
      <h3 className={`text-2xl font-bold ${plan.highlighted ? 'text-[#fdf9ef]' : 'text-primary'}`}>{t(`plans.${plan.id}.name`)}</h3>
      <p className="flex items-baseline gap-1.5">
        <span className="text-4xl font-bold whitespace-nowrap tabular-nums">{formatTaka(plan.monthlyPrice, language)}</span>
        <span className={plan.highlighted ? 'text-[#fdf9ef]/75' : 'text-base-content/60'}>{t('plans.perMonth')}</span>
      </p>
      <ul className="flex flex-col gap-3">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-3">
            <LuCheck
              className={`mt-1 size-4 shrink-0 ${plan.highlighted ? 'text-accent' : 'text-success'}`}
              aria-hidden="true"
            />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <p
        className={`mt-auto rounded-field px-4 py-2.5 text-center text-sm font-semibold ${
          plan.highlighted ? 'bg-accent text-accent-content' : 'bg-base-200 text-base-content/75'
        }`}
      >
        {t('plans.soon')}
      </p>
    </li>
  );
}

export function PlansBlock() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="plans-heading" className="bg-base-200/60 py-16 sm:py-20">
      <div className="container-page">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <p className="section-eyebrow mb-2">{t('plans.eyebrow')}</p>
          <h2 id="plans-heading" className="text-3xl font-bold text-primary sm:text-4xl">
            {t('plans.heading')}
          </h2>
          <p className="mt-3 text-base-content/75">
            {t('plans.text')}
          </p>
        </div>
        <ul className="grid items-stretch gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
      </div>
    </section>
  );
}
