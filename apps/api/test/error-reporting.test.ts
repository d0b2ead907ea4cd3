// Error reporting through the real Sentry Node SDK to the sandbox's ingest, over real HTTP (ADR 050):
// off without SENTRY_DSN; with it, a 500 is received with its request id and without personal data,
// while timeouts (spec §8) and 4xx answers are not sent. The SDK is global to the process, so the
// steps run in order in this one file: first off, then on.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { flushErrorReporting, reportError, startErrorReporting } from '../src/lib/error-reporting';
import { PROVIDER_TIMEOUT, ProviderError, providerErrorToAppError } from '../src/providers/provider-error';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { startSandbox, type TestSandbox } from './helpers/start-sandbox';

interface Received {
  type: string;
  transaction: string | null;
  exceptionType: string | null;
  exceptionValue: string | null;
  tags: Record<string, string>;
  environment: string | null;
  payload: unknown;
}

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.app.close();
});

/** What the ingest received: of one item type, or every item. */
async function received(type?: string): Promise<Received[]> {
  const response = await fetch(`${sandbox.url}/error-tracking/events${type ? `?type=${type}` : ''}`);
  return ((await response.json()) as { items: Received[] }).items;
}

const timeout = () =>
  new ProviderError('card', PROVIDER_TIMEOUT, 'card provider did not answer within 10000 ms (timed out)', { retryable: true });

/** An app with routes that fail the ways the test needs, listening on a real port. */
async function failingApp(): Promise<{ t: TestApp; base: string }> {
  const t = await buildTestApp({}, (app: FastifyInstance) => {
    app.get('/boom', () => {
      throw new Error('could not mail hanako.yamada@example.com about card 4242 4242 4242 4242');
    });
    app.get('/provider-timeout', () => {
      throw timeout();
    });
    app.get('/gateway-timeout', () => {
      throw providerErrorToAppError(timeout());
    });
    app.get('/aborted', () => {
      throw new Error('fetch failed', { cause: new DOMException('The operation was aborted due to timeout', 'TimeoutError') });
    });
    app.get('/items/:id', () => ({ ok: true }));
    app.get('/conflict', () => {
      throw new AppError('conflict', 'already exists');
    });
  });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base };
}

const personal = {
  authorization: 'Bearer tok_very_secret_access_token',
  cookie: 'user_token=cookie-secret-value; theme=dark',
  'x-request-id': 'req-error-reporting-1',
};

describe('error reporting', () => {
  it('is off without SENTRY_DSN: no SDK, nothing sent', async () => {
    expect(await startErrorReporting({ SENTRY_DSN: undefined, KIFU_ENV: 'test', KIFU_RELEASE: undefined }, 'api')).toBe(false);
    const { t, base } = await failingApp();
    try {
      expect((await fetch(`${base}/boom`, { headers: personal })).status).toBe(500);
      reportError(new Error('reported directly'));
      await flushErrorReporting();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await received()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('with SENTRY_DSN sends a 500 with its request id and no personal data; not timeouts, not 4xx', async () => {
    const dsn = `${sandbox.url.replace('://', '://publickey@')}/error-tracking/1`;
    expect(await startErrorReporting({ SENTRY_DSN: dsn, KIFU_ENV: 'test', KIFU_RELEASE: 'test-release' }, 'api')).toBe(true);
    const { t, base } = await failingApp();
    try {
      for (const path of ['/provider-timeout', '/gateway-timeout', '/aborted', '/conflict'])
        await fetch(`${base}${path}`, { headers: personal });
      const boom = await fetch(`${base}/boom?status_token=query-secret-token`, { headers: personal });
      expect(boom.status).toBe(500);
      expect(boom.headers.get('x-request-id')).toBe('req-error-reporting-1');
      await flushErrorReporting(10_000);

      const events = await received('event');
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event).toMatchObject({
        exceptionType: 'Error',
        tags: { request_id: 'req-error-reporting-1', route: '/boom', method: 'GET', process: 'api' },
        environment: 'test',
      });
      expect(event!.exceptionValue).toBe('could not mail [Filtered] about card [Filtered]');
      const sent = JSON.stringify(await received());
      for (const secret of [
        'hanako',
        'example.com',
        '4242',
        'tok_very_secret',
        'cookie-secret-value',
        'query-secret-token',
        'user_token',
      ]) {
        expect(sent, secret).not.toContain(secret);
      }
    } finally {
      await t.close();
      await flushErrorReporting();
    }
  });
  // Runs after the test above, with the SDK it started (the SDK is global to the process).
  it('traces a request its caller traced, named after its route, and not one its caller did not (ADR 080)', async () => {
    const { t, base } = await failingApp();
    const trace = '4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7';
    try {
      expect((await fetch(`${base}/items/42`, { headers: { 'sentry-trace': `${trace}-1` } })).status).toBe(200);
      expect((await fetch(`${base}/items/43`, { headers: { 'sentry-trace': `${trace}-0` } })).status).toBe(200);
      await flushErrorReporting(10_000);
      const transactions = (await received('transaction')).map((item) => item.transaction);
      expect(transactions).toEqual(['GET /items/:id']);
      // Its trace is the caller's: one trace across the web server and the API.
      expect(JSON.stringify((await received('transaction'))[0]!.payload)).toContain(trace.split('-')[0]);

      // A traced request that fails: its report points to its trace, which ends with the 500. A
      // traced 404 sends no trace (ADR 050).
      await fetch(`${sandbox.url}/__control/reset`, { method: 'POST' });
      const failing = 'c0ffee00c0ffee00c0ffee00c0ffee00-00f067aa0ba902b8';
      expect((await fetch(`${base}/boom`, { headers: { 'sentry-trace': `${failing}-1` } })).status).toBe(500);
      expect((await fetch(`${base}/nowhere`, { headers: { 'sentry-trace': `${failing}-1` } })).status).toBe(404);
      await flushErrorReporting(10_000);
      const [report] = await received('event');
      expect((report!.payload as { contexts?: { trace?: { trace_id?: string } } }).contexts?.trace?.trace_id).toBe(failing.split('-')[0]);
      expect((await received('transaction')).map((item) => item.transaction)).toEqual(['GET /boom']);
    } finally {
      await t.close();
      await flushErrorReporting();
    }
  });
});
