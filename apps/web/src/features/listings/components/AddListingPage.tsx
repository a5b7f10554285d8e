import { useTranslation } from 'react-i18next';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { useCurrentUser } from '@/lib/auth-store';
import { AddBookForm } from './AddBookForm';

/** /dashboard/addAProduct (seller): list a used book for sale. */
export function AddListingPage() {
  const { t } = useTranslation('dashboard');
  const seller = useCurrentUser();
  return (
    <DashboardPage title={t('addProduct.title')} lead={t('addProduct.lead')}>
      {seller && <AddBookForm seller={seller} />}
    </DashboardPage>
  );
}
