import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebMetrics, type WebMetricsOptions } from './web-metrics';

const TOKEN = 'web-metrics-token-0123456789';
const servers: ReturnType<typeof createServer>[] = [];

/** A server wired as serve.ts wires it: time the request, let /metrics answer, else the "app" (here a stub of Next). */
async function serverWith(options: WebMetricsOptions, app: RequestListener = (_request, response) => response.end('<html></html>')) {
  const metrics = createWebMetrics(options);
  const server = createServer((request, response) => {
    metrics.observe(request, response);
    if (metrics.answer(request, response)) return;
    app(request, response);
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((closed) => server.close(closed))));
});

describe('the web server’s /metrics', () => {
  it('answers in Prometheus format with requests by route class and Node’s process metrics', async () => {
    const base = await serverWith({ token: undefined, production: false }, (request, response) => {
      response.statusCode = request.url?.startsWith('/backend') ? 502 : 200;
      response.end();
    });
    await (await fetch(`${base}/campaign/10?ref=mail`)).arrayBuffer();
    await (await fetch(`${base}/backend/donation/12/status/?donation_token=secret`)).arrayBuffer();

    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).toContain('# TYPE kifu_web_http_request_duration_seconds histogram');
    expect(text).toMatch(/^kifu_web_http_request_duration_seconds_count\{route_class="page",method="GET",status_class="2xx"\} 1$/m);
    expect(text).toMatch(/^kifu_web_http_request_duration_seconds_count\{route_class="backend",method="GET",status_class="5xx"\} 1$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    // Classes, never paths or what rides in them.
    expect(text).not.toMatch(/campaign\/10|donation_token|secret/);
  });

  it('leaves a caller who may not read to the app (Next’s 404), and other methods too', async () => {
    const base = await serverWith({ token: undefined, production: false }, (_request, response) => {
      response.statusCode = 404;
      response.end('next 404 page');
    });
    const forwarded = await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect([forwarded.status, await forwarded.text()]).toEqual([404, 'next 404 page']);
    const posted = await fetch(`${base}/metrics`, { method: 'POST' });
    expect(posted.status).toBe(404);

    const production = await serverWith({ token: undefined, production: true }, (_request, response) => {
      response.statusCode = 404;
      response.end();
    });
    expect((await fetch(`${production}/metrics`)).status).toBe(404);
  });

  it('with METRICS_TOKEN: 401 to the anonymous and the wrong token, the figures to the bearer', async () => {
    const base = await serverWith({ token: TOKEN, production: true });
    const anonymous = await fetch(`${base}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await anonymous.text()).not.toContain('kifu_');
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}0` } })).status).toBe(401);
    const scraped = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('kifu_web_http_request_duration_seconds');
  });
});
