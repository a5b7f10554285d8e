import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { LuBadgeCheck, LuBookOpen, LuReceipt, LuTrash2 } from 'react-icons/lu';
import { Link, useLocation } from 'react-router-dom';
import { userMessage } from '@/lib/error-handling';
import { useVerifySeller } from '../api/verify-seller';
import { SELLERS, type AccountKind } from './AccountFiltersBar';

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

/** Where an account's page came from: the table's filters, so its back link returns to the same rows. */
export interface FromTable {
  tableSearch: string;
}

/**
 * The account's listings (a seller) or orders (a buyer), one click from its row. The table's filters go along, so the
 * page's back link returns to the rows the admin was looking at.
 */
export function AccountPageLink({ kind, account }: { kind: AccountKind; account: { id: string; email: string } }) {
  const { t } = useTranslation('dashboard');
  const location = useLocation();
  const seller = kind === SELLERS;
  const state: FromTable = { tableSearch: location.search };
  return (
    <Link
      to={`/dashboard/${seller ? 'allSeller' : 'allBuyer'}/${encodeURIComponent(account.id)}`}
      state={state}
      className="btn btn-outline btn-primary btn-sm"
      aria-label={t(seller ? 'accounts.viewListingsOf' : 'accounts.viewOrdersOf', { email: account.email })}
    >
      {seller ? <LuBookOpen className="size-4" aria-hidden="true" /> : <LuReceipt className="size-4" aria-hidden="true" />}
      {t(seller ? 'accounts.viewListings' : 'accounts.viewOrders')}
    </Link>
  );
}
