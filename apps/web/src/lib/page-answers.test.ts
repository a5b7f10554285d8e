import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from './api-client';
import { resetPageAnswersForTests, takePageAnswer } from './page-answers';

function embed(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'page-answers';
  block.textContent = text;
  document.body.append(block);
}

describe('answers the server sent with the page', () => {
  beforeEach(() => {
    resetPageAnswersForTests();
    document.getElementById('page-answers')?.remove();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('stand in for the first request of exactly their path, once', async () => {
    vi.spyOn(performance, 'now').mockReturnValue(1_500);
    embed(JSON.stringify({ '/api/advertised': [{ id: 'b1', title: '</script> & <b>' }], '/api/config': { auth: null } }));
    const fetch = vi.fn(async () => new Response(JSON.stringify([{ id: 'from the server' }]), { status: 200 }));
    vi.stubGlobal('fetch', fetch);

    expect(await apiGet('/api/advertised')).toEqual([{ id: 'b1', title: '</script> & <b>' }]);
    expect(fetch).not.toHaveBeenCalled();
    expect(document.getElementById('page-answers')).toBeNull();

    // Asked again (a refetch): the server answers.
    expect(await apiGet('/api/advertised')).toEqual([{ id: 'from the server' }]);
    // Another query string is another request.
    await apiGet('/api/books/grouped?perCategory=24');
    expect(fetch.mock.calls.map((call) => (call as unknown[])[0])).toEqual(['/api/advertised', '/api/books/grouped?perCategory=24']);
    expect(takePageAnswer('/api/config')).toEqual({ value: { auth: null } });
    expect(takePageAnswer('/api/config')).toBeUndefined();
  });

  it('are not used once the page is no longer new', () => {
    embed(JSON.stringify({ '/api/advertised': [] }));
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    expect(takePageAnswer('/api/advertised')).toBeUndefined();
  });

  it('are ignored when the block is missing or damaged', () => {
    expect(takePageAnswer('/api/config')).toBeUndefined();
    resetPageAnswersForTests();
    embed('{"/api/config": ');
    expect(takePageAnswer('/api/config')).toBeUndefined();
    resetPageAnswersForTests();
    embed('[1, 2]');
    expect(takePageAnswer('0')).toBeUndefined();
  });
});
