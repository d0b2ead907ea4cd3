// The web server's health checks (ADR 049) over real HTTP: a stand-in for the API answers its
// readiness as told, Redis is the machine's or a closed port. Anything but the two health paths
// goes on to Next (here: a handler that says "next").
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webHealth, type WebHealth } from './health-checks';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Nothing listens on port 1. */
const NO_REDIS = 'redis://127.0.0.1:1';

const servers: Server[] = [];
const healths: WebHealth[] = [];
afterAll(async () => {
  for (const health of healths) health.close();
  await Promise.all(servers.map((server) => new Promise((closed) => server.close(closed))));
});

async function listening(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The API's readiness: 200 or 503 as `api.ready` says. */
const api = { ready: true, url: '' };
beforeAll(async () => {
  api.url = await listening(
    createServer((request, response) => {
      const ok = request.url === '/health/ready' && api.ready;
      response.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(ok ? { status: 'ok' } : {}));
    }),
  );
});

async function webServer(options: { apiUrl?: string; redisUrl?: string } = {}) {
  const health = webHealth({ apiUrl: options.apiUrl ?? api.url, redisUrl: options.redisUrl });
  healths.push(health);
  const base = await listening(
    createServer((request, response) => {
      if (!health.answer(request, response)) response.end('next');
    }),
  );
  const get = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${base}${path}`, init);
    const text = await response.text();
    return { status: response.status, body: text === 'next' ? text : (JSON.parse(text) as unknown) };
  };
  return { health, get };
}

const notReady = (detail: string) => ({ status: 503, body: { code: 'service_unavailable', detail } });

describe('the web server health checks', () => {
  it('are live and ready while the API is, and leave every other request to Next', async () => {
    const { get } = await webServer();
    expect(await get('/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get('/health/ready')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get('/health')).toEqual({ status: 200, body: 'next' });
    expect(await get('/health/ready', { method: 'POST' })).toEqual({ status: 200, body: 'next' });
  });

  it('are not ready while the API is not, or cannot be reached', async () => {
    const { get } = await webServer();
    api.ready = false;
    try {
      expect(await get('/health/ready')).toEqual(notReady('unreachable: api'));
      expect((await get('/health/live')).status).toBe(200);
    } finally {
      api.ready = true;
    }
    expect((await get('/health/ready')).status).toBe(200);
    const unreachable = await webServer({ apiUrl: 'http://127.0.0.1:1' });
    expect(await unreachable.get('/health/ready')).toEqual(notReady('unreachable: api'));
  });

  it('are not ready while the Redis of REDIS_URL cannot be reached, and ready with one that answers', async () => {
    const down = await webServer({ redisUrl: NO_REDIS });
    expect(await down.get('/health/ready')).toEqual(notReady('unreachable: redis'));
    const up = await webServer({ redisUrl: REDIS_URL });
    await expect.poll(async () => (await up.get('/health/ready')).status, { timeout: 20_000 }).toBe(200);
  });

  it('are not ready, but live, once shutdown has begun', async () => {
    const { health, get } = await webServer();
    health.beginShutdown();
    expect(await get('/health/ready')).toEqual(notReady('shutting down'));
    expect(await get('/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
  });
});
