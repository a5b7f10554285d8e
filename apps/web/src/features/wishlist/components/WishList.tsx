import { useTranslation } from 'react-i18next';
import type { WishListItemDto } from '@bindings/WishListItemDto';
import { BookList, type BookListEntry } from '@/components/ui/BookList';
import { Price } from '@/components/ui/Price';
import { WishListActions } from './WishListActions';
import { WishListStatus } from './WishListStatus';

interface WishListProps {
  items: WishListItemDto[];
  onRemove: (item: WishListItemDto) => void;
  /** The book whose removal is on its way, if any. */
  removingId: string | null;
}

/** The books kept with the heart, each as it is now. */
export function WishList({ items, onRemove, removingId }: WishListProps) {
  const { t } = useTranslation('buying');
  const entryOf = (item: WishListItemDto): BookListEntry => ({
    key: item.bookId,
    data: { 'data-book-id': item.bookId, 'data-status': item.status },
    bookId: item.bookId,
    title: item.title,
    linked: item.status !== 'withdrawn',
    picture: item.picture,
    byline: <span className="text-sm text-base-content/65">{item.author}</span>,
    price: <Price amount={item.price} className="font-bold text-primary" />,
    status: <WishListStatus status={item.status} />,
    actions: <WishListActions item={item} onRemove={onRemove} removing={removingId === item.bookId} />,
  });
  return <BookList label={t('wishList.listLabel')} entries={items.map(entryOf)} />;
}
