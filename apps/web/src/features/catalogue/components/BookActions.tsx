import toast from 'react-hot-toast';
import { LuHeart, LuShoppingBag } from 'react-icons/lu';
import type { BookStatusDto } from '@bindings/BookStatusDto';

export const BUY_SIGN_IN_TOAST = 'Sign in to buy books';
export const WISH_LIST_SIGN_IN_TOAST = 'Sign in to keep a wish list';

/** Buy Now and the wish-list heart. Ordering arrives with sign-in; for now both ask the visitor to sign in. */
export function BookActions({ status }: { status: BookStatusDto }) {
  const canBuy = status === 'available';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className="btn btn-primary btn-lg min-w-44 flex-1 sm:flex-none"
        disabled={!canBuy}
        onClick={() => toast(BUY_SIGN_IN_TOAST, { id: 'buy-sign-in' })}
      >
        <LuShoppingBag className="size-5" aria-hidden="true" />
        Buy Now
      </button>
      <button
        type="button"
        aria-label="Add to wish list"
        title="Add to wish list"
        className="btn btn-outline btn-secondary btn-lg btn-square"
        onClick={() => toast(WISH_LIST_SIGN_IN_TOAST, { id: 'wish-sign-in' })}
      >
        <LuHeart className="size-6" aria-hidden="true" />
      </button>
    </div>
  );
}
