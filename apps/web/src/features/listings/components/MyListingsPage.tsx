import { useState } from 'react';
import { Link } from 'react-router-dom';
import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { LuBookPlus, LuLibrary } from 'react-icons/lu';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { userMessage } from '@/lib/error-handling';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { pageCount, usePageInRange, usePageParam } from '@/lib/page-param';
import { useDeleteBook } from '../api/delete-book';
import { MY_BOOKS_PER_PAGE, useMyBooks } from '../api/get-my-books';
import { EditListingModal } from './EditListingModal';
import { ListingList } from './ListingList';
import { ListingPhotosModal } from './ListingPhotosModal';

/** Asks before a listing is deleted, then deletes it. */
function DeleteListingDialog({ book, onDone }: { book: SellerBookDto; onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const remove = useDeleteBook();
  const onConfirm = () =>
    remove.mutate(book.id, {
      onSuccess: () => toast.success(i18next.t('myProducts.deleted', { ns: 'dashboard' })),
      onError: (error) => toast.error(userMessage(error)),
      onSettled: onDone,
    });
  return (
    <ConfirmDialog question={t('myProducts.deleteQuestion')} onConfirm={onConfirm} onCancel={onDone} busy={remove.isPending}>
      <p>{t('myProducts.deleteText', { title: book.title })}</p>
    </ConfirmDialog>
  );
}

function NoListings() {
  const { t } = useTranslation('dashboard');
  return (
    <EmptyState icon={<LuLibrary className="size-7" />} title={t('myProducts.empty')}>
      <p>{t('myProducts.emptyText')}</p>
      <Link to="/dashboard/addAProduct" className="btn btn-primary">
        <LuBookPlus className="size-4" aria-hidden="true" />
        {t('myProducts.addSome')}
      </Link>
    </EmptyState>
  );
}

/** /dashboard/myProducts (seller): every listing with its status, and what can still be done with it. */
export function MyListingsPage() {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const [page, goToPage] = usePageParam();
  const books = useMyBooks(page);
  const [editing, setEditing] = useState<SellerBookDto | null>(null);
  const [deleting, setDeleting] = useState<SellerBookDto | null>(null);
  // By id: the manager shows the listing as the page holds it now, so each answer's photos appear in it.
  const [photosOf, setPhotosOf] = useState<string | null>(null);
  const photosBook = photosOf === null ? undefined : books.data?.items.find((book) => book.id === photosOf);
  const total = books.data?.total ?? 0;
  const totalPages = pageCount(total, MY_BOOKS_PER_PAGE);

  usePageInRange({ ready: books.isSuccess && !books.isPlaceholderData, page, totalPages, goToPage });

  const lead = books.data && total > 0 ? t('myProducts.lead', { count: total, number: formatNumber(total, language) }) : undefined;

  return (
    <DashboardPage title={t('myProducts.title')} lead={lead}>
      {books.isPending && <Spinner label={t('myProducts.loading')} />}
      {books.isError && (
        <ErrorState
          title={t('myProducts.loadFailed')}
          error={books.error}
          onRetry={() => void books.refetch()}
          retrying={books.isFetching}
        />
      )}
      {books.isSuccess && total === 0 && <NoListings />}
      {books.isSuccess && total > 0 && (
        <div className={books.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={books.isPlaceholderData}>
          <ListingList books={books.data.items} onEdit={setEditing} onDelete={setDeleting} onPhotos={(book) => setPhotosOf(book.id)} />
          {total > MY_BOOKS_PER_PAGE && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} className="mt-8" />}
        </div>
      )}
      {editing && <EditListingModal book={editing} onClose={() => setEditing(null)} />}
      {photosBook && <ListingPhotosModal book={photosBook} onClose={() => setPhotosOf(null)} />}
      {deleting && <DeleteListingDialog book={deleting} onDone={() => setDeleting(null)} />}
    </DashboardPage>
  );
}
