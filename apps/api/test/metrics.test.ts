// GET /metrics (ADR 048) moving with real work: a card gift through the in-process sandbox is
// counted as started and paid with its yen, its routes are timed by pattern, its thank-you mail
// shows in the queue gauges and is counted once sent; a provider outage is counted with the
// donation it failed. And who may read the figures at all.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index';
import { THANKS_MAIL_TEMPLATE } from '../src/donations/enqueue-thanks-mail';
import { enqueueJob } from '../src/jobs/enqueue-job';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { guestCardRequest, status, submit, type CardDonationReply } from './helpers/donation-requests';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { labelValues, moved, sampleValue, scrape } from './helpers/scrape-metrics';

const h = sandboxTestApp({
  env: { BOT_CHECK_ENABLED: 'false' },
  afterEachTest: (sandbox) => sandbox.setFaults({ errorRate: 0, timeoutRate: 0 }),
});

const card = { method: 'creditCard' };
const REQUESTS = 'kifu_api_http_request_duration_seconds_count';

describe('GET /metrics follows a card gift', () => {
  it('counts it started and paid with its yen, times its routes by pattern and its provider calls', async () => {
    const request = await guestCardRequest(h.t, h.sandbox, { amount: 3_210 });
    const before = await scrape(h.t);
    const response = (await submit(h.t, '/donation/', request)) as CardDonationReply;
    expect(response.status).toBe(200);
    const { donation, authorize_uri, status_token } = response.body;
    await h.sandbox.authorize(authorize_uri, 'authenticate');
    expect((await status(h.t, donation.id, status_token)).body.result).toBe('PAID');
    const after = await scrape(h.t);

    expect(moved(before, after, 'kifu_donations_started_total', card)).toBe(1);
    expect(moved(before, after, 'kifu_donations_paid_total', card)).toBe(1);
    expect(moved(before, after, 'kifu_donations_paid_yen_total', card)).toBe(3_210);
    expect(moved(before, after, 'kifu_donations_failed_total', card)).toBe(0);
    expect(moved(before, after, 'kifu_donations_paid_total', { method: 'bankTransfer' })).toBe(0);

    expect(moved(before, after, REQUESTS, { method: 'POST', route: '/donation/', status_class: '2xx' })).toBe(1);
    expect(moved(before, after, REQUESTS, { method: 'GET', route: '/donation/:id/status/', status_class: '2xx' })).toBe(1);
    expect(sampleValue(after, 'kifu_api_http_request_duration_seconds_bucket', { route: '/donation/', le: '+Inf' })).toBeGreaterThan(0);
    // Patterns only: no id and no query string ever becomes a label.
    const routes = labelValues(after, 'kifu_api_http_request_duration_seconds_count', 'route');
    expect(routes.filter((route) => /\d|\?/.test(route))).toEqual([]);

    expect(moved(before, after, 'kifu_provider_call_duration_seconds_count', { provider: 'card', operation: 'createCharge' })).toBe(1);
    expect(moved(before, after, 'kifu_provider_call_errors_total', { provider: 'card' })).toBe(0);
  });

  it('shows the thank-you mail queued, then counts it sent once the worker ran', async () => {
    const request = await guestCardRequest(h.t, h.sandbox);
    const response = (await submit(h.t, '/donation/', request)) as CardDonationReply;
    await h.sandbox.authorize(response.body.authorize_uri, 'authenticate');
    expect((await status(h.t, response.body.donation.id, response.body.status_token)).body.result).toBe('PAID');
    const queued = await scrape(h.t);
    expect(sampleValue(queued, 'kifu_jobs_queued', { kind: 'send-mail' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(queued, 'kifu_jobs_due', { kind: 'send-mail' })).toBeGreaterThanOrEqual(1);

    await h.t.app.jobs.worker.drain();
    const sent = await scrape(h.t);
    expect(moved(queued, sent, 'kifu_mail_deliveries_total', { template: THANKS_MAIL_TEMPLATE, outcome: 'sent' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(moved(queued, sent, 'kifu_mail_deliveries_total', { outcome: 'retry' })).toBe(0);
    expect(moved(queued, sent, 'kifu_jobs_finished_total', { kind: 'send-mail', outcome: 'succeeded' })).toBeGreaterThanOrEqual(1);
    // Idle kinds still show, at zero.
    expect(sampleValue(sent, 'kifu_jobs_due', { kind: 'send-mail' })).toBe(0);
    expect(sampleValue(sent, 'kifu_jobs_oldest_due_age_seconds', { kind: 'send-mail' })).toBe(0);
  });

  it('reads the queue from the database: a job waiting a minute and a half shows, by kind, with its age', async () => {
    const id = await enqueueJob(h.t.database.db, { kind: 'metrics-probe', runAt: new Date(Date.now() - 90_000) });
    try {
      const text = await scrape(h.t);
      expect(sampleValue(text, 'kifu_jobs_queued', { kind: 'metrics-probe' })).toBe(1);
      expect(sampleValue(text, 'kifu_jobs_due', { kind: 'metrics-probe' })).toBe(1);
      const age = sampleValue(text, 'kifu_jobs_oldest_due_age_seconds', { kind: 'metrics-probe' });
      expect(age).toBeGreaterThanOrEqual(89);
      expect(age).toBeLessThan(600);
    } finally {
      await h.t.database.db.delete(jobs).where(eq(jobs.id, id!));
    }
    // Gone from the table, gone from the gauges (no handler keeps an unknown kind at zero).
    expect(sampleValue(await scrape(h.t), 'kifu_jobs_queued', { kind: 'metrics-probe' })).toBeUndefined();
  });

  it('counts a card gateway outage by provider, operation and kind, and the donation it failed', async () => {
    const request = await guestCardRequest(h.t, h.sandbox);
    const before = await scrape(h.t);
    await h.sandbox.setFaults({ errorRate: 1 });
    expect((await submit(h.t, '/donation/', request)).status).toBe(502);
    const after = await scrape(h.t);

    expect(moved(before, after, 'kifu_provider_call_errors_total', { provider: 'card', operation: 'createCharge', kind: 'failed' })).toBe(
      1,
    );
    expect(moved(before, after, 'kifu_donations_started_total', card)).toBe(1);
    expect(moved(before, after, 'kifu_donations_failed_total', { ...card, status: 'failed' })).toBe(1);
    expect(moved(before, after, 'kifu_donations_paid_total', card)).toBe(0);
    expect(moved(before, after, REQUESTS, { method: 'POST', route: '/donation/', status_class: '5xx' })).toBe(1);
  });

  it('counts webhooks by provider and outcome', async () => {
    const before = await scrape(h.t);
    const forged = await h.t.app.inject({
      method: 'POST',
      url: '/webhooks/card/',
      headers: {
        'content-type': 'application/json',
        'omise-signature': 'forged',
        'omise-signature-timestamp': String(Math.floor(Date.now() / 1_000)),
      },
      payload: JSON.stringify({ id: 'evnt_forged', key: 'charge.complete' }),
    });
    expect(forged.statusCode).toBe(401);
    expect(moved(before, await scrape(h.t), 'kifu_webhooks_received_total', { provider: 'card', outcome: 'bad_signature' })).toBe(1);
  });

  it('adds Node’s process metrics, and answers a request for no route under the label "unmatched"', async () => {
    expect((await h.t.app.inject({ method: 'GET', url: '/no/such/path/12345' })).statusCode).toBe(404);
    const text = await scrape(h.t);
    expect(sampleValue(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(text, REQUESTS, { route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('12345');
  });
});

describe('who may read /metrics', () => {
  const metrics = (t: TestApp, options: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', ...options });

  it('without METRICS_TOKEN, outside production: a scraper on this machine only', async () => {
    expect((await metrics(h.t)).statusCode).toBe(200);
    expect((await metrics(h.t, { remoteAddress: '::1' })).statusCode).toBe(200);
    // Another machine, or anything a proxy forwarded (the web's /backend, a load balancer on this box).
    expect((await metrics(h.t, { remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
    expect((await metrics(h.t, { headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode).toBe(404);
    expect((await metrics(h.t, { headers: { forwarded: 'for=203.0.113.7' } })).statusCode).toBe(404);
    expect((await metrics(h.t, { headers: { 'x-kifu-proxy-secret': 'whatever' } })).statusCode).toBe(404);
  });

  describe('with METRICS_TOKEN', () => {
    const token = 'metrics-token-for-tests-0123456789';
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ METRICS_TOKEN: token });
    });
    afterAll(async () => t?.close());

    it('refuses the anonymous and the wrong token with 401, from anywhere, and takes the right one from anywhere', async () => {
      const anonymous = await metrics(t);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(anonymous.body).not.toContain('kifu_');
      expect((await metrics(t, { headers: { authorization: `Bearer ${token}x` } })).statusCode).toBe(401);
      expect((await metrics(t, { headers: { authorization: `Basic ${token}` } })).statusCode).toBe(401);
      const scraped = await metrics(t, { headers: { authorization: `Bearer ${token}` }, remoteAddress: '203.0.113.7' });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.headers['cache-control']).toBe('no-store');
      expect(scraped.body).toContain('# TYPE kifu_donations_paid_total counter');
    });
  });
});
