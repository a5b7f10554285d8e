import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileReportDto } from '@bindings/FileReportDto';
import type { ReportDto } from '@bindings/ReportDto';
import { BOOKS_KEY, CATEGORIES_KEY, SELLERS_KEY } from '../query-client';
import { authResponse } from '../session-token';

export interface FiledReport {
  report: ReportDto;
  /** False when the reporter had reported this before: the answer is their first report (200 rather than 201). */
  created: boolean;
}

/**
 * POST /api/reports: reports a listing or a seller, once per person (201, or 200 with the earlier report). Refused
 * with 409 `own_report_target` for one's own listing or account, 429 `rate_limited` (Retry-After) for too many, 403
 * `wrong_role` for an admin, 422 for a missing reason or a note over 1,000 characters.
 */
export async function fileReport(report: FileReportDto): Promise<FiledReport> {
  const { status, body } = await authResponse<ReportDto>('/api/reports', { method: 'POST', body: report });
  return { report: body, created: status === 201 };
}

export function useFileReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileReport,
    onSuccess: ({ created }) => {
      if (!created) return;
      // The third report from different people takes a listing off the shop. The lists are marked stale, not
      // fetched again at once: the reporter's own page stays as it is until they move on, rather than turning into
      // "not found" under the thank-you.
      for (const queryKey of [BOOKS_KEY, CATEGORIES_KEY, SELLERS_KEY]) void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    },
  });
}
