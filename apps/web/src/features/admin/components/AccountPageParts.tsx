import type { ReactNode } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { FromTable } from './AccountActions';
import type { AccountKind } from './AccountFiltersBar';

/**
 * Back to the table this page was opened from, with the filters it had (kept in the link's state by the row); opened
 * any other way, the whole table.
 */
export function BackToTable({ kind }: { kind: AccountKind }) {
  const { t } = useTranslation('dashboard');
  const from = useLocation().state as FromTable | null;
  const search = typeof from?.tableSearch === 'string' ? from.tableSearch : '';
  return (
    <Link
      to={{ pathname: kind === 'sellers' ? '/dashboard/allSeller' : '/dashboard/allBuyer', search }}
      className="link link-hover inline-flex items-center gap-1.5 text-sm font-medium text-primary"
    >
      <LuArrowLeft className="size-4" aria-hidden="true" />
      {t(kind === 'sellers' ? 'sellerBooks.back' : 'buyerOrders.back')}
    </Link>
  );
}

/** The account under the page's title: its address and its badges. */
export function AccountSummary({ email, children }: { email: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="break-all text-base-content/80">{email}</span>
      {children}
    </div>
  );
}

/** One item of an account's listings or orders: a title and its author, then labelled facts that wrap on a phone. */
export function ActivityItem({ title, subtitle, facts }: { title: string; subtitle: string; facts: { label: string; value: ReactNode }[] }) {
  return (
    <li className="flex flex-col gap-2 rounded-box bg-base-100 p-4 ring-1 ring-base-300/70">
      <div className="min-w-0 break-words">
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-base-content/70">{subtitle}</p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {facts.map((fact) => (
          <div key={fact.label} className="flex min-w-0 flex-col">
            <dt className="text-base-content/60">{fact.label}</dt>
            <dd className="min-w-0 break-words">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
