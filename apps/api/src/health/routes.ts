// Health checks for load balancers, orchestrators and `npm start` (ADR 049, docs/deploy.md):
// - GET /health/live: the process answers (liveness; it checks nothing else, so a database outage
//   never makes an orchestrator restart every API process at once);
// - GET /health/ready: send it work — the database answers, Redis too where REDIS_URL names it,
//   and shutdown has not begun (health/readiness.ts);
// - GET /health: the original check, kept for the load balancers and scripts that use it: the
//   database answers (and, since ADR 049, shutdown has not begun).
import { sql } from 'drizzle-orm';
import type { api } from '@kifu/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { notReadyDetail } from './readiness';

export const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
const liveResponse = z.object({ status: z.literal('ok') });

/**
 * A 503 sent as is rather than thrown: the error handler logs every 5xx as a server error, and a
 * probe every few seconds while draining or during an outage (logged once by readiness.ts) is not one.
 */
function notReady(reply: FastifyReply, detail: string) {
  const body: api.ErrorBody = { code: 'service_unavailable', detail };
  return reply.code(503).send(body);
}

/** How long /health trusts the database's last answer. */
export const DATABASE_ANSWER_FRESH_MS = 1_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // A probe answers from the database's last answer when it is younger than DATABASE_ANSWER_FRESH_MS,
  // and probes that arrive while a check is on its way share it: a load balancer's probes and a
  // crowd alike then cost the database one `select 1` a second, which matters most to the embedded
  // database (one connection, in this process; ADR 080). A failed check is never reused.
  let answeredAt = -Infinity;
  let checkInFlight: Promise<void> | undefined;
  const databaseAnswers = async () => {
    if (performance.now() - answeredAt < DATABASE_ANSWER_FRESH_MS) return;
    checkInFlight ??= app.db
      .execute(sql`select 1`)
      .then(() => {
        answeredAt = performance.now();
      })
      .finally(() => {
        checkInFlight = undefined;
      });
    await checkInFlight;
  };

  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: healthResponse, ...errorResponses(503) } } },
    async (_request, reply) => {
      if (app.readiness.shuttingDown) return notReady(reply, 'shutting down');
      try {
        await databaseAnswers();
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('service_unavailable', 'database unreachable');
      }
      return { status: 'ok' as const, database: app.databaseKind };
    },
  );

  app.get(
    '/health/live',
    { schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: liveResponse } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database (and Redis, when configured) answer and the process is not shutting down',
        response: { 200: liveResponse, ...errorResponses(503) },
      },
    },
    async (_request, reply) => {
      const report = await app.readiness.report();
      if (report.ready) return { status: 'ok' as const };
      return notReady(reply, notReadyDetail(report));
    },
  );
};
