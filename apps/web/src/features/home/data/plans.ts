/** Subscription plans from spec section 3 (display only; nothing is sold yet). Texts: `plans.<id>` in the catalogue. */
export interface Plan {
  id: 'standard' | 'popular' | 'premium';
  /** Whole taka per month. */
  monthlyPrice: number;
  booksAtATime: number;
  /** Percent off delivery. */
  deliveryDiscount: number;
  /** Books a subscriber may sell each month; null for no limit. */
  sellingPerMonth: number | null;
  highlighted?: boolean;
}

export const PLANS: Plan[] = [
  { id: 'standard', monthlyPrice: 225, booksAtATime: 3, deliveryDiscount: 30, sellingPerMonth: 2 },
  { id: 'popular', monthlyPrice: 350, booksAtATime: 5, deliveryDiscount: 55, sellingPerMonth: 10, highlighted: true },
  { id: 'premium', monthlyPrice: 575, booksAtATime: 15, deliveryDiscount: 100, sellingPerMonth: null },
];
