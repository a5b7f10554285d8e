import { useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { LuBookX } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import { SHOP_BOOKS_PER_CATEGORY, useGroupedBooks } from '../api/get-grouped-books';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BookShelf } from './BookShelf';

/** A shelf's grid columns from the sm breakpoint up. */
const SHELF_COLUMNS = 'sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6';

/** Shelves the shop draws with the page; the rest follow in the background. Two fill a phone's first screens. */
const SHELVES_DRAWN_FIRST = 2;

/** /shop: every category with its books; each heading leads to that category's own page. */
export function ShopPage() {
  const { t } = useTranslation('shop');
  useDocumentTitle(t('shop.title'));
  const grouped = useGroupedBooks(SHOP_BOOKS_PER_CATEGORY);
  const groups = useMemo(() => grouped.data?.filter((group) => group.books.length > 0) ?? [], [grouped.data]);
  // The first shelves are drawn at once; the others (most of the shop's two thousand elements) follow in a
  // background render that gives way to the browser every few milliseconds, so a phone can scroll and respond to
  // taps while they are made.
  const shelves = useDeferredValue(groups, groups.slice(0, SHELVES_DRAWN_FIRST));

  return (
    <>
      <PageHeader eyebrow={t('shop.eyebrow')} title={t('shop.title')}>
        <p>{t('shop.intro')}</p>
      </PageHeader>

      <div className="container-page py-10 sm:py-14">
        {grouped.isPending && <Spinner />}
        {grouped.isError && (
          <ErrorState error={grouped.error} onRetry={() => void grouped.refetch()} retrying={grouped.isFetching} />
        )}
        {grouped.isSuccess && groups.length === 0 && (
          <EmptyState icon={<LuBookX className="size-7" />} title={t('shop.emptyTitle')}>
            <p>{t('shop.emptyText')}</p>
          </EmptyState>
        )}
        {groups.length > 0 && (
          <>
            <nav aria-label={t('shop.categories')} className="mb-10">
              <ul className="flex flex-wrap gap-2">
                {groups.map((group) => (
                  <li key={group.category.id}>
                    <a
                      href={`#category-${group.category.id}`}
                      className="btn btn-sm rounded-full border-base-300 bg-base-100 font-medium hover:border-primary hover:bg-primary hover:text-primary-content"
                    >
                      {group.category.name}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="flex flex-col gap-14">
              {shelves.map((group, groupIndex) => (
                <section
                  key={group.category.id}
                  id={`category-${group.category.id}`}
                  aria-labelledby={`heading-${group.category.id}`}
                  // The shelves below the first are laid out and drawn only as they near the screen: the whole
                  // shop is nearly two thousand elements, and laying them all out at once kept a phone busy for
                  // a noticeable moment after the page appeared. The size reserved for one until then is a phone's
                  // shelf; the browser keeps each shelf's real size once it has been drawn. Such a shelf is drawn
                  // clipped to its box: the clip margin keeps a phone's next card peeking at the screen edge (the
                  // cue that the shelf scrolls) and the cards' shadows.
                  className={`scroll-mt-24 ${groupIndex > 0 ? '[contain-intrinsic-size:auto_28rem] [content-visibility:auto] [overflow-clip-margin:1.5rem]' : ''}`}
                >
                  <div className="mb-5 flex items-baseline justify-between gap-4 border-b border-base-300 pb-3">
                    <h2 id={`heading-${group.category.id}`} className="text-2xl font-bold sm:text-3xl">
                      <Link
                        to={`/category/${group.category.id}`}
                        className="text-primary decoration-accent decoration-2 underline-offset-4 hover:underline"
                      >
                        {group.category.name}
                      </Link>
                    </h2>
                    <CategoryCount shown={group.books.length} total={group.bookCount} categoryId={group.category.id} />
                  </div>
                  <BookShelf
                    books={group.books}
                    headingLevel={3}
                    columns={SHELF_COLUMNS}
                    compact
                    coversAboveTheFold={groupIndex === 0 ? 6 : 0}
                  />
                </section>
              ))}
            </div>
          </>
        )}
      </div>
    </>
  );
}

/** "7 books", or "Showing 24 of 30 · See all" when the shelf holds only the newest few. */
function CategoryCount({ shown, total, categoryId }: { shown: number; total: number; categoryId: string }) {
  const { t } = useTranslation('shop');
  const language = useLanguage();
  if (shown >= total) {
    return (
      <span className="shrink-0 text-sm text-base-content/60">
        {t('shop.books', { count: total, number: formatNumber(total, language) })}
      </span>
    );
  }
  return (
    <span className="shrink-0 text-sm text-base-content/60">
      {t('shop.showing', { shown: formatNumber(shown, language), total: formatNumber(total, language) })}{' '}
      <Link to={`/category/${categoryId}`} className="link link-primary font-medium">
        {t('shop.seeAll')}
      </Link>
    </span>
  );
}
