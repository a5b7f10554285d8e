import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { ApiError, apiGet } from './api-client';
import { createQueryClient, shouldRetry } from './query-client';

describe('query defaults', () => {
  it('refetch on every mount, nothing is fresh, cached five minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.refetchOnMount).toBe(true);
    expect(defaults?.staleTime).toBe(0);
    expect(defaults?.gcTime).toBe(5 * 60 * 1000);
  });

  it('retries server and network failures three times but never a 404', () => {
    expect(shouldRetry(0, new ApiError(500, 'internal', 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'unavailable', 'x'))).toBe(true);
    expect(shouldRetry(3, new ApiError(500, 'internal', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'unavailable', 'offline'))).toBe(true);
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(400, 'invalid_query', 'x'))).toBe(false);
  });
});

function errorResponse(status: number, code: string) {
  return new Response(JSON.stringify({ error: { code, message: 'nope' } }), { status });
}

function useThing() {
  return useQuery({ queryKey: ['thing'], queryFn: () => apiGet('/api/thing') });
}

function setup(status: number, code: string) {
  const fetchMock = vi.fn(async () => errorResponse(status, code));
  vi.stubGlobal('fetch', fetchMock);
  const client = createQueryClient({ retryDelay: 0 });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { fetchMock, ...renderHook(() => useThing(), { wrapper }) };
}

describe('retry behaviour through useQuery', () => {
  it('asks only once for an unknown resource (404)', async () => {
    const { result, fetchMock } = setup(404, 'not_found');
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.error).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('tries a failing server four times in all (one call plus three retries)', async () => {
    const { result, fetchMock } = setup(500, 'internal');
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
