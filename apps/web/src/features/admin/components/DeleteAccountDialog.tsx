import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { userMessage } from '@/lib/error-handling';
import { useDeleteAccount } from '../api/delete-account';

interface DeleteAccountDialogProps {
  account: { id: string; email: string };
  /** The toast once it is done ("Seller deleted successfully"), read in the language on screen when it shows. */
  deletedToast: 'sellers.deleted' | 'buyers.deleted';
  /** What else goes with the account, in a sentence. */
  consequence?: string;
  onDone: () => void;
}

/** Asks before an account is deleted, naming it by its e-mail, then deletes it. */
export function DeleteAccountDialog({ account, deletedToast, consequence, onDone }: DeleteAccountDialogProps) {
  const { t } = useTranslation('dashboard');
  const remove = useDeleteAccount();
  const onConfirm = () =>
    remove.mutate(account.id, {
      onSuccess: () => toast.success(i18next.t(deletedToast, { ns: 'dashboard' })),
      onError: (error) => toast.error(userMessage(error)),
      onSettled: onDone,
    });
  return (
    <ConfirmDialog
      question={t('accounts.deleteQuestion', { email: account.email })}
      onConfirm={onConfirm}
      onCancel={onDone}
      busy={remove.isPending}
    >
      <p>{[consequence, t('accounts.signedOut')].filter(Boolean).join(' ')}</p>
    </ConfirmDialog>
  );
}
