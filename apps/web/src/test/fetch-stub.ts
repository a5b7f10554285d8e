import { vi } from 'vitest';
import type { ErrorBody } from '@bindings/ErrorBody';
import { PUBLIC_CONFIG } from './fixtures';

export type ReplyValue = { status?: number; body: unknown };
export type Reply = ReplyValue | ((url: URL, init: RequestInit) => ReplyValue | Promise<ReplyValue>);

/**
 * Replaces global fetch with a table of canned replies keyed by path ("/api/advertised") or by
 * path + query ("/api/books/grouped?perCategory=4"); the longest matching key wins. Unknown paths answer
 * 404 with our error body, so a forgotten stub fails loudly in the UI rather than hanging.
 */
export function stubFetch(routes: Record<string, Reply>) {
  const table: Record<string, Reply> = { '/api/config': { body: PUBLIC_CONFIG }, ...routes };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const candidates = Object.keys(table)
      .filter((key) => key === url.pathname + url.search || key === url.pathname)
      .sort((a, b) => b.length - a.length);
    const key = candidates[0];
    const reply = key === undefined ? undefined : table[key];
    const resolved =
      reply === undefined
        ? notFound(`No stub for ${url.pathname}`)
        : typeof reply === 'function'
          ? await reply(url, init)
          : reply;
    const status = resolved.status ?? 200;
    // A 204 (the answer to a logout) has no body at all; Response refuses one.
    if (status === 204) return new Response(null, { status });
    return new Response(JSON.stringify(resolved.body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests made to a path, with their method, Authorization header and body. */
export function requestsTo(fetchMock: ReturnType<typeof stubFetch>, path: string) {
  return fetchMock.mock.calls
    .filter(([input]) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return new URL(raw, 'http://localhost').pathname === path;
    })
    .map(([, init = {}]) => {
      const headers = new Headers(init.headers);
      return {
        method: init.method ?? 'GET',
        authorization: headers.get('Authorization'),
        body: init.body,
        json: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
    });
}

/** How many times a path was requested. */
export function callsTo(fetchMock: ReturnType<typeof stubFetch>, path: string): number {
  return fetchMock.mock.calls.filter(([input]) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return new URL(raw, 'http://localhost').pathname === path;
  }).length;
}

export function notFound(message = 'No book has this id.'): { status: number; body: ErrorBody } {
  return { status: 404, body: { error: { code: 'not_found', message } } };
}
