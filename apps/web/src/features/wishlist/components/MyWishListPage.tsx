import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import { LuHeart, LuShoppingBag } from 'react-icons/lu';
import type { WishListItemDto } from '@bindings/WishListItemDto';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Spinner } from '@/components/ui/Spinner';
import { isNotFoundError } from '@/lib/api-client';
import { useWishList } from '@/lib/api/get-wish-list';
import { userMessage } from '@/lib/error-handling';
import { useRemoveFromWishList } from '../api/remove-from-wish-list';
import { WishList } from './WishList';

/** The spec's empty text, word for word. */
export const NO_WISH_LIST = 'You have no wishList';
export const REMOVED_TOAST = 'Removed from wish list';

function NoWishList() {
  return (
    <EmptyState icon={<LuHeart className="size-7" />} title={NO_WISH_LIST}>
      <p>Tap the heart on a book&apos;s page to keep it here, ready to pay for when you decide.</p>
      <Link to="/shop" className="btn btn-primary">
        <LuShoppingBag className="size-4" aria-hidden="true" />
        Browse the shop
      </Link>
    </EmptyState>
  );
}

/** /dashboard/myWishList (buyer): the books kept with the heart, each as it is now, with Pay while it can be bought. */
export function MyWishListPage() {
  const wishList = useWishList();
  const remove = useRemoveFromWishList();
  const items = wishList.data?.items ?? [];
  const available = items.filter((item) => item.status === 'available').length;

  const onRemove = (item: WishListItemDto) =>
    remove.mutate(item.bookId, {
      onSuccess: () => toast.success(REMOVED_TOAST),
      // Not on the list any more (removed in another tab): what the user wanted has happened.
      onError: (error) => (isNotFoundError(error) ? toast.success(REMOVED_TOAST) : toast.error(userMessage(error))),
    });

  const lead =
    items.length > 0
      ? `${items.length} ${items.length === 1 ? 'book' : 'books'} saved, ${available} available to buy now.`
      : undefined;

  return (
    <DashboardPage title="Wish List" lead={lead}>
      {wishList.isPending && <Spinner label="Loading your wish list" />}
      {wishList.isError && (
        <ErrorState
          title="We couldn't load your wish list"
          error={wishList.error}
          onRetry={() => void wishList.refetch()}
          retrying={wishList.isFetching}
        />
      )}
      {wishList.isSuccess && items.length === 0 && <NoWishList />}
      {wishList.isSuccess && items.length > 0 && (
        <WishList items={items} onRemove={onRemove} removingId={remove.isPending ? (remove.variables ?? null) : null} />
      )}
    </DashboardPage>
  );
}
