// Bangladesh groups digits the South Asian way (1,00,000), which en-IN formatting matches.
const takaNumber = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Money is always "<amount> ৳" across the app, e.g. formatTaka(1200) === "1,200 ৳". */
export function formatTaka(amount: number): string {
  return `${takaNumber.format(amount)} ৳`;
}

/** Ratings come as numbers such as 4.8; always show one decimal. */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** "1 review", "42 reviews". */
export function formatReviews(count: number): string {
  return `${takaNumber.format(count)} ${count === 1 ? 'review' : 'reviews'}`;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
