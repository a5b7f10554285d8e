import toast from 'react-hot-toast';
import { LuBadgeCheck, LuTrash2 } from 'react-icons/lu';
import { userMessage } from '@/lib/error-handling';
import { useVerifySeller } from '../api/verify-seller';

export const VERIFIED_TOAST = 'Seller verified';

/** Verify: only for a seller the admin has not verified yet. */
export function VerifyButton({ seller }: { seller: { id: string; email: string } }) {
  const verify = useVerifySeller();
  const onVerify = () =>
    verify.mutate(seller.id, {
      onSuccess: () => toast.success(VERIFIED_TOAST),
      onError: (error) => toast.error(userMessage(error)),
    });
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      onClick={onVerify}
      disabled={verify.isPending}
      // Named with the e-mail, so each row's button says whose account it acts on.
      aria-label={`Verify ${seller.email}`}
    >
      {verify.isPending ? (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      ) : (
        <LuBadgeCheck className="size-4" aria-hidden="true" />
      )}
      Verify
    </button>
  );
}

/** Opens the confirmation; the dialog does the deleting. */
export function DeleteButton({ email, onClick }: { email: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-outline btn-error btn-sm" onClick={onClick} aria-label={`Delete ${email}`}>
      <LuTrash2 className="size-4" aria-hidden="true" />
      Delete
    </button>
  );
}
