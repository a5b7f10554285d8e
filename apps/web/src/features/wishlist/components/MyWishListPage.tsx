import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { LuHeart, LuShoppingBag } from 'react-icons/lu';
import type { WishListItemDto } from '@bindings/WishListItemDto';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Spinner } from '@/components/ui/Spinner';
import { isNotFoundError } from '@/lib/api-client';
import { useWishList } from '@/lib/api/get-wish-list';
import { userMessage } from '@/lib/error-handling';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { useRemoveFromWishList } from '../api/remove-from-wish-list';
import { WishList } from './WishList';

/** Nothing kept yet: in English the spec's words, word for word ("You have no wishList"). */
function NoWishList() {
  const { t } = useTranslation('buying');
  return (
    <EmptyState icon={<LuHeart className="size-7" />} title={t('wishList.empty')}>
      <p>{t('wishList.emptyText')}</p>
      <Link to="/shop" className="btn btn-primary">
        <LuShoppingBag className="size-4" aria-hidden="true" />
        {t('wishList.browse')}
      </Link>
    </EmptyState>
  );
}

/** /dashboard/myWishList (buyer): the books kept with the heart, each as it is now, with Pay while it can be bought. */
export function MyWishListPage() {
  const { t } = useTranslation('buying');
  const language = useLanguage();
  const wishList = useWishList();
  const remove = useRemoveFromWishList();
  const items = wishList.data?.items ?? [];
  const available = items.filter((item) => item.status === 'available').length;

  // In the language on screen when the answer arrives.
  const removed = () => toast.success(i18next.t('wishList.removed', { ns: 'buying' }));
  const onRemove = (item: WishListItemDto) =>
    remove.mutate(item.bookId, {
      onSuccess: removed,
      // Not on the list any more (removed in another tab): what the user wanted has happened.
      onError: (error) => (isNotFoundError(error) ? removed() : toast.error(userMessage(error))),
    });

  const lead =
    items.length > 0
      ? t('wishList.lead', {
          count: items.length,
          books: formatNumber(items.length, language),
          available: formatNumber(available, language),
        })
      : undefined;

  return (
    <DashboardPage title={t('wishList.title')} lead={lead}>
      {wishList.isPending && <Spinner label={t('wishList.loading')} />}
      {wishList.isError && (
        <ErrorState
          title={t('wishList.loadError')}
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
