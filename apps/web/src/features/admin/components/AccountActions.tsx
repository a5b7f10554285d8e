import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { LuBadgeCheck, LuTrash2 } from 'react-icons/lu';
import { userMessage } from '@/lib/error-handling';
import { useVerifySeller } from '../api/verify-seller';

/** Verify: only for a seller the admin has not verified yet. */
export function VerifyButton({ seller }: { seller: { id: string; email: string } }) {
  const { t } = useTranslation('dashboard');
  const verify = useVerifySeller();
  const onVerify = () =>
    verify.mutate(seller.id, {
      onSuccess: () => toast.success(i18next.t('accounts.verifiedToast', { ns: 'dashboard' })),
      onError: (error) => toast.error(userMessage(error)),
    });
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      onClick={onVerify}
      disabled={verify.isPending}
      // Named with the e-mail, so each row's button says whose account it acts on.
      aria-label={t('accounts.verifyAccount', { email: seller.email })}
    >
      {verify.isPending ? (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      ) : (
        <LuBadgeCheck className="size-4" aria-hidden="true" />
      )}
      {t('accounts.verify')}
    </button>
  );
}

/** Opens the confirmation; the dialog does the deleting. */
export function DeleteButton({ email, onClick }: { email: string; onClick: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <button type="button" className="btn btn-outline btn-error btn-sm" onClick={onClick} aria-label={t('accounts.deleteAccount', { email })}>
      <LuTrash2 className="size-4" aria-hidden="true" />
      {t('accounts.delete')}
    </button>
  );
}
