import { useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ReportReasonDto } from '@bindings/ReportReasonDto';
import type { ReportTargetTypeDto } from '@bindings/ReportTargetTypeDto';
import { FormAlert } from '@/components/ui/FormAlert';
import { Modal } from '@/components/ui/Modal';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { useFileReport } from '@/lib/api/file-report';
import { isApiError } from '@/lib/api-client';
import { userMessage } from '@/lib/error-handling';
import { applyFieldErrors } from '@/lib/form-errors';
import { formatNumber } from '@/lib/format';
import { problemText } from '@/lib/i18n/problem';
import { useLanguage } from '@/lib/i18n/translations';
import { REPORT_NOTE_MAX_CHARS, REPORT_REASONS, reportNoteLength, reportSchema, retryWhen, type ReportValues } from './report-rules';

/** What is being reported: a listing (by its book id) or a seller (by their account id), and its name as shown. */
export interface ReportTarget {
  type: ReportTargetTypeDto;
  id: string;
  name: string;
}

const FIELDS = ['reason', 'note'] as const;

/** A toast's text, read when it shows: the reader may have switched language meanwhile. */
const toastText = (key: 'dialog.sent' | 'dialog.already') => i18next.t(key, { ns: 'reports' });

/**
 * Why the report was not taken, when no field is to blame, in the language on screen: too many reports says when to
 * try again (from the server's Retry-After); anything else is the error's own text (one's own listing, an admin...).
 */
function useFailureText(failure: unknown): string | null {
  const { t } = useTranslation('reports');
  const language = useLanguage();
  if (failure === null) return null;
  if (isApiError(failure) && failure.code === 'rate_limited') {
    const { key, count } = retryWhen(failure.retryAfterSeconds);
    return t('dialog.tooMany', { when: t(key, { count, number: formatNumber(count, language) }) });
  }
  return userMessage(failure);
}

/** One reason as a radio button, named by its label and described by its one-line explanation. */
function ReasonChoices({ field, error }: { field: UseFormRegisterReturn<'reason'>; error?: string }) {
  const { t } = useTranslation('reports');
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-base-content/85">{t('dialog.reason')}</legend>
      {REPORT_REASONS.map((reason) => (
        <label
          key={reason}
          className="flex cursor-pointer items-start gap-3 rounded-field border border-base-300 bg-base-100 px-3 py-2.5 transition-colors has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:border-primary"
        >
          <input
            type="radio"
            value={reason}
            className="radio radio-primary radio-sm mt-0.5 shrink-0"
            aria-labelledby={`${id}-${reason}`}
            aria-describedby={`${id}-${reason}-hint`}
            aria-invalid={error ? true : undefined}
            {...field}
          />
          <span className="flex min-w-0 flex-col">
            <span id={`${id}-${reason}`} className="font-medium">
              {t(`reasons.${reason}`)}
            </span>
            <span id={`${id}-${reason}-hint`} className="text-sm text-base-content/70">
              {t(`reasonHints.${reason}`)}
            </span>
          </span>
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-error first-letter:uppercase">
          {problemText(error)}
        </p>
      )}
    </fieldset>
  );
}

interface ReportDialogProps {
  target: ReportTarget;
  onClose: () => void;
}

/**
 * The report form in a dialog: a reason (required, each with its one-line explanation) and an optional note with a
 * counter of the 1,000 characters allowed. A new report thanks the reader; one filed before says so (both close the
 * dialog); a refusal stays in the dialog, beside its field or above the buttons.
 */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  const { t } = useTranslation('reports');
  const language = useLanguage();
  const rulesId = useId();
  const file = useFileReport();
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useFailureText(failure);
  const form = useForm<ReportValues>({ resolver: zodResolver(reportSchema), defaultValues: { reason: '', note: '' } });
  const { errors } = form.formState;
  const note = form.watch('note');
  const used = reportNoteLength(note);
  const busy = file.isPending;
  const reasonField = form.register('reason');
  const noteField = form.register('note');

  const onSubmit = form.handleSubmit(async ({ reason, note: written }) => {
    setFailure(null);
    const text = written.trim();
    try {
      const { created } = await file.mutateAsync({
        targetType: target.type,
        targetId: target.id,
        // The schema let through only one of REPORT_REASONS.
        reason: reason as ReportReasonDto,
        ...(text ? { note: text } : {}),
      });
      toast.success(toastText(created ? 'dialog.sent' : 'dialog.already'));
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, { fields: FIELDS })) setFailure(error);
    }
  });

  return (
    <Modal title={t(`dialog.${target.type}`)} onClose={onClose} busy={busy} describedBy={rulesId} className="sm:max-w-lg">
      <form noValidate onSubmit={onSubmit} className="mt-3 flex flex-col gap-4">
        <div id={rulesId} className="flex flex-col gap-1.5">
          <p className="text-sm text-base-content/75">
            {t('dialog.about')} <span className="font-semibold wrap-break-word text-base-content">{target.name}</span>
          </p>
          <p className="text-sm text-base-content/75">{t(target.type === 'book' ? 'dialog.rulesBook' : 'dialog.rulesSeller')}</p>
        </div>
        <ReasonChoices field={reasonField} error={errors.reason?.message} />
        <TextAreaField
          label={t('dialog.note')}
          rows={3}
          error={errors.note?.message}
          hint={
            <span className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
              <span>{t('dialog.noteHint')}</span>
              <span
                className={`tabular-nums whitespace-nowrap ${used > REPORT_NOTE_MAX_CHARS ? 'font-semibold text-error' : ''}`}
                data-testid="character-counter"
              >
                {t('dialog.counter', { used: formatNumber(used, language), max: formatNumber(REPORT_NOTE_MAX_CHARS, language) })}
              </span>
            </span>
          }
          {...noteField}
        />
        <FormAlert message={failureText} />
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t('dialog.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
