import { useId, useState } from 'react';
import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ReportGroupDto } from '@bindings/ReportGroupDto';
import type { ReportReasonDto } from '@bindings/ReportReasonDto';
import { REPORT_REASONS } from '@/components/reports/report-rules';
import { Modal } from '@/components/ui/Modal';
import { userMessage } from '@/lib/error-handling';
import { useHideBook } from '../api/hide-book';

/** The reason most of the group's reports give (the first reported, on a tie): what the admin most likely hides it for. */
export function likeliestReason(group: ReportGroupDto): ReportReasonDto {
  const counts = new Map<ReportReasonDto, number>();
  for (const report of group.reports) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  let best: ReportReasonDto = group.reports.at(-1)?.reason ?? 'other';
  for (const [reason, count] of counts) if (count > (counts.get(best) ?? 0)) best = reason;
  return best;
}

interface HideBookDialogProps {
  group: ReportGroupDto;
  onDone: () => void;
}

/**
 * Hides a reported listing for a reason its seller reads: the reasons as a radio group, the one most reports give
 * chosen already, then Hide listing. Its open reports become actioned.
 */
export function HideBookDialog({ group, onDone }: HideBookDialogProps) {
  const { t } = useTranslation('reports');
  const id = useId();
  const hide = useHideBook();
  const [reason, setReason] = useState<ReportReasonDto>(() => likeliestReason(group));
  const title = group.target.title;

  const onConfirm = () =>
    hide.mutate(
      { bookId: group.target.targetId, reason },
      {
        onSuccess: () => toast.success(i18next.t('admin.actions.hidden', { ns: 'reports' })),
        onError: (error) => toast.error(userMessage(error)),
        onSettled: onDone,
      },
    );

  return (
    <Modal title={t('admin.actions.hideTitle', { title })} onClose={onDone} busy={hide.isPending} describedBy={`${id}-text`} className="sm:max-w-lg">
      <p id={`${id}-text`} className="mt-3 text-base-content/80">
        {t('admin.actions.hideText')}
      </p>
      <fieldset className="mt-4 flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-semibold text-base-content/85">{t('admin.actions.hideReason')}</legend>
        {REPORT_REASONS.map((choice) => (
          <label
            key={choice}
            className="flex cursor-pointer items-start gap-3 rounded-field border border-base-300 bg-base-100 px-3 py-2 transition-colors has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:border-primary"
          >
            <input
              type="radio"
              name={`${id}-reason`}
              value={choice}
              checked={reason === choice}
              onChange={() => setReason(choice)}
              className="radio radio-primary radio-sm mt-0.5 shrink-0"
              aria-labelledby={`${id}-${choice}`}
              aria-describedby={`${id}-${choice}-hint`}
              data-autofocus={reason === choice ? true : undefined}
            />
            <span className="flex min-w-0 flex-col">
              <span id={`${id}-${choice}`} className="font-medium">
                {t(`reasons.${choice}`)}
              </span>
              <span id={`${id}-${choice}-hint`} className="text-sm text-base-content/70">
                {t(`reasonHints.${choice}`)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={hide.isPending}>
          {t('admin.actions.cancel')}
        </button>
        <button type="button" className="btn btn-error" onClick={onConfirm} disabled={hide.isPending} aria-busy={hide.isPending || undefined}>
          {hide.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('admin.actions.hide')}
        </button>
      </div>
    </Modal>
  );
}
