import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LuCreditCard, LuTrash2 } from 'react-icons/lu';
import type { WishListItemDto } from '@bindings/WishListItemDto';

export function wishListPaymentHref(item: WishListItemDto): string {
  return `/dashboard/payment2/${item.bookId}`;
}

interface WishListActionsProps {
  item: WishListItemDto;
  onRemove: (item: WishListItemDto) => void;
  /** This item's removal is on its way. */
  removing: boolean;
}

/** Pay while the book can still be bought; Remove always. Names carry the title, for screen readers. */
export function WishListActions({ item, onRemove, removing }: WishListActionsProps) {
  const { t } = useTranslation('buying');
  return (
    <span className="flex flex-wrap items-center gap-2">
      {item.status === 'available' && (
        <Link to={wishListPaymentHref(item)} className="btn btn-primary btn-sm" aria-label={t('wishList.payFor', { title: item.title })}>
          <LuCreditCard className="size-4" aria-hidden="true" />
          {t('wishList.pay')}
        </Link>
      )}
      <button
        type="button"
        className="btn btn-ghost btn-sm text-error"
        onClick={() => onRemove(item)}
        disabled={removing}
        aria-busy={removing || undefined}
        aria-label={t('wishList.removeFor', { title: item.title })}
      >
        {removing ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <LuTrash2 className="size-4" aria-hidden="true" />}
        {t('wishList.remove')}
      </button>
    </span>
  );
}
