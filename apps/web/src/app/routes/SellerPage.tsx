import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ReportAction } from '@/components/reports/ReportAction';
import { ErrorState } from '@/components/ui/ErrorState';
import { Spinner } from '@/components/ui/Spinner';
import { SellerBooks } from '@/features/catalogue/components/SellerBooks';
import { NotFoundPage } from '@/features/errors/components/NotFoundPage';
import { useSeller } from '@/features/sellers/api/get-seller';
import { SellerHeader } from '@/features/sellers/components/SellerHeader';
import { SellerReviews } from '@/features/sellers/components/SellerReviews';
import { isNotFoundError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /sellers/:id, a seller's public page: who they are and their score, their books on sale (the shop's cards) and the
 * reviews buyers left them, which the seller themself can answer here. Composed here because it draws on two
 * features: the catalogue's book cards and the sellers' reviews. An unknown seller is the app's not-found page.
 */
export function SellerPage() {
  const { t } = useTranslation('reviews');
  const { id = '' } = useParams();
  const seller = useSeller(id);
  const user = useCurrentUser();
  const notFound = seller.isError && isNotFoundError(seller.error);

  useDocumentTitle(seller.data?.name ?? t('sellerPage.title'));

  if (notFound) return <NotFoundPage />;
  if (seller.isPending) return <Spinner label={t('sellerPage.loading')} className="min-h-dvh pb-40" />;
  if (seller.isError) {
    return (
      <div className="container-page">
        <ErrorState error={seller.error} onRetry={() => void seller.refetch()} retrying={seller.isFetching} />
      </div>
    );
  }
  const isSeller = user !== null && user.role === 'seller' && user.id === seller.data.id;
  return (
    // Keyed by the seller: another seller's page starts from its own first pages, not this one's.
    <div key={id} className="container-page flex flex-col gap-12 py-8 sm:py-12">
      <SellerHeader seller={seller.data} />
      <SellerBooks sellerId={seller.data.id} />
      <SellerReviews sellerId={seller.data.id} isSeller={isSeller} />
      <ReportAction target={{ type: 'seller', id: seller.data.id, name: seller.data.name }} ownerId={seller.data.id} className="-mt-8 self-end" />
    </div>
  );
}
