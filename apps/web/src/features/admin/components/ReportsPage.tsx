import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { LuShieldCheck } from 'react-icons/lu';
import type { ReportGroupDto } from '@bindings/ReportGroupDto';
import type { ReportStatusDto } from '@bindings/ReportStatusDto';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { userMessage } from '@/lib/error-handling';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { pageCount, useListPageParam, usePageInRange } from '@/lib/page-param';
import { useDismissReports } from '../api/dismiss-reports';
import { REPORT_GROUPS_PER_PAGE, useReportQueue } from '../api/get-reports';
import { useRestoreBook } from '../api/restore-book';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { HideBookDialog } from './HideBookDialog';
import { ReportGroupCard, type Decision } from './ReportGroupCard';

const STATUSES = ['open', 'dismissed', 'actioned'] as const satisfies readonly ReportStatusDto[];

/** `?status=` as one of the three; anything else (or none) is the open reports, where the work is. */
function parseStatus(raw: string | null): ReportStatusDto {
  return STATUSES.find((status) => status === raw) ?? 'open';
}

const LIST_ID = 'report-groups';

// Names for code, kept out of the markup (where the linter reads every literal as a text for people).
const CURRENT_PAGE = 'page';
const CONFIRM_TONE = 'primary';
const SELLER_DELETED_TOAST = 'sellers.deleted';

/** A toast's text, read when it shows: the reader may have switched language meanwhile. */
const toastText = (key: 'admin.actions.dismissed' | 'admin.actions.restored') => i18next.t(key, { ns: 'reports' });

/** Open, Dismissed, Actioned: links that keep the choice in the address (a reload or Back shows the same tab). */
function StatusTabs({ current }: { current: ReportStatusDto }) {
  const { t } = useTranslation('reports');
  return (
    // daisyUI's tabs style the links themselves (no list between): each is a link with aria-current, not an ARIA tab.
    <nav aria-label={t('admin.filter')} className="tabs tabs-box w-fit max-w-full flex-nowrap overflow-x-auto">
      {STATUSES.map((status) => (
        <Link
          key={status}
          to={{ search: status === 'open' ? '' : `?status=${status}` }}
          aria-current={status === current ? CURRENT_PAGE : undefined}
          className={`tab whitespace-nowrap ${status === current ? 'tab-active font-semibold' : 'text-base-content/80 hover:text-base-content'}`}
        >
          {t(`admin.statuses.${status}`)}
        </Link>
      ))}
    </nav>
  );
}

/** Asks before dismissing a group's open reports; a listing the reports hid goes back on sale. */
function DismissDialog({ group, onDone }: { group: ReportGroupDto; onDone: () => void }) {
  const { t } = useTranslation('reports');
  const dismiss = useDismissReports();
  const firstReport = group.reports[0];
  const onConfirm = () => {
    if (!firstReport) return onDone();
    dismiss.mutate(firstReport.id, {
      onSuccess: () => toast.success(toastText('admin.actions.dismissed')),
      onError: (error) => toast.error(userMessage(error)),
      onSettled: onDone,
    });
  };
  return (
    <ConfirmDialog
      question={t('admin.actions.dismissQuestion', { title: group.target.title })}
      tone={CONFIRM_TONE}
      confirmLabel={t('admin.actions.dismiss')}
      onConfirm={onConfirm}
      onCancel={onDone}
      busy={dismiss.isPending}
    >
      <p>{t(group.target.hiddenByReports ? 'admin.actions.dismissTextHidden' : 'admin.actions.dismissText')}</p>
    </ConfirmDialog>
  );
}

/** Asks before a hidden listing goes back on sale. */
function RestoreDialog({ group, onDone }: { group: ReportGroupDto; onDone: () => void }) {
  const { t } = useTranslation('reports');
  const restore = useRestoreBook();
  const onConfirm = () =>
    restore.mutate(group.target.targetId, {
      onSuccess: () => toast.success(toastText('admin.actions.restored')),
      onError: (error) => toast.error(userMessage(error)),
      onSettled: onDone,
    });
  return (
    <ConfirmDialog
      question={t('admin.actions.restoreQuestion', { title: group.target.title })}
      tone={CONFIRM_TONE}
      confirmLabel={t('admin.actions.restore')}
      onConfirm={onConfirm}
      onCancel={onDone}
      busy={restore.isPending}
    >
      <p>{t('admin.actions.restoreText')}</p>
    </ConfirmDialog>
  );
}

/**
 * /dashboard/reports (admin): the reports people sent, grouped by the listing or seller they are about, under the tabs
 * Open, Dismissed and Actioned. Each open group can be dismissed, its listing hidden (for a reason its seller reads) or
 * restored, or its seller's account closed, each after a question; the queue, the admin's seller pages and the shop
 * are asked for again after every decision.
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  const language = useLanguage();
  const [searchParams] = useSearchParams();
  const status = parseStatus(searchParams.get('status'));
  const [page, goToPage] = useListPageParam('page', LIST_ID);
  const queue = useReportQueue(status, page);
  const total = queue.data?.total ?? 0;
  const totalPages = pageCount(total, REPORT_GROUPS_PER_PAGE);
  usePageInRange({ ready: queue.isSuccess && !queue.isPlaceholderData, page, totalPages, goToPage });
  const [deciding, setDeciding] = useState<{ decision: Decision; group: ReportGroupDto } | null>(null);
  const done = () => setDeciding(null);
  const shown = queue.data;

  return (
    <DashboardPage title={t('admin.title')} lead={t('admin.lead')}>
      <StatusTabs current={status} />
      {queue.isPending && <Spinner label={t('admin.loading')} />}
      {queue.isError && (
        <ErrorState title={t('admin.loadFailed')} error={queue.error} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
      )}
      {shown && total === 0 && (
        <EmptyState icon={<LuShieldCheck className="size-7" />} title={t(`admin.empty.${status}`)}>
          <p>{t('admin.emptyText')}</p>
        </EmptyState>
      )}
      {shown && total > 0 && (
        <section aria-labelledby={`${LIST_ID}-heading`} className="flex flex-col gap-3">
          <h2 id={`${LIST_ID}-heading`} className="scroll-mt-28 text-lg font-semibold">
            <span id={LIST_ID}>{t('admin.groups', { count: total, number: formatNumber(total, language) })}</span>
          </h2>
          <ul
            aria-label={t('admin.list')}
            aria-busy={queue.isPlaceholderData}
            className={`flex flex-col gap-4 ${queue.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
          >
            {shown.items.map((group) => (
              <li key={`${group.target.targetType}:${group.target.targetId}`}>
                <ReportGroupCard group={group} status={status} onDecide={(decision, chosen) => setDeciding({ decision, group: chosen })} />
              </li>
            ))}
          </ul>
          {total > REPORT_GROUPS_PER_PAGE && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} className="mt-6" />}
        </section>
      )}
      {deciding?.decision === 'dismiss' && <DismissDialog group={deciding.group} onDone={done} />}
      {(deciding?.decision === 'hide' || deciding?.decision === 'keepHidden') && (
        <HideBookDialog group={deciding.group} onDone={done} />
      )}
      {deciding?.decision === 'restore' && <RestoreDialog group={deciding.group} onDone={done} />}
      {deciding?.decision === 'closeSeller' && (
        <DeleteAccountDialog
          // The queue knows the seller by name only; the question names them by it.
          account={{ id: deciding.group.target.sellerId, email: deciding.group.target.sellerName }}
          deletedToast={SELLER_DELETED_TOAST}
          consequence={t('admin.actions.closeSellerText')}
          onDone={done}
        />
      )}
    </DashboardPage>
  );
}
