import { vi } from 'vitest';
import type { ErrorBody } from '@bindings/ErrorBody';
import { PUBLIC_CONFIG } from './fixtures';

type Reply = { status?: number; body: unknown } | ((url: URL) => { status?: number; body: unknown });

/**
 * Replaces global fetch with a table of canned replies keyed by path ("/api/advertised") or by
 * path + query ("/api/books/grouped?perCategory=4"); the longest matching key wins. Unknown paths answer
 * 404 with our error body, so a forgotten stub fails loudly in the UI rather than hanging.
 */
export function stubFetch(routes: Record<string, Reply>) {
  const table: Record<string, Reply> = { '/api/config': { body: PUBLIC_CONFIG }, ...routes };
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
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
          ? reply(url)
          : reply;
    return new Response(JSON.stringify(resolved.body), {
      status: resolved.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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
