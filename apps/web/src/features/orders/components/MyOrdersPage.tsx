import { OpensSoonPage } from '@/components/ui/OpensSoonPage';

/** /dashboard/myOrders (buyer). Placeholder until ordering ships. */
export function MyOrdersPage() {
  return (
    <OpensSoonPage title="My Orders">
      The books you order will be listed here, with a Pay link while an order is pending and a Paid label once it
      is paid.
    </OpensSoonPage>
  );
}
