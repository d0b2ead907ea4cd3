// One line per answered request for the answers an operator reads (plugins/request-log.ts, ADR 080):
// every answer of 400 or more and every slow one, and a sample of the rest.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { logsAnswer, SLOW_REQUEST_MS } from '../src/plugins/request-log';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

describe('logsAnswer', () => {
  it('logs every refusal and failure and every slow answer, and a sample of the rest', () => {
    expect(logsAnswer(404, 1, 0, () => 0.5)).toBe(true);
    expect(logsAnswer(500, 1, 0, () => 0.5)).toBe(true);
    expect(logsAnswer(200, SLOW_REQUEST_MS, 0, () => 0.5)).toBe(true);
    expect(logsAnswer(200, 1, 0, () => 0)).toBe(false);
    expect(logsAnswer(200, 1, 0.01, () => 0.009)).toBe(true);
    expect(logsAnswer(200, 1, 0.01, () => 0.01)).toBe(false);
    expect(logsAnswer(304, 1, 1, () => 0.999)).toBe(true);
  });
});

let t: TestApp;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await t?.close();
});

/** An app over the test database logging at info level into the lines it answers, with `rate`. */
async function appLogging(rate: number): Promise<{ app: FastifyInstance; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const app = await buildApp({
    config: { ...t.config, LOG_LEVEL: 'info', REQUEST_LOG_SAMPLE_RATE: rate },
    database: t.database,
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  apps.push(app);
  await app.ready();
  return { app, lines };
}

const completed = (lines: Record<string, unknown>[], id: string) =>
  lines.filter((line) => line.reqId === id && line.msg === 'request completed');

describe('request lines', () => {
  it('with a rate of 0, a refused request is logged once with its status and time, an answered one not at all', async () => {
    const { app, lines } = await appLogging(0);
    expect((await app.inject({ url: '/campaign/999999999/', headers: { 'x-request-id': 'log-missing' } })).statusCode).toBe(404);
    expect((await app.inject({ url: '/health', headers: { 'x-request-id': 'log-health' } })).statusCode).toBe(200);
    const [missing, ...more] = completed(lines, 'log-missing');
    expect(more).toEqual([]);
    expect(missing).toMatchObject({ req: { method: 'GET', url: '/campaign/999999999/' }, res: { statusCode: 404 } });
    expect(missing!.responseTime).toEqual(expect.any(Number));
    expect(lines.filter((line) => line.reqId === 'log-health')).toEqual([]);
    // Fastify's own two lines per request are off.
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('with a rate of 1, every answer is logged once, its secret query values censored', async () => {
    const { app, lines } = await appLogging(1);
    expect((await app.inject({ url: '/health?donation_token=tok-secret-1', headers: { 'x-request-id': 'log-every' } })).statusCode).toBe(
      200,
    );
    const [line, ...more] = completed(lines, 'log-every');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ req: { url: '/health?donation_token=[redacted]' }, res: { statusCode: 200 } });
    expect(JSON.stringify(lines)).not.toContain('tok-secret-1');
  });
});
