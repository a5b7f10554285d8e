import type { OrderDto } from '@bindings/OrderDto';
import { ListCover, ListTitle } from '@/components/ui/ListBook';
import { Price } from '@/components/ui/Price';
import { formatDate } from '@/lib/format';
import { OrderActions } from './OrderActions';
import { OrderStatus } from './OrderStatus';

interface OrderListProps {
  orders: OrderDto[];
  onCancel: (order: OrderDto) => void;
}

function OrderedOn({ order }: { order: OrderDto }) {
  const date = formatDate(order.createdAt);
  return date ? <span className="text-xs text-base-content/60">Ordered {date}</span> : null;
}

/** Wide screens: one row per order. */
function OrderTable({ orders, onCancel }: OrderListProps) {
  return (
    <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300/70 md:block">
      <table className="table">
        <caption className="sr-only">Your orders</caption>
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
          {orders.map((order) => (
            <tr key={order.id} data-order-id={order.id} data-status={order.status}>
              <td>
                <ListCover src={order.picture} className="w-12" />
              </td>
              <th scope="row" className="max-w-64 font-normal">
                <span className="flex flex-col gap-0.5">
                  <ListTitle bookId={order.bookId} title={order.title} linked={order.cancelReason !== 'seller_account_closed'} />
                  <span className="text-sm text-base-content/65">{order.author}</span>
                  <OrderedOn order={order} />
                </span>
              </th>
              <td>
                <Price amount={order.price} className="font-bold text-primary" />
              </td>
              <td>
                <OrderStatus order={order} />
              </td>
              <td>
                <OrderActions order={order} onCancel={onCancel} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per order, Pay and Cancel underneath. */
function OrderCards({ orders, onCancel }: OrderListProps) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label="Your orders">
      {orders.map((order) => (
        <li
          key={order.id}
          data-order-id={order.id}
          data-status={order.status}
          className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300/70"
        >
          <div className="flex gap-3">
            <ListCover src={order.picture} className="w-16" />
            <div className="flex min-w-0 flex-col gap-1">
              <ListTitle bookId={order.bookId} title={order.title} linked={order.cancelReason !== 'seller_account_closed'} />
              <span className="text-sm text-base-content/65">{order.author}</span>
              <Price amount={order.price} className="font-bold text-primary" />
              <OrderedOn order={order} />
            </div>
          </div>
          <OrderStatus order={order} />
          <OrderActions order={order} onCancel={onCancel} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The buyer's orders: a table on wide screens, cards on a phone. Both are in the page and CSS shows one, so nothing
 * jumps when a phone turns sideways.
 */
export function OrderList(props: OrderListProps) {
  return (
    <>
      <OrderTable {...props} />
      <OrderCards {...props} />
    </>
  );
}
