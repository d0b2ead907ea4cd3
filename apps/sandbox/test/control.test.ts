// The control API and the shared machinery every emulator relies on: fault injection, the clock,
// webhook delivery with retries and drops.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { buildSandbox } from '../src/app';
import { loadSandboxConfig } from '../src/config/env';
import { ActivityLog } from '../src/shared/activity';
import { Faults, injectFaults } from '../src/shared/faults';
import { WebhookSender } from '../src/shared/webhooks';

describe('control API', () => {
  let app: Awaited<ReturnType<typeof buildSandbox>>;
  beforeAll(async () => {
    app = await buildSandbox();
  });
  afterAll(() => app.close());

  it('starts with every fault off and changes only what is sent', async () => {
    expect((await app.inject({ method: 'GET', url: '/__control/faults' })).json()).toMatchObject({
      errorRate: 0,
      timeoutRate: 0,
      dropWebhookRate: 0,
    });
    const changed = await app.inject({ method: 'PUT', url: '/__control/faults', payload: { errorRate: 0.25 } });
    expect(changed.json()).toMatchObject({ errorRate: 0.25, timeoutRate: 0 });
    expect((await app.inject({ method: 'PUT', url: '/__control/faults', payload: { errorRate: 2 } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'PUT', url: '/__control/faults', payload: { typo: 1 } })).statusCode).toBe(400);
    await app.inject({ method: 'POST', url: '/__control/reset' });
    expect((await app.inject({ method: 'GET', url: '/__control/faults' })).json()).toMatchObject({ errorRate: 0 });
  });

  it('moves the sandbox clock forward', async () => {
    const before = Date.parse((await app.inject({ method: 'GET', url: '/__control/clock' })).json().now);
    const after = Date.parse(
      (await app.inject({ method: 'POST', url: '/__control/clock', payload: { advanceMs: 86_400_000 } })).json().now,
    );
    expect(after - before).toBeGreaterThanOrEqual(86_400_000);
    await app.inject({ method: 'POST', url: '/__control/reset' });
  });

  it('lists fault changes in the activity log', async () => {
    await app.inject({ method: 'PUT', url: '/__control/faults', payload: { dropWebhookRate: 1 } });
    const { activity } = (await app.inject({ method: 'GET', url: '/__control/activity' })).json();
    expect(activity[0]).toMatchObject({ provider: 'sandbox', action: 'fault settings changed' });
    await app.inject({ method: 'POST', url: '/__control/reset' });
  });
});

describe('fault injection on an emulator route', () => {
  it('answers 500 with the provider error body when the error rate is 1, and passes otherwise', async () => {
    const faults = new Faults();
    const app = Fastify();
    await app.register(async (scoped) => {
      injectFaults(scoped, faults, () => ({ object: 'error', code: 'internal_error' }));
      scoped.get('/thing', async () => ({ ok: true }));
    });
    app.get('/outside', async () => ({ ok: true }));
    expect((await app.inject('/thing')).statusCode).toBe(200);
    faults.update({ errorRate: 1 });
    const failed = await app.inject('/thing');
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ object: 'error', code: 'internal_error' });
    expect((await app.inject('/outside')).statusCode).toBe(200);
    await app.close();
  });

  it('never answers a request chosen to time out', async () => {
    const faults = new Faults({ timeoutRate: 1, timeoutMs: 50 });
    const app = Fastify();
    await app.register(async (scoped) => {
      injectFaults(scoped, faults, () => ({}));
      scoped.get('/slow', async () => ({ ok: true }));
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    await expect(fetch(`${base}/slow`)).rejects.toThrow();
    await app.close();
  });

  it('hangs until the client gives up, and lets the sandbox close while a call hangs', async () => {
    // Hangs longer than this test may run: the test only ends if the client's and close()'s ends count.
    const faults = new Faults({ timeoutRate: 1, timeoutMs: 600_000 });
    const app = Fastify({ forceCloseConnections: true });
    const arrived: string[] = [];
    await app.register(async (scoped) => {
      scoped.addHook('onRequest', async (request) => void arrived.push(request.url));
      injectFaults(scoped, faults, () => ({}));
      scoped.get('/slow/:n', async () => ({ ok: true }));
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });

    const impatient = new AbortController();
    const givenUp = fetch(`${base}/slow/1`, { signal: impatient.signal });
    await vi.waitUntil(() => arrived.length === 1, { timeout: 20_000 });
    impatient.abort();
    // The client sees its own timeout, never an answer or a closed connection.
    await expect(givenUp).rejects.toMatchObject({ name: 'AbortError' });

    const stillWaiting = fetch(`${base}/slow/2`);
    await vi.waitUntil(() => arrived.length === 2, { timeout: 20_000 });
    await app.close();
    await expect(stillWaiting).rejects.toThrow();
  });
});

describe('webhook delivery', () => {
  let server: Server;
  let url: string;
  const received: { body: string; signature: string | undefined }[] = [];
  let refuseFirst = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        if (refuseFirst > 0) {
          refuseFirst--;
          response.writeHead(503).end();
          return;
        }
        received.push({ body, signature: request.headers['x-signature'] as string | undefined });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address() as { port: number };
    url = `http://127.0.0.1:${address.port}/hook`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('sends the signed bytes unchanged and retries until the receiver accepts', async () => {
    received.length = 0;
    refuseFirst = 2;
    const sender = new WebhookSender(new Faults(), new ActivityLog(), [1, 1, 1]);
    const outcome = await sender.deliver({
      provider: 'card',
      url,
      body: '{"id":"evnt_1"}',
      headers: { 'x-signature': 'abc' },
      label: 'charge.complete',
    });
    expect(outcome).toBe('delivered');
    expect(received).toEqual([{ body: '{"id":"evnt_1"}', signature: 'abc' }]);
  });

  it('gives up after its retries', async () => {
    refuseFirst = 10;
    const activity = new ActivityLog();
    const sender = new WebhookSender(new Faults(), activity, [1, 1]);
    expect(await sender.deliver({ provider: 'bank', url, body: '{}', headers: {}, label: 'deposit' })).toBe('failed');
    expect(activity.recent().filter((entry) => entry.action === 'webhook refused')).toHaveLength(3);
    refuseFirst = 0;
  });

  it('drops the delivery when fault injection says so', async () => {
    received.length = 0;
    const sender = new WebhookSender(new Faults({ dropWebhookRate: 1 }), new ActivityLog(), [1]);
    expect(await sender.deliver({ provider: 'card', url, body: '{}', headers: {}, label: 'x' })).toBe('dropped');
    expect(received).toHaveLength(0);
  });
});

describe('configuration', () => {
  it('fails fast on a bad value and defaults webhook URLs from the API URL', () => {
    expect(() => loadSandboxConfig({ SANDBOX_FAULT_ERROR_RATE: '1.5' })).toThrow(/SANDBOX_FAULT_ERROR_RATE/);
    expect(() => loadSandboxConfig({ SANDBOX_PORT: 'abc' })).toThrow(/SANDBOX_PORT/);
    const config = loadSandboxConfig({ KIFU_API_URL: 'http://127.0.0.1:4100', SANDBOX_PORT: '4110' });
    expect(config.CARD_WEBHOOK_URL).toBe('http://127.0.0.1:4100/webhooks/card/');
    expect(config.SANDBOX_PUBLIC_URL).toBe('http://127.0.0.1:4110');
  });
});
