import { useAdvertisedBooks } from '../api/get-advertised-books';
import { ErrorState } from '@/components/ui/ErrorState';
import { Spinner } from '@/components/ui/Spinner';
import { AdvertisedGrid } from './AdvertisedGrid';

/** Landing-page section of books sellers are promoting. Hidden entirely when there are none. */
export function AdvertisedItems() {
  const advertised = useAdvertisedBooks();

  if (advertised.isSuccess && advertised.data.length === 0) return null;

  return (
    <section aria-labelledby="advertised-heading" className="bg-base-200/60 py-16 sm:py-20">
      <div className="container-page">
        <div className="mb-8 max-w-2xl">
          <p className="section-eyebrow mb-2">Hand-picked by sellers</p>
          <h2 id="advertised-heading" className="text-3xl font-bold text-primary sm:text-4xl">
            Advertised Items
          </h2>
          <p className="mt-2 text-base-content/75">
            Fresh listings from sellers across the country, still available to order.
          </p>
        </div>
        {advertised.isPending && <Spinner />}
        {advertised.isError && (
          <ErrorState
            title="We couldn't load advertised books"
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
