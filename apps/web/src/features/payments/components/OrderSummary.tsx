import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMapPin, LuPhone } from 'react-icons/lu';
import { Price } from '@/components/ui/Price';

export interface SummaryItem {
  title: string;
  author: string;
  picture: string;
  /** Whole taka. */
  price: number;
}

interface OrderSummaryProps {
  item: SummaryItem;
  /** Where buyer and seller meet, once the order is placed. */
  meeting?: { phone: string; location: string };
  /** A badge beside the heading: the order's status. */
  badge?: ReactNode;
}

/** What is being paid for: the book, its price in taka and the total. */
export function OrderSummary({ item, meeting, badge }: OrderSummaryProps) {
  const { t } = useTranslation('buying');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5 rounded-box bg-base-200/70 p-5 ring-1 ring-base-300/70 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-xl font-semibold text-primary">
          {t('summary.heading')}
        </h2>
        {badge}
      </div>
      <div className="flex items-start gap-4">
        <img
          src={item.picture}
          alt=""
          width={80}
          height={120}
          className="aspect-[2/3] w-20 shrink-0 rounded-field bg-base-300 object-cover shadow-soft ring-1 ring-base-300/70"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-serif text-lg leading-snug font-semibold wrap-break-word">{item.title}</p>
          <p className="text-base-content/75">{t('summary.by', { author: item.author })}</p>
          <Price amount={item.price} className="mt-1 font-semibold" />
        </div>
      </div>
      {meeting && (
        <ul className="flex flex-col gap-1.5 text-sm text-base-content/80" aria-label={t('summary.meeting')}>
          <li className="flex items-start gap-2">
            <LuMapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <span className="sr-only">{t('summary.location')} </span>
              {meeting.location}
            </span>
          </li>
          <li className="flex items-start gap-2">
            <LuPhone className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <span className="sr-only">{t('summary.phone')} </span>
              {meeting.phone}
            </span>
          </li>
        </ul>
      )}
      <p className="flex items-baseline justify-between gap-4 border-t border-base-300 pt-4">
        <span className="font-semibold">{t('summary.total')}</span>
        <Price amount={item.price} className="text-2xl font-bold text-primary" />
      </p>
    </section>
  );
}
