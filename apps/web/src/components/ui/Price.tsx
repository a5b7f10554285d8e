import { useTranslation } from 'react-i18next';
import { formatTaka } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

interface PriceProps {
  amount: number;
  className?: string;
}

/** An amount in taka, rendered "<amount> ৳" in the reader's digits and never broken across lines. */
export function Price({ amount, className = '' }: PriceProps) {
  const language = useLanguage();
  return <span className={`whitespace-nowrap tabular-nums ${className}`}>{formatTaka(amount, language)}</span>;
}

/** The original (new-book) price, struck through. */
export function OriginalPrice({ amount, className = '' }: PriceProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <del className={`whitespace-nowrap tabular-nums text-base-content/55 ${className}`}>
      <span className="sr-only">{t('priceTag.original')} </span>
      {formatTaka(amount, language)}
    </del>
  );
}
