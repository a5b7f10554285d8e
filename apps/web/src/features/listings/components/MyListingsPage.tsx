import { useState } from 'react';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import { LuBookPlus, LuLibrary } from 'react-icons/lu';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { userMessage } from '@/lib/error-handling';
import { pageCount, usePageInRange, usePageParam } from '@/lib/page-param';
import { useDeleteBook } from '../api/delete-book';
import { MY_BOOKS_PER_PAGE, useMyBooks } from '../api/get-my-books';
import { EditListingModal } from './EditListingModal';
import { ListingList } from './ListingList';

export const EMPTY_TEXT = 'You have to products to display.';
export const DELETE_QUESTION = 'Are you sure you want to delete?';
export const DELETED_TOAST = 'Item deleted successfully';

/** Asks before a listing is deleted, then deletes it. */
function DeleteListingDialog({ book, onDone }: { book: SellerBookDto; onDone: () => void }) {
  const remove = useDeleteBook();
  const onConfirm = () =>
    remove.mutate(book.id, {
      onSuccess: () => toast.success(DELETED_TOAST),
      onError: (error) => toast.error(userMessage(error)),
      onSettled: onDone,
    });
  return (
    <ConfirmDialog question={DELETE_QUESTION} onConfirm={onConfirm} onCancel={onDone} busy={remove.isPending}>
      <p>
        &ldquo;{book.title}&rdquo; will be taken off the shop. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

function NoListings() {
  return (
    <EmptyState icon={<LuLibrary className="size-7" />} title={EMPTY_TEXT}>
      <p>Books you list appear here, where you can advertise, edit or delete them.</p>
      <Link to="/dashboard/addAProduct" className="btn btn-primary">
        <LuBookPlus className="size-4" aria-hidden="true" />
        Add Some
      </Link>
    </EmptyState>
  );
}

/** /dashboard/myProducts (seller): every listing with its status, and what can still be done with it. */
export function MyListingsPage() {
  const [page, goToPage] = usePageParam();
  const books = useMyBooks(page);
  const [editing, setEditing] = useState<SellerBookDto | null>(null);
  const [deleting, setDeleting] = useState<SellerBookDto | null>(null);
  const total = books.data?.total ?? 0;
  const totalPages = pageCount(total, MY_BOOKS_PER_PAGE);

  usePageInRange({ ready: books.isSuccess && !books.isPlaceholderData, page, totalPages, goToPage });

  const lead = books.data && total > 0 ? `${total} ${total === 1 ? 'book' : 'books'} listed.` : undefined;

  return (
    <DashboardPage title="My Products" lead={lead}>
      {books.isPending && <Spinner label="Loading your books" />}
      {books.isError && (
        <ErrorState
          title="We couldn't load your books"
          error={books.error}
          onRetry={() => void books.refetch()}
          retrying={books.isFetching}
        />
      )}
      {books.isSuccess && total === 0 && <NoListings />}
      {books.isSuccess && total > 0 && (
        <div className={books.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={books.isPlaceholderData}>
          <ListingList books={books.data.items} onEdit={setEditing} onDelete={setDeleting} />
          {total > MY_BOOKS_PER_PAGE && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} className="mt-8" />}
        </div>
      )}
      {editing && <EditListingModal book={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteListingDialog book={deleting} onDone={() => setDeleting(null)} />}
    </DashboardPage>
  );
}
