import { OpensSoonPage } from '@/components/ui/OpensSoonPage';

/** /dashboard/payment2/:id (buyer): pay for a wish-list book. Placeholder until card payments ship. */
export function WishListPaymentPage() {
  return <OpensSoonPage title="Payment">Paying for a book from your wish list will happen on this page.</OpensSoonPage>;
}
