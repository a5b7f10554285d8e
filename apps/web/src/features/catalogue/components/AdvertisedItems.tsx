import { useTranslation } from 'react-i18next';
import { useAdvertisedBooks } from '../api/get-advertised-books';
import { ErrorState } from '@/components/ui/ErrorState';
import { Spinner } from '@/components/ui/Spinner';
import { AdvertisedGrid } from './AdvertisedGrid';

/** Landing-page section of books sellers are promoting. Hidden entirely when there are none. */
export function AdvertisedItems() {
  const { t } = useTranslation();
  const advertised = useAdvertisedBooks();

  if (advertised.isSuccess && advertised.data.length === 0) return null;

  return (
    <section aria-labelledby="advertised-heading" className="bg-base-200/60 py-16 sm:py-20">
      <div className="container-page">
        <div className="mb-8 max-w-2xl">
          <p className="section-eyebrow mb-2">{t('advertised.eyebrow')}</p>
          <h2 id="advertised-heading" className="text-3xl font-bold text-primary sm:text-4xl">
            {t('advertised.heading')}
          </h2>
          <p className="mt-2 text-base-content/75">
            {t('advertised.text')}
          </p>
        </div>
        {advertised.isPending && <Spinner />}
        {advertised.isError && (
          <ErrorState
            title={t('advertised.error')}
            error={advertised.error}
            onRetry={() => void advertised.refetch()}
            retrying={advertised.isFetching}
          />
        )}
        {advertised.isSuccess && <AdvertisedGrid books={advertised.data} />}
      </div>
    </section>
  );
}
