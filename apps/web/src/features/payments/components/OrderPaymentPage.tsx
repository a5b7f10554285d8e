import { OpensSoonPage } from '@/components/ui/OpensSoonPage';

/** /dashboard/payment/:id (buyer): pay for an order. Placeholder until card payments ship. */
export function OrderPaymentPage() {
  return <OpensSoonPage title="Payment">Paying for an order by card will happen on this page.</OpensSoonPage>;
}
