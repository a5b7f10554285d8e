import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportedThingDto } from '@bindings/ReportedThingDto';
import { authRequest } from '@/lib/session-token';
import { refreshAfterDecision } from './get-reports';

/**
 * POST /api/admin/reports/{id}/dismiss (admin), with any report of the group: dismisses the open reports of its target
 * and, when reports had hidden a listing, puts it back on sale. 409 `report_decided` when decided meanwhile.
 */
export function dismissReports(reportId: string): Promise<ReportedThingDto> {
  return authRequest<ReportedThingDto>(`/api/admin/reports/${encodeURIComponent(reportId)}/dismiss`, { method: 'POST' });
}

export function useDismissReports() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: dismissReports, onSettled: () => refreshAfterDecision(queryClient) });
}
