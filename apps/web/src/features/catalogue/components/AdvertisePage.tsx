import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAdvertisedBooks } from '../api/get-advertised-books';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AdvertisedGrid } from './AdvertisedGrid';

/** /advertise: only meaningful while something is advertised; otherwise the shop is the better page. */
export function AdvertisePage() {
  const { t } = useTranslation('shop');
  useDocumentTitle(t('advertise.title'));
  const advertised = useAdvertisedBooks();

  if (advertised.isPending) return <Spinner />;
  if (advertised.isError) {
    return (
      <div className="container-page">
        <ErrorState
          error={advertised.error}
          onRetry={() => void advertised.refetch()}
          retrying={advertised.isFetching}
        />
      </div>
    );
  }
  if (advertised.data.length === 0) return <Navigate to="/shop" replace />;

  return (
    <>
      <PageHeader eyebrow={t('advertise.eyebrow')} title={t('advertise.title')}>
        <p>{t('advertise.intro')}</p>
      </PageHeader>
      <div className="container-page py-10 sm:py-14">
        <AdvertisedGrid books={advertised.data} headingLevel={2} />
      </div>
    </>
  );
}
