import type { SellerBookDto } from '@bindings/SellerBookDto';
import { ListCover, ListTitle } from '@/components/ui/ListBook';
import { OriginalPrice, Price } from '@/components/ui/Price';
import { BuyerContact } from './BuyerContact';
import { ListingActions } from './ListingActions';
import { ListingStatus } from './ListingStatus';

interface ListingListProps {
  books: SellerBookDto[];
  onEdit: (book: SellerBookDto) => void;
  onDelete: (book: SellerBookDto) => void;
}

function Prices({ book }: { book: SellerBookDto }) {
  return (
    <span className="flex flex-col">
      <Price amount={book.resalePrice} className="font-bold text-primary" />
      {book.originalPrice > book.resalePrice && <OriginalPrice amount={book.originalPrice} className="text-xs" />}
    </span>
  );
}

/** Wide screens: one row per listing. */
function ListingTable({ books, onEdit, onDelete }: ListingListProps) {
  return (
    <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300/70 md:block">
      <table className="table">
        <caption className="sr-only">Your books</caption>
        <thead>
          <tr>
            <th scope="col">Picture</th>
            <th scope="col">Title</th>
            <th scope="col">Price</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {books.map((book) => (
            <tr key={book.id} data-book-id={book.id}>
              <td>
                <ListCover src={book.picture} className="w-12" />
              </td>
              <th scope="row" className="max-w-64 font-normal">
                <ListTitle bookId={book.id} title={book.title} />
                <span className="block text-sm text-base-content/65">
                  {book.author} · {book.category.name}
                </span>
              </th>
              <td>
                <Prices book={book} />
              </td>
              <td className="max-w-60">
                <ListingStatus book={book} />
                {book.buyer && <BuyerContact buyer={book.buyer} className="mt-2" />}
              </td>
              <td>
                <ListingActions book={book} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per listing, the actions underneath. */
function ListingCards({ books, onEdit, onDelete }: ListingListProps) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label="Your books">
      {books.map((book) => (
        <li key={book.id} data-book-id={book.id} className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300/70">
          <div className="flex gap-3">
            <ListCover src={book.picture} className="w-16" />
            <div className="flex min-w-0 flex-col gap-1">
              <ListTitle bookId={book.id} title={book.title} />
              <span className="text-sm text-base-content/65">{book.author}</span>
              <Prices book={book} />
              <ListingStatus book={book} />
            </div>
          </div>
          {book.buyer && <BuyerContact buyer={book.buyer} />}
          <ListingActions book={book} onEdit={onEdit} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The seller's listings: a table on wide screens, cards on a phone. Both are in the page and CSS shows one, so
 * nothing jumps when a phone turns sideways.
 */
export function ListingList(props: ListingListProps) {
  return (
    <>
      <ListingTable {...props} />
      <ListingCards {...props} />
    </>
  );
}
