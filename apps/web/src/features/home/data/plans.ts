/** Subscription plans from spec section 3 (display only; nothing is sold yet). */
export interface Plan {
  name: string;
  /** Whole taka per month. */
  monthlyPrice: number;
  booksAtATime: number;
  /** Percent off delivery. */
  deliveryDiscount: number;
  selling: string;
  highlighted?: boolean;
}

export const PLANS: Plan[] = [
  { name: 'Standard Plan', monthlyPrice: 225, booksAtATime: 3, deliveryDiscount: 30, selling: '2 books per month' },
  {
    name: 'Most Popular',
    monthlyPrice: 350,
    booksAtATime: 5,
    deliveryDiscount: 55,
    selling: '10 per month',
    highlighted: true,
  },
  { name: 'Premium', monthlyPrice: 575, booksAtATime: 15, deliveryDiscount: 100, selling: 'unlimited' },
];
