import { useTranslation } from 'react-i18next';
import type { OrderDto } from '@bindings/OrderDto';
import { BookList, type BookListEntry } from '@/components/ui/BookList';
import { Price } from '@/components/ui/Price';
import { formatDate } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { OrderActions } from './OrderActions';
import { OrderStatus } from './OrderStatus';

interface OrderListProps {
  orders: OrderDto[];
  onCancel: (order: OrderDto) => void;
}

function OrderedOn({ order }: { order: OrderDto }) {
  const { t } = useTranslation('buying');
  const language = useLanguage();
  const date = formatDate(order.createdAt, language);
  return date ? <span className="text-xs text-base-content/60">{t('orders.orderedOn', { date })}</span> : null;
}

function entryOf(order: OrderDto, onCancel: (order: OrderDto) => void): BookListEntry {
  return {
    key: order.id,
    data: { 'data-order-id': order.id, 'data-status': order.status },
    bookId: order.bookId,
    title: order.title,
    // The seller's account closed: the book left the shop with it.
    linked: order.cancelReason !== 'seller_account_closed',
    picture: order.picture,
    byline: (
      <>
        <span className="text-sm text-base-content/65">{order.author}</span>
        <OrderedOn order={order} />
      </>
    ),
    price: <Price amount={order.price} className="font-bold text-primary" />,
    status: <OrderStatus order={order} />,
    actions: <OrderActions order={order} onCancel={onCancel} />,
  };
}

/** The buyer's orders, with Pay (or the handover code) and Cancel while an order awaits its handover. */
export function OrderList({ orders, onCancel }: OrderListProps) {
  const { t } = useTranslation('buying');
  return <BookList label={t('orders.listLabel')} entries={orders.map((order) => entryOf(order, onCancel))} />;
}
