import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { OrderCheckout } from './OrderCheckout';

/** /dashboard/payment/:id (buyer): pays for one of the buyer's own orders by card. */
export function OrderPaymentPage() {
  const { t } = useTranslation('buying');
  const { id = '' } = useParams();
  return (
    <DashboardPage title={t('payment.title')}>
      <OrderCheckout key={id} orderId={id} />
    </DashboardPage>
  );
}
