import { describe, expect, it, vi } from 'vitest';
import { ApiError, buildQueryString, createApiClient, NetworkError } from './api-client';

describe('buildQueryString', () => {
  it('sorts keys and drops null and undefined (spec §7)', () => {
    expect(buildQueryString({ page: 2, lang: 'en', q: undefined, social_challenge: null, a: false })).toBe('?a=false&lang=en&page=2');
  });
  it('repeats array values and encodes', () => {
    expect(buildQueryString({ tag: ['b', null, 'a c'] })).toBe('?tag=b&tag=a+c');
  });
  it('is empty without values', () => {
    expect(buildQueryString(undefined)).toBe('');
    expect(buildQueryString({ q: undefined })).toBe('');
  });
});

function fakeFetch(status: number, body: string) {
  return vi.fn<typeof fetch>(async () => new Response(body, { status }));
}

describe('createApiClient', () => {
  it('calls base + path + sorted query with JSON headers and bearer auth', async () => {
    const fetchImpl = fakeFetch(200, '{"count":0}');
    const client = createApiClient('http://api.test/', fetchImpl);
    await expect(client.get('/associate/', { query: { page: 1, lang: 'ja' }, token: 't0k' })).resolves.toEqual({ count: 0 });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://api.test/associate/?lang=ja&page=1');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer t0k');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('sends JSON bodies', async () => {
    const fetchImpl = fakeFetch(201, '{"id":1}');
    const client = createApiClient('http://api.test', fetchImpl);
    await expect(client.request('POST', '/donation/', { body: { amount: 1000 } })).resolves.toEqual({
      ok: true,
      status: 201,
      content: { id: 1 },
    });
    const init = fetchImpl.mock.calls[0]![1]!;
    expect(init.body).toBe('{"amount":1000}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('carries the error body detail and code', async () => {
    const client = createApiClient('http://api.test', fakeFetch(404, '{"code":"not_found","detail":"Associate not found"}'));
    const error = await client.get('/associate/x/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, detail: 'Associate not found', code: 'not_found' });
  });

  it('gives empty content for an unparseable success body, and get() rejects it', async () => {
    const client = createApiClient('http://api.test', fakeFetch(200, '<html>'));
    await expect(client.request('GET', '/health')).resolves.toEqual({ ok: true, status: 200, content: null });
    await expect(client.get('/health')).rejects.toBeInstanceOf(ApiError);
  });

  it('wraps transport failures as NetworkError', async () => {
    const client = createApiClient(
      'http://api.test',
      vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(client.get('/health')).rejects.toBeInstanceOf(NetworkError);
  });
});
