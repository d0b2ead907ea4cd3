// The few seconds of memory in front of Next (ADR 046), over real HTTP: a stand-in for Next answers
// as Next does for a cached public page (Cache-Control s-maxage, ETag, gzip when asked) or for what
// may not be shared, and counts how often it was asked.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createFrontPageCache, FRONT_CACHE_MS, FRONT_CACHE_STALE_MS } from './front-page-cache';

const PUBLIC = 's-maxage=60, stale-while-revalidate=31535940';
let server: Server;
afterEach(() => server?.close());

/** Starts the cache in front of a stand-in for Next; `answer` writes what Next would for a request. */
async function inFront(answer: (request: IncomingMessage, response: ServerResponse) => void) {
  const clock = { now: 1_000_000, refreshedAt: 0 };
  const calls: string[] = [];
  const serve = createFrontPageCache({ refreshedAt: () => clock.refreshedAt, now: () => clock.now });
  server = createServer((request, response) =>
    serve(request, response, () => {
      calls.push(`${request.method} ${request.url}`);
      answer(request, response);
    }),
  );
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init);
  return { clock, calls, get };
}

/** A cached public page as Next sends it, in two parts, gzipped when the browser takes gzip. */
function aPage(html: () => string) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const gzip = String(request.headers['accept-encoding'] ?? '').includes('gzip');
    const body = gzip ? gzipSync(html()) : Buffer.from(html());
    response.setHeader('cache-control', PUBLIC);
    response.setHeader('etag', '"v1"');
    response.setHeader('content-type', 'text/html; charset=utf-8');
    if (gzip) response.setHeader('content-encoding', 'gzip');
    response.write(body.subarray(0, 10));
    response.end(body.subarray(10));
  };
}

describe('the front page cache', () => {
  it('answers a public page again from memory, byte for byte with its headers, for a few seconds', async () => {
    let version = 1;
    const { clock, calls, get } = await inFront(aPage(() => `<h1>page ${version}</h1>`));
    const first = await get('/en/campaign/10');
    version = 2;
    const second = await get('/en/campaign/10');
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('cache-control')).toBe(PUBLIC);
    expect(second.headers.get('etag')).toBe('"v1"');
    // Replayed whole, with its length rather than in chunks.
    expect(second.headers.get('content-encoding')).toBe('gzip');
    expect(second.headers.get('content-length')).toBe(String(gzipSync('<h1>page 1</h1>').length));
    expect(second.headers.get('transfer-encoding')).toBeNull();
    expect(calls).toEqual(['GET /en/campaign/10']);
    // Another address is another page.
    expect(await (await get('/campaign/10')).text()).toBe('<h1>page 2</h1>');
    clock.now += FRONT_CACHE_MS;
    expect(await (await get('/en/campaign/10')).text()).toBe('<h1>page 2</h1>');
    expect(calls).toHaveLength(3);
  });

  it('once a page is old, asks Next once for it and answers the requests meanwhile from memory', async () => {
    let version = 1;
    let release: () => void = () => {};
    const page = aPage(() => `<h1>page ${version}</h1>`);
    const { clock, calls, get } = await inFront((request, response) => {
      if (version === 1) return page(request, response);
      // Next takes its time to render the newer page.
      void new Promise<void>((released) => (release = released)).then(() => page(request, response));
    });
    await (await get('/campaign/10')).text();
    version = 2;
    clock.now += FRONT_CACHE_MS;
    const renewing = get('/campaign/10');
    await expect.poll(() => calls.length).toBe(2);
    // While Next renders, everyone else still gets the page as it was, without asking Next again.
    for (let time = 0; time < 3; time++) expect(await (await get('/campaign/10')).text()).toBe('<h1>page 1</h1>');
    expect(calls).toHaveLength(2);
    release();
    expect(await (await renewing).text()).toBe('<h1>page 2</h1>');
    expect(await (await get('/campaign/10')).text()).toBe('<h1>page 2</h1>');
    expect(calls).toHaveLength(2);
  });

  it('serves an old page no longer when Next answers what may not be kept, or takes too long', async () => {
    let status = 200;
    const { clock, calls, get } = await inFront((request, response) => {
      response.statusCode = status;
      if (status === 200) return aPage(() => `<h1>${calls.length}</h1>`)(request, response);
      response.end('unavailable');
    });
    await (await get('/campaign/10')).text();
    status = 503;
    clock.now += FRONT_CACHE_MS;
    expect((await get('/campaign/10')).status).toBe(503);
    // The old page is gone: the next request asks Next again.
    expect((await get('/campaign/10')).status).toBe(503);
    expect(calls).toHaveLength(3);

    // A page kept, then old beyond the time it may be served while renewed: Next is asked.
    status = 200;
    await (await get('/campaign/10')).text();
    clock.now += FRONT_CACHE_MS + FRONT_CACHE_STALE_MS;
    expect(await (await get('/campaign/10')).text()).toBe('<h1>5</h1>');
    expect(calls).toHaveLength(5);
  });

  it('empties at once when a page refresh comes, so a paid gift shows without waiting', async () => {
    let total = 3_000;
    const { clock, get } = await inFront(aPage(() => `¥${total}`));
    expect(await (await get('/campaign/10')).text()).toBe('¥3000');
    total = 6_000;
    clock.refreshedAt = clock.now + 1;
    clock.now += 2;
    expect(await (await get('/campaign/10')).text()).toBe('¥6000');
  });

  it('keeps gzip and plain answers apart, each for the browsers that take it', async () => {
    const { calls, get } = await inFront(aPage(() => '<h1>ja</h1>'));
    for (let time = 0; time < 2; time++) {
      const zipped = await get('/', { headers: { 'accept-encoding': 'gzip, br' } });
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(await zipped.text()).toBe('<h1>ja</h1>');
      const plain = await get('/', { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe('<h1>ja</h1>');
    }
    expect(calls).toHaveLength(2);
  });

  it('answers 304 to a browser that holds the same version', async () => {
    const { get } = await inFront(aPage(() => 'x'));
    await get('/');
    const again = await get('/', { headers: { 'if-none-match': '"v1"' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('always asks Next for what a shared cache may not keep, and for its client router', async () => {
    const { calls, get } = await inFront((request, response) => {
      if (request.url === '/mypage') response.setHeader('cache-control', 'private, no-cache, no-store');
      if (request.url === '/login') response.setHeader('set-cookie', 'kifu_social=1');
      if (request.url !== '/mypage') response.setHeader('cache-control', PUBLIC);
      response.statusCode = request.url === '/missing' ? 404 : 200;
      response.end('answer');
    });
    const asks = [
      ['/mypage', {}],
      ['/login', {}],
      ['/missing', {}],
      ['/en', { headers: { rsc: '1' } }],
      ['/en?_rsc=abc', {}],
      ['/en', { method: 'POST', body: 'x' }],
    ] as const;
    for (let time = 0; time < 2; time++) for (const [path, init] of asks) await (await get(path, init)).text();
    expect(calls).toHaveLength(asks.length * 2);
  });
});
