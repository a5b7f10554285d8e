import toast from 'react-hot-toast';
import type { OrderDto } from '@bindings/OrderDto';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Price } from '@/components/ui/Price';
import { userMessage } from '@/lib/error-handling';
import { useCancelOrder } from '../api/cancel-order';

export const CANCEL_QUESTION = 'Cancel this order?';
export const CANCEL_CONFIRM_LABEL = 'Yes, cancel order';
export const CANCELLED_TOAST = 'Order cancelled';

/** Asks before a pending order is cancelled (the book goes back on sale), then cancels it. */
export function CancelOrderDialog({ order, onDone }: { order: OrderDto; onDone: () => void }) {
  const cancel = useCancelOrder();
  const onConfirm = () =>
    cancel.mutate(order.id, {
      onSuccess: () => toast.success(CANCELLED_TOAST),
      onError: (error) => toast.error(userMessage(error)),
      onSettled: onDone,
    });
  return (
    <ConfirmDialog
      question={CANCEL_QUESTION}
      confirmLabel={CANCEL_CONFIRM_LABEL}
      cancelLabel="Keep order"
      onConfirm={onConfirm}
      onCancel={onDone}
      busy={cancel.isPending}
    >
      <p>
        Your order for &ldquo;{order.title}&rdquo; (<Price amount={order.price} />) will be cancelled and the book goes back on sale,
        where someone else may buy it.
      </p>
    </ConfirmDialog>
  );
}
