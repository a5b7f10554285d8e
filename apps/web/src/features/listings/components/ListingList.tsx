import { useTranslation } from 'react-i18next';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { BookList, type BookListEntry } from '@/components/ui/BookList';
import { ConditionBadge } from '@/components/ui/ConditionBadge';
import { OriginalPrice, Price } from '@/components/ui/Price';
import { BuyerContact } from './BuyerContact';
import { ConfirmHandover } from './ConfirmHandover';
import { ListingActions } from './ListingActions';
import { ListingStatus } from './ListingStatus';

interface ListingListProps {
  books: SellerBookDto[];
  onEdit: (book: SellerBookDto) => void;
  onDelete: (book: SellerBookDto) => void;
  onPhotos: (book: SellerBookDto) => void;
}

function Prices({ book }: { book: SellerBookDto }) {
  return (
    <span className="flex flex-col">
      <Price amount={book.resalePrice} className="font-bold text-primary" />
      {book.originalPrice > book.resalePrice && <OriginalPrice amount={book.originalPrice} className="text-xs" />}
    </span>
  );
}

/** The author and the category, as the seller typed or chose them. */
const bylineOf = (book: SellerBookDto) => `${book.author} · ${book.category.name}`;

/** The seller's listings with their status, the buyer to meet once one is ordered, and what can still be done. */
export function ListingList({ books, onEdit, onDelete, onPhotos }: ListingListProps) {
  const { t } = useTranslation('dashboard');
  const entryOf = (book: SellerBookDto): BookListEntry => ({
    key: book.id,
    data: { 'data-book-id': book.id },
    bookId: book.id,
    title: book.title,
    picture: book.picture,
    byline: (
      <span className="flex flex-col items-start gap-1">
        <span className="text-sm text-base-content/65">{bylineOf(book)}</span>
        <ConditionBadge condition={book.condition} />
      </span>
    ),
    price: <Prices book={book} />,
    status: <ListingStatus book={book} />,
    more: book.buyer && (
      <>
        <BuyerContact buyer={book.buyer} />
        {(book.buyer.orderStatus === 'pending' || book.buyer.orderStatus === 'held') && (
          <ConfirmHandover orderId={book.buyer.orderId} title={book.title} heldByCard={book.buyer.orderStatus === 'held'} />
        )}
      </>
    ),
    actions: <ListingActions book={book} onEdit={onEdit} onDelete={onDelete} onPhotos={onPhotos} />,
  });
  return <BookList label={t('myProducts.list')} entries={books.map(entryOf)} />;
}
