import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { LuBookX, LuSearchX } from 'react-icons/lu';
import type { BookDetailDto } from '@bindings/BookDetailDto';
import type { OrderDto } from '@bindings/OrderDto';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Spinner } from '@/components/ui/Spinner';
import { isNotFoundError } from '@/lib/api-client';
import { useMyOrders } from '@/lib/api/get-my-orders';
import { usePublicConfig } from '@/lib/api/get-public-config';
import { useBook } from '@/lib/api/get-book';
import { whyNoCard } from '@/lib/payment-methods';
import { CheckoutColumns, OrderCheckout } from './OrderCheckout';
import { OrderSummary } from './OrderSummary';
import { PaymentNotice, TONES } from './PaymentNotices';
import { ReserveForm, type ReserveValues } from './ReserveForm';

function WishListLink() {
  const { t } = useTranslation('buying');
  return (
    <Link to="/dashboard/myWishList" className="btn btn-outline btn-primary">
      {t('wishListPayment.wishList')}
    </Link>
  );
}

function ShopLink() {
  const { t } = useTranslation('buying');
  return (
    <Link to="/shop" className="btn btn-primary">
      {t('wishListPayment.findAnother')}
    </Link>
  );
}

/**
 * The buyer's own order for this book that the page should continue with: one awaiting its handover (pending, or held
 * by a card), else a paid one.
 */
function heldOrder(orders: readonly OrderDto[], bookId: string): OrderDto | undefined {
  const mine = orders.filter((order) => order.bookId === bookId);
  return (
    mine.find((order) => order.status === 'pending' || order.status === 'held') ??
    mine.find((order) => order.status === 'paid' || order.status === 'completed')
  );
}

/** The phone and location of the buyer's newest order, to start the form with. */
function contactDefaults(orders: readonly OrderDto[]): ReserveValues {
  const newest = orders[0];
  return { phone: newest?.phone ?? '', location: newest?.location ?? '' };
}

function BookUnavailable({ book, taken }: { book: BookDetailDto; taken: boolean }) {
  const { t } = useTranslation('buying');
  // Why it cannot be bought: `wishListPayment.<status>` (an available book here was just ordered by someone else).
  const status = book.status === 'available' ? 'pending' : book.status;
  return (
    <PaymentNotice
      role={taken ? 'alert' : 'status'}
      tone={taken ? TONES.error : TONES.neutral}
      icon={<LuBookX className="size-5" />}
      title={taken ? t('wishListPayment.taken') : t('wishListPayment.unavailableTitle')}
      actions={
        <>
          <ShopLink />
          <WishListLink />
        </>
      }
    >
      <p>{taken ? t('wishListPayment.takenText') : t(`wishListPayment.${status}`)}</p>
    </PaymentNotice>
  );
}

/**
 * Paying for a wish-list book: an order of the buyer's own for it is continued; otherwise the buyer gives a phone, a
 * location and how they will pay, the book is reserved for them (POST /api/orders), and the new order's page follows.
 */
function WishListCheckout({ bookId }: { bookId: string }) {
  const { t } = useTranslation('buying');
  const book = useBook(bookId);
  const orders = useMyOrders(1);
  const config = usePublicConfig();
  /** The order this page placed; afterwards the page keeps to it whatever the lists say. */
  const [placed, setPlaced] = useState<string | null>(null);
  const [taken, setTaken] = useState(false);

  if (orders.isPending || config.isPending) return <Spinner label={t('payment.loadingOrder')} />;
  if (orders.isError) {
    return <ErrorState title={t('wishListPayment.loadOrdersError')} error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />;
  }
  const held = placed ?? heldOrder(orders.data.items, bookId)?.id;
  // The order this page has just placed takes the focus from the form it replaces.
  if (held && !taken) return <OrderCheckout key={held} orderId={held} focusOnArrival={held === placed} />;

  if (book.isPending) return <Spinner label={t('wishListPayment.loadingBook')} />;
  if (book.isError) {
    if (isNotFoundError(book.error)) {
      return (
        <EmptyState icon={<LuSearchX className="size-7" />} title={t('wishListPayment.bookNotFound')}>
          <p>{t('wishListPayment.bookNotFoundText')}</p>
          <WishListLink />
        </EmptyState>
      );
    }
    return <ErrorState title={t('wishListPayment.loadBookError')} error={book.error} onRetry={() => void book.refetch()} retrying={book.isFetching} />;
  }
  if (config.isError) {
    return <ErrorState title={t('payment.loadConfigError')} error={config.error} onRetry={() => void config.refetch()} retrying={config.isFetching} />;
  }

  const item = { title: book.data.title, author: book.data.author, picture: book.data.picture, price: book.data.resalePrice };
  const payments = config.data.payments;
  const side = (() => {
    if (taken || book.data.status !== 'available') return <BookUnavailable book={book.data} taken={taken} />;
    // Where no card can be used the book is still reserved, to be paid in cash at the meet-up.
    return (
      <ReserveForm
        bookId={bookId}
        noCard={whyNoCard(payments, item.price)}
        cardMinimum={payments.cardMinimumTaka}
        defaults={contactDefaults(orders.data.items)}
        onReserved={(order) => setPlaced(order.id)}
        onTaken={() => setTaken(true)}
      />
    );
  })();

  return <CheckoutColumns summary={<OrderSummary item={item} />}>{side}</CheckoutColumns>;
}

/** /dashboard/payment2/:id (buyer): pays for a book from the wish list; the id is the book's. */
export function WishListPaymentPage() {
  const { t } = useTranslation('buying');
  const { id = '' } = useParams();
  return (
    <DashboardPage title={t('payment.title')} lead={t('payment.wishListLead')}>
      <WishListCheckout key={id} bookId={id} />
    </DashboardPage>
  );
}
