import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, isNotFoundError } from './api-client';

function stubOnce(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiGet', () => {
  it('returns the parsed JSON of a 2xx answer, fetching the relative path', async () => {
    const fetchMock = stubOnce(new Response(JSON.stringify([{ id: '1' }]), { status: 200 }));
    await expect(apiGet('/api/advertised')).resolves.toEqual([{ id: '1' }]);
    expect(fetchMock).toHaveBeenCalledWith('/api/advertised', expect.objectContaining({ headers: { Accept: 'application/json' } }));
  });

  it('turns the server error body into a typed ApiError', async () => {
    stubOnce(
      new Response(JSON.stringify({ error: { code: 'not_found', message: 'No book has this id.' } }), { status: 404 }),
    );
    const error = await apiGet('/api/books/nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'No book has this id.' });
    expect(isNotFoundError(error)).toBe(true);
  });

  it('keeps the code of a 400 answer', async () => {
    stubOnce(
      new Response(JSON.stringify({ error: { code: 'invalid_query', message: 'page must be 1 or more' } }), {
        status: 400,
      }),
    );
    await expect(apiGet('/api/categories/x/books?page=0')).rejects.toMatchObject({
      status: 400,
      code: 'invalid_query',
      message: 'page must be 1 or more',
    });
  });

  it('derives a code from the status when the body is not our JSON (a proxy error page)', async () => {
    stubOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await apiGet('/api/categories').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'unavailable' });
  });

  it('reports a network failure as an unavailable ApiError with status 0', async () => {
    stubOnce(new TypeError('Failed to fetch'));
    await expect(apiGet('/api/categories')).rejects.toMatchObject({ status: 0, code: 'unavailable' });
  });
});
