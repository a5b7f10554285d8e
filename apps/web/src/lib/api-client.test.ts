import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, errorFromResponse, fallbackCode, isAccountDeleted, isNotFoundError, readJson } from './api-client';

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

  it('derives a code and plain words from the status when a proxy answers without our JSON', async () => {
    stubOnce(new Response('<html>Too many requests</html>', { status: 429 }));
    await expect(apiGet('/api/categories')).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Too many requests. Please wait a minute and try again.',
    });
  });

  it('reports a network failure as an unavailable ApiError with status 0', async () => {
    stubOnce(new TypeError('Failed to fetch'));
    await expect(apiGet('/api/categories')).rejects.toMatchObject({ status: 0, code: 'unavailable' });
  });
});

describe('readJson', () => {
  it('answers nothing for a 204 (a deletion), which has no body to read', async () => {
    await expect(readJson<void>(new Response(null, { status: 204 }))).resolves.toBeUndefined();
  });
});

describe('errorFromResponse', () => {
  it("keeps a validation_failed answer's field messages", async () => {
    const body = {
      error: {
        code: 'validation_failed',
        message: 'resalePrice: must be more than 0 (and 1 more)',
        fields: { resalePrice: 'must be more than 0', sellerName: 'This field is required' },
      },
    };
    const error = await errorFromResponse(new Response(JSON.stringify(body), { status: 422 }));
    expect(error).toMatchObject({ status: 422, code: 'validation_failed' });
    expect(error.fields).toEqual({ resalePrice: 'must be more than 0', sellerName: 'This field is required' });
  });

  it('has no field messages for other answers', async () => {
    const body = { error: { code: 'book_unavailable', message: 'Someone else ordered this book.' } };
    const error = await errorFromResponse(new Response(JSON.stringify(body), { status: 409 }));
    expect(error.fields).toEqual({});
  });
});

describe('fallbackCode', () => {
  it.each([
    [400, 'invalid_input'],
    [401, 'unauthenticated'],
    [404, 'not_found'],
    [413, 'image_too_large'],
    [415, 'unsupported_image'],
    [422, 'validation_failed'],
    [429, 'rate_limited'],
    [500, 'internal'],
    [502, 'unavailable'],
    [503, 'unavailable'],
    [504, 'unavailable'],
  ] as const)('reads a bare %i as %s', (status, code) => {
    expect(fallbackCode(status)).toBe(code);
  });

  it('never reads a bare 403 as a deleted account, nor a bare 409 as a specific conflict', () => {
    expect(fallbackCode(403)).toBe('wrong_role');
    expect(fallbackCode(409)).toBe('invalid_input');
  });
});

describe('isAccountDeleted', () => {
  it('goes by the code, not the status or the words', () => {
    expect(isAccountDeleted(new ApiError(403, 'account_deleted', 'Forbidden Access'))).toBe(true);
    expect(isAccountDeleted(new ApiError(403, 'wrong_role', 'Forbidden Access'))).toBe(false);
    expect(isAccountDeleted(new Error('Forbidden Access'))).toBe(false);
  });
});
