import { useParams } from 'react-router-dom';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { OrderCheckout } from './OrderCheckout';

/** /dashboard/payment/:id (buyer): pays for one of the buyer's own orders by card. */
export function OrderPaymentPage() {
  const { id = '' } = useParams();
  return (
    <DashboardPage title="Payment">
      <OrderCheckout key={id} orderId={id} />
    </DashboardPage>
  );
}
