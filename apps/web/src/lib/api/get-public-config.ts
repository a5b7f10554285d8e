import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfigDto } from '@bindings/PublicConfigDto';
import { apiGet } from '../api-client';

export function getPublicConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PublicConfigDto> {
  return apiGet<PublicConfigDto>('/api/config', { signal });
}

/** Run-time configuration (auth mode, payments). It does not change while the page is open. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getPublicConfig({ signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
