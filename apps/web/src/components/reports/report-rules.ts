import { z } from 'zod';
import type { ReportReasonDto } from '@bindings/ReportReasonDto';
import { tooLong } from '@/lib/form-rules';
import { textToken } from '@/lib/i18n/problem';

/** Every reason a report (or the admin hiding a listing) can give, in the order the dialog offers them. */
export const REPORT_REASONS = ['wrong_condition', 'counterfeit', 'offensive', 'prohibited', 'scam', 'other'] as const satisfies readonly ReportReasonDto[];

export function isReportReason(value: string): value is ReportReasonDto {
  return (REPORT_REASONS as readonly string[]).includes(value);
}

/**
 * The server's limit on a report's note: 1,000 characters once trimmed, counted as Unicode code points (an emoji is
 * one), as the server counts them.
 */
export const REPORT_NOTE_MAX_CHARS = 1000;

export function reportNoteLength(note: string): number {
  return Array.from(note.trim()).length;
}

// "Choose a reason", in the reader's language when shown.
const REASON_REQUIRED = textToken('reports:dialog.reasonRequired');

/** The report form: a reason is required (a radio group gives '' while none is chosen); the note may stay empty. */
export const reportSchema = z.object({
  reason: z.string({ error: REASON_REQUIRED }).refine(isReportReason, REASON_REQUIRED),
  note: z.string().refine((note) => reportNoteLength(note) <= REPORT_NOTE_MAX_CHARS, tooLong(REPORT_NOTE_MAX_CHARS)),
});
export type ReportValues = z.input<typeof reportSchema>;

/**
 * When a refused report may be sent again, in words (`reports:retry.*`), from the seconds of the server's Retry-After:
 * rounded up to whole minutes, and to whole hours from an hour on.
 */
export function retryWhen(seconds: number | undefined): { key: 'retry.soon' | 'retry.minutes' | 'retry.hours'; count: number } {
  if (seconds === undefined || seconds <= 60) return { key: 'retry.soon', count: 1 };
  if (seconds < 3600) return { key: 'retry.minutes', count: Math.ceil(seconds / 60) };
  return { key: 'retry.hours', count: Math.ceil(seconds / 3600) };
}
