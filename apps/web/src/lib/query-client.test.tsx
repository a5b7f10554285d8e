import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { ApiError, apiGet } from './api-client';
import { createQueryClient, JUST_ANSWERED_MS, shouldRetry } from './query-client';

describe('query defaults', () => {
  it('nothing is fresh, cached five minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
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

describe('asking again when a screen mounts', () => {
  function mountThing(client: QueryClient) {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return renderHook(() => useThing(), { wrapper });
  }

  it('asks again for what was answered a while ago, and for what was changed since, but not for what just arrived', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ answer: 'new' })));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();

    // Just answered (a page's prefetch): shown as it is.
    client.setQueryData(['thing'], { answer: 'prefetched' });
    const fresh = mountThing(client);
    expect(fresh.result.current.data).toEqual({ answer: 'prefetched' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    fresh.unmount();

    // Answered longer ago: asked again.
    client.setQueryData(['thing'], { answer: 'old' }, { updatedAt: Date.now() - JUST_ANSWERED_MS - 1 });
    const old = mountThing(client);
    await waitFor(() => expect(old.result.current.data).toEqual({ answer: 'new' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    old.unmount();

    // Just answered, but changed since (a mutation invalidated it): asked again.
    client.setQueryData(['thing'], { answer: 'stale' });
    await client.invalidateQueries({ queryKey: ['thing'] });
    const changed = mountThing(client);
    await waitFor(() => expect(changed.result.current.data).toEqual({ answer: 'new' }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
