import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { LuHeart, LuPackage, LuShoppingBag } from 'react-icons/lu';
import type { BookDetailDto } from '@bindings/BookDetailDto';
import type { OrderDto } from '@bindings/OrderDto';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useAddToWishList } from '@/lib/api/add-to-wish-list';
import { myOrdersQueryOptions } from '@/lib/api/get-my-orders';
import { useWishList } from '@/lib/api/get-wish-list';
import { useAuthStore, useCurrentUser } from '@/lib/auth-store';
import { userMessage } from '@/lib/error-handling';
import { BookStatusNotice } from './BookStatusNotice';

/**
 * The buy form (react-hook-form, zod) loads when a buyer is about to press Buy Now, not with the book's page: a
 * visitor reading about a book does not download a form library.
 */
const loadBuyModal = () => import('./BuyModal');
const BuyModal = lazy(async () => ({ default: (await loadBuyModal()).BuyModal }));

/** The statuses of an order that holds its book for its buyer (awaiting the handover) or sold it to them. */
const YOURS: readonly OrderDto['status'][] = ['pending', 'held', 'paid', 'completed'];

/**
 * The signed-in buyer's own order for this book, if it holds the book or sold it to them: the book is then theirs, not "reserved for
 * a buyer". Only asked about for a book that is no longer available; orders come newest first, so page one holds
 * every order that can still await its handover.
 */
function useYourOrder(book: BookDetailDto, isBuyer: boolean): OrderDto | undefined {
  const orders = useQuery({ ...myOrdersQueryOptions(1), enabled: isBuyer && book.status !== 'available' });
  return orders.data?.items.find((order) => order.bookId === book.id && YOURS.includes(order.status));
}

const SIGN_IN_TOAST_ID = 'sign-in-first';

/** The buyer's page of one order: its handover code, how it is paid, the card form. */
const orderPageHref = (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`;

/**
 * Sends a visitor to /login, which brings them back to this book afterwards. The toast says why they are there; it
 * goes once they are back here signed in.
 */
function useSignInFirst(signedIn: boolean) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (signedIn) toast.dismiss(SIGN_IN_TOAST_ID);
  }, [signedIn]);
  return (why: string) => {
    toast(why, { id: SIGN_IN_TOAST_ID });
    navigate('/login', { state: { from: { pathname, search, hash } } });
  };
}

/** The heart: fills in (and is pressed) while the book is on the buyer's wish list. */
function WishListHeart({ onList, busy, onClick }: { onList: boolean; busy: boolean; onClick: () => void }) {
  const { t } = useTranslation('shop');
  const label = onList ? t('actions.onWishList') : t('actions.addToWishList');
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={onList}
      title={label}
      className={`btn btn-lg btn-square ${onList ? 'btn-secondary' : 'btn-outline btn-secondary'}`}
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy ? (
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
      ) : (
        <LuHeart className={`size-6 ${onList ? 'fill-current' : ''}`} aria-hidden="true" />
      )}
    </button>
  );
}

function ViewOrdersLink() {
  const { t } = useTranslation('shop');
  return (
    <Link to="/dashboard/myOrders" className="btn btn-primary btn-lg min-w-44 flex-1 sm:flex-none">
      <LuPackage className="size-5" aria-hidden="true" />
      {t('actions.viewOrders')}
    </Link>
  );
}

/**
 * What can be done with the book from its page, by who is looking: Buy Now (the buy form for a buyer, sign-in for a
 * visitor, a question for a seller, a note for an admin) and the wish-list heart. A book that cannot be bought says
 * why instead; a book the buyer ordered says so and links to My Orders. A placed order opens its own page, where the
 * buyer finds their handover code (and, paying by card, the card form).
 */
export function BookActions({ book }: { book: BookDetailDto }) {
  const { t } = useTranslation('shop');
  const authStatus = useAuthStore((state) => state.status);
  const user = useCurrentUser();
  const role = user?.role ?? null;
  const isBuyer = role === 'buyer';
  const navigate = useNavigate();
  const signInFirst = useSignInFirst(user !== null);

  const wishList = useWishList(isBuyer);
  const addToWishList = useAddToWishList();
  const onList = isBuyer && (wishList.data?.items.some((item) => item.bookId === book.id) ?? false);

  const [buying, setBuying] = useState(false);
  const [askingSeller, setAskingSeller] = useState(false);

  const yourOrder = useYourOrder(book, isBuyer);
  const ordered = yourOrder !== undefined;
  const settling = authStatus === 'loading';

  // Explanations go in a toast (a polite live region), one at a time, in the language of the moment they are given.
  const explain = (text: string) => toast(text, { id: 'book-action-note' });

  // A seller who would rather sell: the dialog's button is the page's main action, not a danger.
  const addAProduct = () => navigate('/dashboard/addAProduct');
  const confirmTone = 'primary';

  // Only a buyer's Buy Now opens the form.
  const preloadBuyForm = isBuyer ? () => void loadBuyModal() : undefined;

  const onBuy = () => {
    if (!user) signInFirst(t('actions.signInToBuy'));
    else if (role === 'seller') setAskingSeller(true);
    else if (role === 'admin') explain(t('actions.adminBuy'));
    else setBuying(true);
  };

  const onHeart = () => {
    if (!user) return signInFirst(t('actions.signInForWishList'));
    if (role === 'seller') return explain(t('actions.sellerWishList'));
    if (role === 'admin') return explain(t('actions.adminWishList'));
    if (onList) return explain(t('actions.alreadyOnWishList'));
    addToWishList.mutate(book.id, {
      onSuccess: () => toast.success(t('actions.wishListAdded')),
      onError: (error) => toast.error(userMessage(error)),
    });
  };

  const heart = <WishListHeart onList={onList} busy={settling || addToWishList.isPending || (isBuyer && wishList.isPending)} onClick={onHeart} />;

  let actions: ReactNode = null;
  if (ordered) {
    actions = <ViewOrdersLink />;
  } else if (book.status === 'available') {
    actions = (
      <>
        <button
          type="button"
          className="btn btn-primary btn-lg min-w-44 flex-1 sm:flex-none"
          disabled={settling}
          onClick={onBuy}
          onPointerEnter={preloadBuyForm}
          onFocus={preloadBuyForm}
        >
          <LuShoppingBag className="size-5" aria-hidden="true" />
          {t('actions.buyNow')}
        </button>
        {heart}
      </>
    );
  } else if (book.status === 'pending') {
    // Someone else holds it; it may come back on sale if they do not pay.
    actions = heart;
  }

  return (
    <>
      <BookStatusNotice status={book.status} yours={ordered} held={yourOrder?.status === 'held'} />
      {actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>}
      {buying && user && (
        <Suspense fallback={null}>
          <BuyModal
            book={book}
            buyer={user}
            onClose={() => setBuying(false)}
            onPlaced={(order) => {
              setBuying(false);
              // `placed`: the order page takes the focus, Buy Now having gone with this page.
              navigate(orderPageHref(order.id), { state: { placed: true } });
            }}
          />
        </Suspense>
      )}
      {askingSeller && (
        <ConfirmDialog
          question={t('actions.sellerBuyQuestion')}
          tone={confirmTone}
          confirmLabel={t('actions.addProduct')}
          onCancel={() => setAskingSeller(false)}
          onConfirm={addAProduct}
        >
          <p>{t('actions.sellerBuyText')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
