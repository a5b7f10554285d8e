import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LuArrowRight } from '@/components/ui/icons';
import { HOME_BOOKS_PER_CATEGORY, useGroupedBooks } from '../api/get-grouped-books';
import { ErrorState } from '@/components/ui/ErrorState';
import { Spinner } from '@/components/ui/Spinner';
import { BookShelf } from './BookShelf';

/** A category's shelf: a swipeable row on phones, four columns from the sm breakpoint up. */
const SHELF_COLUMNS = 'sm:grid-cols-4';

/** Landing-page block: a few books from every category and a way into the full shop. */
export function ExploreBooks() {
  const { t } = useTranslation();
  const grouped = useGroupedBooks(HOME_BOOKS_PER_CATEGORY);
  const groups = grouped.data?.filter((group) => group.books.length > 0) ?? [];

  return (
    <section aria-labelledby="explore-heading" className="py-16 sm:py-20">
      <div className="container-page">
        <div className="mb-10 flex flex-col justify-between gap-4 sm:flex-row sm:items-end">
          <div className="max-w-2xl">
            <p className="section-eyebrow mb-2">{t('explore.eyebrow')}</p>
            <h2 id="explore-heading" className="text-3xl font-bold text-primary sm:text-4xl">
              {t('explore.heading')}
            </h2>
          </div>
          <Link to="/shop" className="btn btn-outline btn-primary hidden sm:inline-flex">
            {t('explore.more')}
            <LuArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>

        {grouped.isPending && <Spinner />}
        {grouped.isError && (
          <ErrorState error={grouped.error} onRetry={() => void grouped.refetch()} retrying={grouped.isFetching} />
        )}
        {grouped.isSuccess && (
          <div className="grid gap-x-10 gap-y-12 xl:grid-cols-2">
            {groups.map((group) => (
              <div key={group.category.id} aria-labelledby={`explore-${group.category.id}`} role="group" className="min-w-0">
                <div className="mb-4 flex items-baseline justify-between gap-4 border-b border-base-300 pb-2">
                  <h3 id={`explore-${group.category.id}`} className="text-xl font-semibold sm:text-2xl">
                    {group.category.name}
                  </h3>
                  {/* Named for its category: a screen reader's list of links holds one "See all" per shelf. */}
                  <Link
                    to={`/category/${group.category.id}`}
                    aria-label={t('explore.seeAllIn', { category: group.category.name })}
                    className="shrink-0 text-sm font-semibold text-secondary hover:underline"
                  >
                    {t('explore.seeAll')}
                  </Link>
                </div>
                <BookShelf books={group.books} headingLevel={4} columns={SHELF_COLUMNS} compact />
              </div>
            ))}
          </div>
        )}

        <div className="mt-12 flex justify-center">
          <Link to="/shop" className="btn btn-primary btn-lg">
            {t('explore.more')}
            <LuArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}
