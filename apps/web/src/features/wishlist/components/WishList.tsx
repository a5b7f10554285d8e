import type { WishListItemDto } from '@bindings/WishListItemDto';
import { ListCover, ListTitle } from '@/components/ui/ListBook';
import { Price } from '@/components/ui/Price';
import { WishListActions } from './WishListActions';
import { WishListStatus } from './WishListStatus';

interface WishListProps {
  items: WishListItemDto[];
  onRemove: (item: WishListItemDto) => void;
  /** The book whose removal is on its way, if any. */
  removingId: string | null;
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
                <ListCover src={item.picture} className="w-12" />
              </td>
              <th scope="row" className="max-w-64 font-normal">
                <span className="flex flex-col gap-0.5">
                  <ListTitle bookId={item.bookId} title={item.title} linked={item.status !== 'withdrawn'} />
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
            <ListCover src={item.picture} className="w-16" />
            <div className="flex min-w-0 flex-col gap-1">
              <ListTitle bookId={item.bookId} title={item.title} linked={item.status !== 'withdrawn'} />
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
