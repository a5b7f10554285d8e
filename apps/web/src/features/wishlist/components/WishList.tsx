import { Link } from 'react-router-dom';
import type { WishListItemDto } from '@bindings/WishListItemDto';
import { Price } from '@/components/ui/Price';
import { WishListActions } from './WishListActions';
import { WishListStatus } from './WishListStatus';

interface WishListProps {
  items: WishListItemDto[];
  onRemove: (item: WishListItemDto) => void;
  /** The book whose removal is on its way, if any. */
  removingId: string | null;
}

function Cover({ item, className }: { item: WishListItemDto; className: string }) {
  return (
    <img
      src={item.picture}
      alt=""
      loading="lazy"
      decoding="async"
      width={80}
      height={120}
      className={`aspect-[2/3] shrink-0 rounded-field bg-base-200 object-cover ring-1 ring-base-300/70 ${className}`}
    />
  );
}

/** The title, linking to the book's page unless it left the shop. */
function Title({ item }: { item: WishListItemDto }) {
  if (item.status === 'withdrawn') return <span className="font-semibold leading-snug">{item.title}</span>;
  return (
    <Link to={`/books/${item.bookId}`} className="font-semibold leading-snug hover:text-primary hover:underline">
      {item.title}
    </Link>
  );
}

function WishListTable({ items, onRemove, removingId }: WishListProps) {
  return (
    <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300/70 md:block">
      <table className="table">
        <caption className="sr-only">Your wish list</caption>
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
          {items.map((item) => (
            <tr key={item.bookId} data-book-id={item.bookId} data-status={item.status}>
              <td>
                <Cover item={item} className="w-12" />
              </td>
              <th scope="row" className="max-w-64 font-normal">
                <span className="flex flex-col gap-0.5">
                  <Title item={item} />
                  <span className="text-sm text-base-content/65">{item.author}</span>
                </span>
              </th>
              <td>
                <Price amount={item.price} className="font-bold text-primary" />
              </td>
              <td>
                <WishListStatus status={item.status} />
              </td>
              <td>
                <WishListActions item={item} onRemove={onRemove} removing={removingId === item.bookId} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function WishListCards({ items, onRemove, removingId }: WishListProps) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label="Your wish list">
      {items.map((item) => (
        <li
          key={item.bookId}
          data-book-id={item.bookId}
          data-status={item.status}
          className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300/70"
        >
          <div className="flex gap-3">
            <Cover item={item} className="w-16" />
            <div className="flex min-w-0 flex-col gap-1">
              <Title item={item} />
              <span className="text-sm text-base-content/65">{item.author}</span>
              <Price amount={item.price} className="font-bold text-primary" />
              <WishListStatus status={item.status} />
            </div>
          </div>
          <WishListActions item={item} onRemove={onRemove} removing={removingId === item.bookId} />
        </li>
      ))}
    </ul>
  );
}

/** The wish list: a table on wide screens, cards on a phone (CSS shows one). */
export function WishList(props: WishListProps) {
  return (
    <>
      <WishListTable {...props} />
      <WishListCards {...props} />
    </>
  );
}
