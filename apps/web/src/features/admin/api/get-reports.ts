import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PageDto } from '@bindings/PageDto';
import type { ReportGroupDto } from '@bindings/ReportGroupDto';
import type { ReportStatusDto } from '@bindings/ReportStatusDto';
import { invalidateStorefront } from '@/lib/query-client';
import { authRequest } from '@/lib/session-token';
import { ADMIN_KEY, SELLER_BOOKS_KEY } from './admin-keys';

/**
 * The admin's queue of reports, under ADMIN_KEY: closing a seller's account (which marks their open reports actioned)
 * refreshes it with the account tables.
 */
export const REPORTS_KEY = [...ADMIN_KEY, 'reports'] as const;
export const REPORT_GROUPS_PER_PAGE = 20;

export type ReportQueuePage = PageDto<ReportGroupDto>;

/**
 * GET /api/admin/reports?status=&page=&perPage= (admin): one page of reports grouped by what they are about (a
 * listing or a seller), the group with the newest report first.
 */
export function getReportQueue(status: ReportStatusDto, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<ReportQueuePage> {
  const query = new URLSearchParams({ status, page: String(page), perPage: String(REPORT_GROUPS_PER_PAGE) });
  return authRequest<ReportQueuePage>(`/api/admin/reports?${query}`, { signal });
}

export const reportQueueQueryOptions = (status: ReportStatusDto, page: number) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, status, { page }],
    queryFn: ({ signal }) => getReportQueue(status, page, { signal }),
  });

export function useReportQueue(status: ReportStatusDto, page: number) {
  return useQuery({
    ...reportQueueQueryOptions(status, page),
    // Another page of the same tab stays on screen while the next one comes; another tab's groups never stand in.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[REPORTS_KEY.length] === status ? previous : undefined),
  });
}

/**
 * After a decision (or an attempt another admin beat): the queue in every tab, the admin's pages of sellers' listings
 * (their statuses) and the storefront (a listing hidden or back on sale) are asked for again.
 */
export async function refreshAfterDecision(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
    queryClient.invalidateQueries({ queryKey: SELLER_BOOKS_KEY }),
    invalidateStorefront(queryClient),
  ]);
}
