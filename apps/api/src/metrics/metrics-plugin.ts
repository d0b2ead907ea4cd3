// GET /metrics in Prometheus' text format (ADR 048) and the request metrics behind it. Each API
// process answers for itself (Prometheus scrapes every process); the job queue gauges are read
// from the database on each scrape. Who may read: packages/domain metrics-access.ts.
import { metricsAccess, type MetricsAccess } from '@kifu/domain/metrics-access';
import { METRICS_PATH, methodLabel, statusClass } from '@kifu/domain/metrics-labels';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { endRequestTrace, startRequestTrace } from '../lib/error-reporting';
import { createApiMetrics, type ApiMetrics } from './api-metrics';
import { readQueueGauges } from './job-queue-gauges';
import { processMetrics } from './process-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics (api-metrics.ts): features count what they do here. */
    metrics: ApiMetrics;
  }
}

export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = createApiMetrics();
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      endRequestTrace(request, reply.statusCode);
      metrics.httpRequestDuration.observe(
        {
          method: methodLabel(request.method),
          // The route's pattern (/donation/:id/status/), never the URL: no ids, no query strings.
          route: request.routeOptions.url ?? 'unmatched',
          status_class: statusClass(reply.statusCode),
        },
        reply.elapsedTime / 1_000,
      );
    });

    // Decided in the first onRequest hook (app.ts registers this plugin before client-address.ts),
    // while the request still carries every forwarding header: client-address.ts drops those it
    // does not believe, and a request a proxy forwarded is a visitor's whether or not we believe
    // the address it names.
    const accessOf = new WeakMap<object, MetricsAccess>();
    app.addHook('onRequest', async (request) => {
      // Here rather than in a hook of its own: one hook fewer on every request (ended below).
      startRequestTrace(request);
      if (request.routeOptions.url !== METRICS_PATH) return;
      accessOf.set(
        request.raw,
        metricsAccess({
          token: app.config.METRICS_TOKEN,
          production: app.config.KIFU_ENV === 'production',
          headers: request.headers,
          remoteAddress: request.socket.remoteAddress,
        }),
      );
    });

    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      const access = accessOf.get(request.raw) ?? 'not_found';
      if (access === 'unauthorized') {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('unauthorized', 'metrics need the bearer token');
      }
      if (access === 'not_found') throw new AppError('not_found', `no route for GET ${METRICS_PATH}`);
      await readQueueGauges(app.db, metrics, app.jobs.kinds(), request.log);
      const text = `${await processMetrics().metrics()}\n${await metrics.registry.metrics()}`;
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    });
  },
  { name: 'metrics' },
);
