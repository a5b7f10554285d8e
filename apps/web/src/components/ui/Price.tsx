import { formatTaka } from '@/lib/format';

interface PriceProps {
  amount: number;
  className?: string;
}

/** An amount in taka, rendered "<amount> ৳" and never broken across lines. */
export function Price({ amount, className = '' }: PriceProps) {
  return <span className={`whitespace-nowrap tabular-nums ${className}`}>{formatTaka(amount)}</span>;
}

/** The original (new-book) price, struck through. */
export function OriginalPrice({ amount, className = '' }: PriceProps) {
  return (
    <del className={`whitespace-nowrap tabular-nums text-base-content/55 ${className}`}>
      <span className="sr-only">Original price </span>
      {formatTaka(amount)}
    </del>
  );
}
