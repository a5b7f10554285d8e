import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
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

export const BUY_SIGN_IN_TOAST = 'Sign in to buy books';
export const WISH_LIST_SIGN_IN_TOAST = 'Sign in to keep a wish list';
export const WISH_LIST_ADDED_TOAST = 'Items added to wish list';
export const SELLER_BUY_QUESTION = 'Your account is a seller account. You can not purchase. Want to add a product?';
export const ADMIN_BUY_NOTE = 'Admin accounts cannot buy books. Sign in with a buyer account to order one.';
export const SELLER_WISH_LIST_NOTE = 'Seller accounts cannot keep a wish list. Sign in with a buyer account to save books.';
export const ADMIN_WISH_LIST_NOTE = 'Admin accounts cannot keep a wish list.';
export const ALREADY_ON_WISH_LIST_TOAST = 'This book is already on your wish list';
export const ON_WISH_LIST_LABEL = 'On your wish list';
export const ADD_TO_WISH_LIST_LABEL = 'Add to wish list';

/**
 * The signed-in buyer's own order for this book, if it is pending or paid: the book is then theirs, not "reserved for
 * a buyer". Only asked about for a book that is no longer available; orders come newest first, so page one holds
 * every order that can still be pending.
 */
function useYourOrder(book: BookDetailDto, isBuyer: boolean): OrderDto | undefined {
  const orders = useQuery({ ...myOrdersQueryOptions(1), enabled: isBuyer && book.status !== 'available' });
  return orders.data?.items.find((order) => order.bookId === book.id && (order.status === 'pending' || order.status === 'paid'));
}

const SIGN_IN_TOAST_ID = 'sign-in-first';

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
  const label = onList ? ON_WISH_LIST_LABEL : ADD_TO_WISH_LIST_LABEL;
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

function ViewOrdersLink({ focusOnMount }: { focusOnMount: boolean }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // The Buy Now button that opened the buy form is gone: focus lands here instead of on the page's top.
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <Link ref={ref} to="/dashboard/myOrders" className="btn btn-primary btn-lg min-w-44 flex-1 sm:flex-none">
      <LuPackage className="size-5" aria-hidden="true" />
      View Orders
    </Link>
  );
}

/**
 * What can be done with the book from its page, by who is looking: Buy Now (the buy form for a buyer, sign-in for a
 * visitor, a question for a seller, a note for an admin) and the wish-list heart. A book that cannot be bought says
 * why instead; a book the buyer ordered says so and links to My Orders.
 */
export function BookActions({ book }: { book: BookDetailDto }) {
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
  const [placed, setPlaced] = useState<OrderDto | null>(null);
  const [askingSeller, setAskingSeller] = useState(false);

  const yourOrder = useYourOrder(book, isBuyer);
  const ordered = (placed !== null && placed.bookId === book.id) || yourOrder !== undefined;
  const settling = authStatus === 'loading';

  // Explanations go in a toast (a polite live region), one at a time.
  const explain = (text: string) => toast(text, { id: 'book-action-note' });

  // Only a buyer's Buy Now opens the form.
  const preloadBuyForm = isBuyer ? () => void loadBuyModal() : undefined;

  const onBuy = () => {
    if (!user) signInFirst(BUY_SIGN_IN_TOAST);
    else if (role === 'seller') setAskingSeller(true);
    else if (role === 'admin') explain(ADMIN_BUY_NOTE);
    else setBuying(true);
  };

  const onHeart = () => {
    if (!user) return signInFirst(WISH_LIST_SIGN_IN_TOAST);
    if (role === 'seller') return explain(SELLER_WISH_LIST_NOTE);
    if (role === 'admin') return explain(ADMIN_WISH_LIST_NOTE);
    if (onList) return explain(ALREADY_ON_WISH_LIST_TOAST);
    addToWishList.mutate(book.id, {
      onSuccess: () => toast.success(WISH_LIST_ADDED_TOAST),
      onError: (error) => toast.error(userMessage(error)),
    });
  };

  const heart = <WishListHeart onList={onList} busy={settling || addToWishList.isPending || (isBuyer && wishList.isPending)} onClick={onHeart} />;

  let actions: ReactNode = null;
  if (ordered) {
    actions = <ViewOrdersLink focusOnMount={placed !== null} />;
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
          Buy Now
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
      <BookStatusNotice status={book.status} yours={ordered} />
      {actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>}
      {buying && user && (
        <Suspense fallback={null}>
          <BuyModal
            book={book}
            buyer={user}
            onClose={() => setBuying(false)}
            onPlaced={(order) => {
              setPlaced(order);
              setBuying(false);
            }}
          />
        </Suspense>
      )}
      {askingSeller && (
        <ConfirmDialog
          question={SELLER_BUY_QUESTION}
          tone="primary"
          confirmLabel="Add a product"
          onCancel={() => setAskingSeller(false)}
          onConfirm={() => navigate('/dashboard/addAProduct')}
        >
          <p>Only buyer accounts can order books. You can list a book of your own for sale instead.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
