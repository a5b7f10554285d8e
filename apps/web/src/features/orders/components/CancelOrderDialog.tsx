import toast from 'react-hot-toast';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '@bindings/OrderDto';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { userMessage } from '@/lib/error-handling';
import { formatTaka } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { useCancelOrder } from '../api/cancel-order';

/** Asks before a pending order is cancelled (the book goes back on sale), then cancels it. */
export function CancelOrderDialog({ order, onDone }: { order: OrderDto; onDone: () => void }) {
  const { t } = useTranslation('buying');
  const language = useLanguage();
  const cancel = useCancelOrder();
  const onConfirm = () =>
    cancel.mutate(order.id, {
      // In the language on screen when the answer arrives.
      onSuccess: () => toast.success(i18next.t('cancelDialog.done', { ns: 'buying' })),
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
      <p>{t('cancelDialog.text', { title: order.title, price: formatTaka(order.price, language) })}</p>
    </ConfirmDialog>
  );
}
