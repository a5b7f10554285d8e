import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LuBan, LuCircleCheck, LuEyeOff, LuRotateCcw } from 'react-icons/lu';
import type { ReportGroupDto } from '@bindings/ReportGroupDto';
import type { ReportedThingDto } from '@bindings/ReportedThingDto';
import type { ReportStatusDto } from '@bindings/ReportStatusDto';
import { formatDate, formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

/** What the admin can decide on a group; the page asks before each (see ReportsPage). */
export type Decision = 'dismiss' | 'hide' | 'keepHidden' | 'restore' | 'closeSeller';

type StateKey = 'forSale' | 'hiddenByReports' | 'hiddenByAdmin' | 'ordered' | 'sold' | 'withdrawn' | 'sellerOpen' | 'sellerClosed';

/** Where the reported thing stands now (`admin.state.<key>`), and its badge's colour. */
function stateOf(target: ReportedThingDto): { key: StateKey; tone: string } {
  if (target.targetType === 'seller') {
    return target.sellerClosed ? { key: 'sellerClosed', tone: 'badge-neutral' } : { key: 'sellerOpen', tone: 'badge-ghost' };
  }
  switch (target.bookStatus) {
    case 'hidden':
      return target.hiddenByReports ? { key: 'hiddenByReports', tone: 'badge-error' } : { key: 'hiddenByAdmin', tone: 'badge-error' };
    case 'pending':
      return { key: 'ordered', tone: 'badge-warning' };
    case 'sold':
      return { key: 'sold', tone: 'badge-info' };
    case 'withdrawn':
      return { key: 'withdrawn', tone: 'badge-ghost' };
    default:
      return { key: 'forSale', tone: 'badge-success' };
  }
}

/** A book's page exists for the public while it is on the shop (for sale, ordered or sold), never once hidden or deleted. */
const bookHasPage = (target: ReportedThingDto) =>
  target.targetType === 'book' && (target.bookStatus === 'available' || target.bookStatus === 'pending' || target.bookStatus === 'sold');

/**
 * Which decisions a group offers. Open reports can be dismissed, a listing for sale hidden, and the seller's account
 * closed while it is open. A hidden listing can be restored whatever tab shows it (an admin who hid one by mistake finds
 * it under Actioned); while it is hidden, Restore stands in for Dismiss, which would do the same (back on sale, its
 * reports dismissed). A listing the reports hid can also be kept hidden, with the admin's reason for its seller.
 */
export function decisionsFor(group: ReportGroupDto, status: ReportStatusDto): Decision[] {
  const { target } = group;
  const open = status === 'open';
  const hidden = target.targetType === 'book' && target.bookStatus === 'hidden';
  const decisions: Decision[] = [];
  if (open && !hidden) decisions.push('dismiss');
  if (open && target.targetType === 'book' && target.bookStatus === 'available') decisions.push('hide');
  if (open && hidden && target.hiddenByReports) decisions.push('keepHidden');
  if (hidden) decisions.push('restore');
  if (open && !target.sellerClosed) decisions.push('closeSeller');
  return decisions;
}

const DECISION_ICONS = { dismiss: LuCircleCheck, hide: LuEyeOff, keepHidden: LuEyeOff, restore: LuRotateCcw, closeSeller: LuBan } as const;
const DECISION_STYLES: Record<Decision, string> = {
  dismiss: 'btn-outline btn-primary',
  hide: 'btn-outline btn-error',
  keepHidden: 'btn-outline btn-error',
  restore: 'btn-primary',
  closeSeller: 'btn-ghost text-error',
};

interface ReportGroupCardProps {
  group: ReportGroupDto;
  /** The tab the group is shown under: only open reports are decided on. */
  status: ReportStatusDto;
  onDecide: (decision: Decision, group: ReportGroupDto) => void;
}

/**
 * One reported listing or seller: what it is and where it stands, links to it (the book's page, the seller's public
 * page and the admin's page of their listings), each report (reason, note, who, when) and the decisions it offers.
 */
export function ReportGroupCard({ group, status, onDecide }: ReportGroupCardProps) {
  const { t } = useTranslation('reports');
  const language = useLanguage();
  const headingId = useId();
  const { target, reports } = group;
  const state = stateOf(target);
  const decisions = decisionsFor(group, status);
  const sellerLinks = !target.sellerClosed;

  return (
    <article
      aria-labelledby={headingId}
      data-report-target={target.targetId}
      className="flex flex-col gap-4 rounded-box bg-base-100 p-4 ring-1 ring-base-300/70 sm:p-5"
    >
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="text-xs font-semibold tracking-wide text-base-content/65 uppercase">{t(`admin.kind.${target.targetType}`)}</span>
          <span className={`badge badge-sm whitespace-nowrap ${state.tone}`}>{t(`admin.state.${state.key}`)}</span>
          {target.targetType === 'book' && target.sellerClosed && (
            <span className="badge badge-sm badge-neutral whitespace-nowrap">{t('admin.state.sellerClosed')}</span>
          )}
          <span className="badge badge-sm badge-outline whitespace-nowrap">
            {t('admin.count', { count: reports.length, number: formatNumber(reports.length, language) })}
          </span>
        </div>
        <h3 id={headingId} className="text-lg leading-snug font-semibold wrap-break-word">
          {bookHasPage(target) ? (
            <Link to={`/books/${target.targetId}`} className="link link-hover text-primary">
              {target.title}
            </Link>
          ) : target.targetType === 'seller' && sellerLinks ? (
            <Link to={`/sellers/${target.sellerId}`} className="link link-hover text-primary">
              {target.title}
            </Link>
          ) : (
            target.title
          )}
        </h3>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-base-content/80">
          {target.targetType === 'book' && (
            <span>
              {t('admin.seller')}{' '}
              {sellerLinks ? (
                <Link to={`/sellers/${target.sellerId}`} className="link link-hover font-medium" aria-label={t('admin.sellerPublic', { name: target.sellerName })}>
                  {target.sellerName}
                </Link>
              ) : (
                <span className="font-medium">{target.sellerName}</span>
              )}
            </span>
          )}
          {sellerLinks && (
            <Link
              to={`/dashboard/allSeller/${target.sellerId}`}
              className="link link-hover font-medium text-primary"
              aria-label={t('admin.sellerListingsOf', { name: target.sellerName })}
            >
              {t('admin.sellerListings')}
            </Link>
          )}
        </p>
        {target.bookStatus === 'hidden' && target.hiddenReason && (
          <p className="text-sm text-base-content/80">{t('admin.hiddenAs', { reason: t(`reasons.${target.hiddenReason}`) })}</p>
        )}
      </header>

      <ul aria-label={t('admin.reportsOf', { title: target.title })} className="flex flex-col divide-y divide-base-300/70 rounded-field bg-base-200/50">
        {reports.map((report) => (
          <li key={report.id} className="flex flex-col gap-1 px-3 py-2.5">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span className="badge badge-sm badge-warning font-semibold whitespace-nowrap">{t(`reasons.${report.reason}`)}</span>
              <span className="text-base-content/80">{t('admin.by', { name: report.reporterName })}</span>
              <time dateTime={report.createdAt} className="text-base-content/70 whitespace-nowrap">
                {formatDate(report.createdAt, language)}
              </time>
            </p>
            {report.note && <p className="text-sm whitespace-pre-line wrap-break-word text-base-content">{report.note}</p>}
          </li>
        ))}
      </ul>

      {decisions.length > 0 && (
        <div role="group" aria-label={t('admin.actions.label', { title: target.title })} className="flex flex-wrap gap-2">
          {decisions.map((decision) => {
            const Icon = DECISION_ICONS[decision];
            const label =
              decision === 'closeSeller'
                ? t('admin.actions.closeSellerFor', { name: target.sellerName })
                : t(`admin.actions.${decision}For`, { title: target.title });
            return (
              <button
                key={decision}
                type="button"
                className={`btn btn-sm ${DECISION_STYLES[decision]}`}
                aria-label={label}
                onClick={() => onDecide(decision, group)}
              >
                <Icon className="size-4" aria-hidden="true" />
                {t(`admin.actions.${decision}`)}
              </button>
            );
          })}
        </div>
      )}
    </article>
  );
}
