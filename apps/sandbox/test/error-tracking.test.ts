// Contract of the error-tracking ingest (src/error-tracking/index.ts), over real HTTP: Sentry's
// envelopes as the SDKs send them (plain, gzip, items with and without `length`), the answer Sentry
// gives, the listing and its filters, the index page, and refusals of what is not an envelope.
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../src/app';
import { loadSandboxConfig } from '../src/config/env';
import type { ReceivedItem } from '../src/error-tracking/error-store';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildSandbox({ config: loadSandboxConfig({ LOG_LEVEL: 'silent' }), fastify: { logger: false } });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => fetch(`${base}/__control/reset`, { method: 'POST' }));
afterAll(() => app.close());

const EVENT_ID = '0123456789abcdef0123456789abcdef';
const event = {
  event_id: EVENT_ID,
  level: 'error',
  platform: 'node',
  environment: 'test',
  release: 'build-1',
  exception: { values: [{ type: 'TypeError', value: 'x is not a function' }] },
  tags: { request_id: 'req-42' },
  sdk: { name: 'sentry.javascript.node', version: '11.0.0' },
};
const transaction = { type: 'transaction', transaction: 'GET /campaign/:id/', event_id: 'f'.repeat(32), contexts: { trace: {} } };

/** An envelope as the SDKs write it: the event item with its byte length, the session without. */
function envelope(): string {
  const payload = JSON.stringify(event);
  return [
    JSON.stringify({ event_id: EVENT_ID, sent_at: new Date().toISOString(), sdk: event.sdk }),
    JSON.stringify({ type: 'event', length: Buffer.byteLength(payload) }),
    payload,
    JSON.stringify({ type: 'session' }),
    JSON.stringify({ sid: 's1', status: 'ok', init: true }),
    JSON.stringify({ type: 'transaction' }),
    JSON.stringify(transaction),
    '',
  ].join('\n');
}

const ingestUrl = (query = '?sentry_key=public&sentry_version=7') => `${base}/error-tracking/api/1/envelope/${query}`;

async function post(body: string | Buffer, headers: Record<string, string> = {}, query?: string) {
  return fetch(ingestUrl(query), { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers }, body });
}

async function items(query = ''): Promise<ReceivedItem[]> {
  const response = await fetch(`${base}/error-tracking/events${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: ReceivedItem[] }).items;
}

describe('POST /error-tracking/api/:project/envelope/', () => {
  it('records each item of an envelope and answers the event id, as Sentry does', async () => {
    const response = await post(envelope());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: EVENT_ID });
    const received = await items();
    expect(received.map((item) => item.type)).toEqual(['transaction', 'session', 'event']);
    expect(received[2]).toMatchObject({
      projectId: '1',
      eventId: EVENT_ID,
      level: 'error',
      title: 'TypeError: x is not a function',
      exceptionType: 'TypeError',
      exceptionValue: 'x is not a function',
      tags: { request_id: 'req-42' },
      environment: 'test',
      release: 'build-1',
      sdk: 'sentry.javascript.node 11.0.0',
    });
    expect(received[0]).toMatchObject({ transaction: 'GET /campaign/:id/' });
  });

  it('reads gzip and deflate bodies, an item length that covers newlines, and the key in X-Sentry-Auth', async () => {
    expect((await post(gzipSync(envelope()), { 'content-encoding': 'gzip' })).status).toBe(200);
    const payload = JSON.stringify({ message: 'line one\nline two', level: 'warning' });
    const body = `{}\n${JSON.stringify({ type: 'event', length: Buffer.byteLength(payload) })}\n${payload}`;
    const response = await post(body, { 'x-sentry-auth': 'Sentry sentry_key=public, sentry_version=7' }, '');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    const [latest] = await items('?type=event');
    expect(latest).toMatchObject({ message: 'line one\nline two', level: 'warning' });
  });

  it('refuses what is not an envelope with 400 and keeps serving', async () => {
    const garbage = [
      '',
      'not json',
      '[1,2]',
      '{}\nnot json',
      '{}\n{"length":3}\nabc',
      '{}\n{"type":"event","length":999}\n{}',
      '{}\n{"type":"event","length":-1}\n{}',
    ];
    for (const body of garbage) expect((await post(body)).status, JSON.stringify(body)).toBe(400);
    expect((await post(Buffer.from([0x1f, 0x8b, 1, 2, 3]), { 'content-encoding': 'gzip' })).status).toBe(400);
    expect((await post(envelope(), { 'content-encoding': 'br' })).status).toBe(400);
    expect((await post(envelope(), {}, '')).status).toBe(401);
    expect((await fetch(ingestUrl().replace('/api/1/', '/api/abc/'), { method: 'POST', body: envelope() })).status).toBe(400);
    expect((await post('x'.repeat(3 * 1024 * 1024))).status).toBe(413);
    expect(await items()).toEqual([]);
    expect((await post(envelope())).status).toBe(200);
  });
});

describe('GET and DELETE /error-tracking/events, and the index page', () => {
  it('filters by time and type, empties on DELETE, and lists reports on the index page', async () => {
    await post(envelope());
    const since = new Date(Date.now() + 1).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await post(envelope());
    expect(await items(`?since=${encodeURIComponent(since)}&type=event`)).toHaveLength(1);
    expect(await items('?limit=2')).toHaveLength(2);
    expect((await fetch(`${base}/error-tracking/events?since=yesterday`)).status).toBe(400);

    const page = await (await fetch(`${base}/`)).text();
    expect(page).toContain('Error tracking (Sentry envelope ingest)');
    expect(page).toContain('TypeError: x is not a function');
    expect(page).toContain('request_id=req-42');

    expect((await fetch(`${base}/error-tracking/events`, { method: 'DELETE' })).status).toBe(204);
    expect(await items()).toEqual([]);
    expect(await (await fetch(`${base}/`)).text()).toContain('Nothing reported yet.');
  });
});
