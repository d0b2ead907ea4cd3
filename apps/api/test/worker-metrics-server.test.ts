// `npm run worker`'s own /metrics (WORKER_METRICS_PORT, ADR 048): the app's route over a port of
// its own, with the same access rule, and nothing else of the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWorkerMetrics, type WorkerMetricsServer } from '../src/metrics/worker-metrics-server';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

const token = 'worker-metrics-token-0123456789';
let t: TestApp;
let server: WorkerMetricsServer;

beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: token });
  server = await serveWorkerMetrics(t.app, 0, '127.0.0.1');
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe('the worker metrics port', () => {
  it('answers GET /metrics in Prometheus format to the token, with the job counters of this process', async () => {
    const response = await fetch(server.url, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('# TYPE kifu_jobs_finished_total counter');
    expect(text).toMatch(/^kifu_jobs_queued\{kind="send-mail"\} \d+$/m);
  });

  it('refuses the anonymous with 401, as the API does', async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await response.text()).not.toContain('kifu_');
  });

  it('serves nothing else of the API', async () => {
    const health = await fetch(new URL('/health', server.url), { headers: { authorization: `Bearer ${token}` } });
    expect(health.status).toBe(404);
    const post = await fetch(server.url, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(post.status).toBe(404);
  });
});
