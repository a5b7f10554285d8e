import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One column of an admin table: its heading and what each account shows in it. */
export interface AccountColumn<T> {
  /** In the reader's language: it also keys the column. */
  heading: string;
  cell: (account: T) => ReactNode;
}

interface AccountTableProps<T extends { id: string; name: string; email: string }> {
  /** Names the table and the phone list for screen readers ("Sellers"). */
  label: string;
  accounts: T[];
  /** The columns after Name and Email. */
  columns: AccountColumn<T>[];
  actions: (account: T) => ReactNode;
}

/**
 * Accounts as a table on wide screens and as cards on a phone (CSS shows one of the two), name and e-mail first,
 * then the page's own columns, then the actions.
 */
export function AccountTable<T extends { id: string; name: string; email: string }>({ label, accounts, columns, actions }: AccountTableProps<T>) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300/70 md:block">
        <table className="table">
          <caption className="sr-only">{label}</caption>
          <thead>
            <tr>
              <th scope="col">{t('accounts.name')}</th>
              <th scope="col">{t('accounts.email')}</th>
              {columns.map((column) => (
                <th key={column.heading} scope="col">
                  {column.heading}
                </th>
              ))}
              <th scope="col">{t('accounts.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id} data-account-id={account.id}>
                <th scope="row" className="font-semibold">
                  {account.name}
                </th>
                <td className="break-all">{account.email}</td>
                {columns.map((column) => (
                  <td key={column.heading}>{column.cell(account)}</td>
                ))}
                <td>
                  <span className="flex flex-wrap gap-2">{actions(account)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={label}>
        {accounts.map((account) => (
          <li key={account.id} data-account-id={account.id} className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300/70">
            <div className="min-w-0">
              <p className="font-semibold">{account.name}</p>
              <p className="text-sm break-all text-base-content/75">{account.email}</p>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {columns.map((column) => (
                <div key={column.heading} className="flex flex-col">
                  <dt className="text-base-content/60">{column.heading}</dt>
                  <dd>{column.cell(account)}</dd>
                </div>
              ))}
            </dl>
            <span className="flex flex-wrap gap-2">{actions(account)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Whether the holder proved they own the account's address (a verified password sign-in or Google). Deleting an
 * account whose address is not proven does not lock the address's owner out: their proven sign-in opens a fresh one.
 */
export function EmailProvenBadge({ proven }: { proven: boolean }) {
  const { t } = useTranslation('dashboard');
  return proven ? (
    <span className="badge badge-success badge-sm whitespace-nowrap" title={t('accounts.provenTitle')}>
      {t('accounts.proven')}
    </span>
  ) : (
    <span className="badge badge-warning badge-sm whitespace-nowrap" title={t('accounts.notProvenTitle')}>
      {t('accounts.notProven')}
    </span>
  );
}
