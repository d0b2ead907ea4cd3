// Contract of the zipcloud-compatible postal lookup, exercised over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../src/app';
import { ZIPCLOUD_MESSAGES, type ZipcloudResponse } from '../src/postal/lookup-postal-code';

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = await buildSandbox();
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

async function search(query: string): Promise<ZipcloudResponse> {
  const response = await fetch(`${base}/postal/api/search?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ZipcloudResponse;
}

describe('GET /postal/api/search', () => {
  it('answers a known code with prefecture, city and town like zipcloud', async () => {
    expect(await search('zipcode=1000001')).toEqual({
      message: null,
      status: 200,
      results: [
        expect.objectContaining({ zipcode: '1000001', prefcode: '13', address1: '東京都', address2: '千代田区', address3: '千代田' }),
      ],
    });
  });

  it('accepts the hyphenated form and writes prefecture codes without a leading zero', async () => {
    const body = await search('zipcode=060-0000');
    expect(body.results?.[0]).toMatchObject({
      zipcode: '0600000',
      prefcode: '1',
      address1: '北海道',
      address2: '札幌市中央区',
      address3: '',
    });
  });

  it('returns null results for an unknown code', async () => {
    expect(await search('zipcode=9999999')).toEqual({ message: null, results: null, status: 200 });
  });

  it.each([
    ['', ZIPCLOUD_MESSAGES.missing],
    ['zipcode=123', ZIPCLOUD_MESSAGES.length],
    ['zipcode=12345678', ZIPCLOUD_MESSAGES.length],
    ['zipcode=１００0001', ZIPCLOUD_MESSAGES.notDigits],
    ['zipcode=abcdefg', ZIPCLOUD_MESSAGES.notDigits],
  ])('rejects bad input %j with zipcloud status 400 and its message', async (query, message) => {
    expect(await search(query)).toEqual({ message, results: null, status: 400 });
  });

  it('returns every town sharing a code, up to the limit', async () => {
    // 4520961 covers several towns in Kiyosu, Aichi.
    const all = await search('zipcode=4520961');
    expect(all.results?.length).toBeGreaterThan(1);
    const limited = await search('zipcode=4520961&limit=1');
    expect(limited.results).toHaveLength(1);
  });

  it('wraps the answer for a JSONP callback', async () => {
    const response = await fetch(`${base}/postal/api/search?zipcode=1000001&callback=cb`);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(await response.text()).toMatch(/^cb\(\{.*"address1":"東京都"/);
  });
});

describe('sandbox index', () => {
  it('lists the emulators for a person trying Kifu', async () => {
    const response = await fetch(`${base}/`);
    expect(await response.text()).toContain('/postal/api/search?zipcode=1000001');
  });
});
