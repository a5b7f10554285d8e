import { DashboardPage } from '@/components/ui/DashboardPage';
import { useCurrentUser } from '@/lib/auth-store';
import { AddBookForm } from './AddBookForm';

/** /dashboard/addAProduct (seller): list a used book for sale. */
export function AddListingPage() {
  const seller = useCurrentUser();
  return (
    <DashboardPage title="Add A Product" lead="List a book you have finished with. It goes on the shop as soon as it is added.">
      {seller && <AddBookForm seller={seller} />}
    </DashboardPage>
  );
}
