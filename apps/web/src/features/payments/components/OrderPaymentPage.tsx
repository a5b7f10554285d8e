import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { OrderCheckout } from './OrderCheckout';

/** Router state of a page opened right after its order was placed (the buy form sends it). */
function justPlaced(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { placed?: unknown }).placed === true;
}

/**
 * /dashboard/payment/:id (buyer): one of the buyer's own orders: its handover code, how it is paid (by card here), and
 * Cancel. Opened from the buy form, the order's state takes the focus.
 */
export function OrderPaymentPage() {
  const { t } = useTranslation('buying');
  const { id = '' } = useParams();
  const { state } = useLocation();
  return (
    <DashboardPage title={t('payment.title')}>
      <OrderCheckout key={id} orderId={id} focusOnArrival={justPlaced(state)} />
    </DashboardPage>
  );
}
