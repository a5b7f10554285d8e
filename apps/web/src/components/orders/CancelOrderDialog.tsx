import toast from 'react-hot-toast';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '@bindings/OrderDto';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useCancelOrder } from '@/lib/api/cancel-order';
import { userMessage } from '@/lib/error-handling';
import { formatTaka } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

/**
 * Asks before an order awaiting its handover is cancelled (the book goes back on sale; a card's hold is released, and
 * the question says so), then cancels it. Shared by the buying pages, My Orders and the order's own page, whose routes
 * load the `buying` texts it reads.
 */
export function CancelOrderDialog({ order, onDone }: { order: OrderDto; onDone: () => void }) {
  const { t } = useTranslation('buying');
  const language = useLanguage();
  const cancel = useCancelOrder();
  const values = { title: order.title, price: formatTaka(order.price, language) };
  const onConfirm = () =>
    cancel.mutate(order.id, {
      // In the language on screen when the answer arrives.
      onSuccess: (cancelled) =>
        toast.success(i18next.t(cancelled.holdReleased ? 'cancelDialog.doneReleased' : 'cancelDialog.done', { ns: 'buying' })),
      onError: (error) => toast.error(userMessage(error)),
      onSettled: onDone,
    });
  return (
    <ConfirmDialog
      question={t('cancelDialog.question')}
      confirmLabel={t('cancelDialog.confirm')}
      cancelLabel={t('cancelDialog.keep')}
      onConfirm={onConfirm}
      onCancel={onDone}
      busy={cancel.isPending}
    >
      <p>{order.status === 'held' ? t('cancelDialog.heldText', values) : t('cancelDialog.text', values)}</p>
    </ConfirmDialog>
  );
}
