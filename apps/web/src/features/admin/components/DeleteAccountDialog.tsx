import toast from 'react-hot-toast';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { userMessage } from '@/lib/error-handling';
import { useDeleteAccount } from '../api/delete-account';

export function deleteQuestion(email: string): string {
  return `Are you sure want to delete ${email}?`;
}

interface DeleteAccountDialogProps {
  account: { id: string; email: string };
  /** The toast once it is done ("Seller deleted successfully"). */
  deletedToast: string;
  /** What else goes with the account, in a sentence. */
  consequence?: string;
  onDone: () => void;
}

/** Asks before an account is deleted, naming it by its e-mail, then deletes it. */
export function DeleteAccountDialog({ account, deletedToast, consequence, onDone }: DeleteAccountDialogProps) {
  const remove = useDeleteAccount();
  const onConfirm = () =>
    remove.mutate(account.id, {
      onSuccess: () => toast.success(deletedToast),
      onError: (error) => toast.error(userMessage(error)),
      onSettled: onDone,
    });
  return (
    <ConfirmDialog question={deleteQuestion(account.email)} onConfirm={onConfirm} onCancel={onDone} busy={remove.isPending}>
      <p>
        {consequence ? `${consequence} ` : ''}They are signed out and cannot sign in with this account again.
      </p>
    </ConfirmDialog>
  );
}
