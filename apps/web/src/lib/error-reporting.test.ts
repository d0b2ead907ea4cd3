// The web's reports reach error tracking (ADR 050), over real HTTP: the API helper's report of an
// answer that is not JSON (spec §7) goes through the Sentry SDK the web server starts
// (error-reporting-server.ts, @sentry/nextjs on Node) to the sandbox's ingest, tagged with the API's
// request id.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as Sentry from '@sentry/nextjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { reportError, setErrorReporter } from './error-reporting';
import { parseErrorReportingSettings } from './error-reporting-settings';
import { startServerErrorReporting } from './error-reporting-server';

interface Received {
  type: string;
  exceptionType: string | null;
  exceptionValue: string | null;
  tags: Record<string, string>;
  payload: unknown;
}

/** Built here, not written out: the report's source lines show the line that passes it. */
const QUERY_TOKEN = ['query', 'token', 'value'].join('-');

/** The part of the sandbox (apps/sandbox) this test drives. */
interface Sandbox {
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
}
/**
 * Imported by a name TypeScript does not follow: `next build` type-checks the web's tests with
 * Next's stricter process.env types, which the sandbox's sources are not written against.
 */
async function buildSandbox(): Promise<Sandbox> {
  const [app, config] = ['@kifu/sandbox/app', '@kifu/sandbox/config/env'];
  const { buildSandbox: build } = (await import(/* @vite-ignore */ app)) as { buildSandbox(options: unknown): Promise<Sandbox> };
  const { loadSandboxConfig } = (await import(/* @vite-ignore */ config)) as { loadSandboxConfig(env: Record<string, string>): unknown };
  return build({ config: loadSandboxConfig({ LOG_LEVEL: 'silent' }), fastify: { logger: false } });
}

let sandbox: Sandbox;
let sandboxUrl: string;
/** An "API" that answers 200 with an HTML page, as a proxy's error page would, and its request id. */
let api: Server;
let apiUrl: string;

beforeAll(async () => {
  sandbox = await buildSandbox();
  sandboxUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  api = createServer((request, response) => {
    const empty = request.url?.startsWith('/empty');
    response.writeHead(empty ? 204 : 200, { 'content-type': 'text/html', 'x-request-id': 'req-web-7' });
    response.end(empty ? undefined : '<html>upstream error for taro@example.com</html>');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  // Loading the whole sandbox from its sources takes seconds, more on a busy machine than the 10 s default.
}, 60_000);
afterEach(() => fetch(`${sandboxUrl}/__control/reset`, { method: 'POST' }));
afterAll(async () => {
  setErrorReporter(undefined);
  await Sentry.close(2_000);
  await new Promise((resolve) => api?.close(resolve));
  await sandbox?.close();
}, 30_000);

async function received(): Promise<Received[]> {
  const response = await fetch(`${sandboxUrl}/error-tracking/events?type=event`);
  return ((await response.json()) as { items: Received[] }).items;
}

describe('reportError', () => {
  it('does nothing while no SDK is started', async () => {
    const client = createApiClient(apiUrl);
    await expect(client.request('GET', '/campaign/')).resolves.toEqual({ ok: true, status: 200, content: null });
    reportError(new Error('nobody listens'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await received()).toEqual([]);
  });

  it('sends an unparseable API answer to the ingest with the request id, and not an empty one', async () => {
    startServerErrorReporting({ dsn: `${sandboxUrl.replace('://', '://publickey@')}/error-tracking/1`, environment: 'test' });
    const client = createApiClient(apiUrl);
    await expect(client.request('GET', '/empty/')).resolves.toEqual({ ok: true, status: 204, content: null });
    await expect(client.request('GET', '/campaign/', { query: { token: QUERY_TOKEN } })).resolves.toEqual({
      ok: true,
      status: 200,
      content: null,
    });
    await Sentry.flush(10_000);
    await expect.poll(received, { timeout: 20_000 }).toHaveLength(1);
    const events = await received();
    expect(events[0]).toMatchObject({
      exceptionType: 'UnparseableResponseError',
      exceptionValue: 'The API answered GET /campaign/ with 200 and a body that is not JSON (text/html)',
      tags: { request_id: 'req-web-7', status: '200', process: 'web' },
    });
    expect(JSON.stringify(events)).not.toContain(QUERY_TOKEN);
    // No breadcrumb per call to the API (ADR 084): with no scope per request, it would travel in the
    // reports of other pages.
    const breadcrumbs = (events[0]!.payload as { breadcrumbs?: { category?: string }[] }).breadcrumbs ?? [];
    expect(breadcrumbs.map((crumb) => crumb.category)).not.toContain('http');
  }, 60_000);
});

describe('the settings a page gives the browser', () => {
  it('reads a DSN and an environment, and nothing from anything else', () => {
    expect(parseErrorReportingSettings('{"dsn":"http://k@h/1","environment":"production","release":"b1"}')).toEqual({
      dsn: 'http://k@h/1',
      environment: 'production',
      release: 'b1',
    });
    expect(parseErrorReportingSettings('{"dsn":"http://k@h/1"}')).toBeNull();
    expect(parseErrorReportingSettings('null')).toBeNull();
    expect(parseErrorReportingSettings('not json')).toBeNull();
  });
});
