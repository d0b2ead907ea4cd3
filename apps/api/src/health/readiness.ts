// Whether this process should be sent work (ADR 049): ready while every dependency it cannot serve
// without answers — the database, and Redis where REDIS_URL names it (plugins/rate-limit.ts adds
// that check) — and until shutdown begins. GET /health/ready (health/routes.ts) and the worker's
// health port (worker-health-server.ts) answer from it; liveness needs none of it.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A check that has not answered by then counts as failed: a load balancer's probe times out after
 * a few seconds, and a black-holed address would otherwise hold the answer until the TCP timeout.
 */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessReport {
  ready: boolean;
  shuttingDown: boolean;
  /** The dependencies that did not answer, by name (e.g. `database`, `redis`). */
  unreachable: string[];
}

export interface Readiness {
  /** A dependency without which this process cannot serve; readiness fails while `check` throws or hangs. */
  require(name: string, check: () => Promise<unknown>): void;
  /** Shutdown has begun: readiness fails from now on, so a load balancer stops sending. */
  beginShutdown(): void;
  readonly shuttingDown: boolean;
  report(): Promise<ReadinessReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, READINESS_CHECK_TIMEOUT_MS, false);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** `log` hears of each change of what is unreachable, not of every probe (one every few seconds). */
export function createReadiness(log: Pick<FastifyBaseLogger, 'warn' | 'info'>): Readiness {
  const checks = new Map<string, () => Promise<unknown>>();
  let shuttingDown = false;
  let lastUnreachable = '';
  return {
    require(name, check) {
      if (checks.has(name)) throw new Error(`readiness check "${name}" registered twice`);
      checks.set(name, check);
    },
    beginShutdown() {
      shuttingDown = true;
    },
    get shuttingDown() {
      return shuttingDown;
    },
    async report() {
      const results = await Promise.all([...checks].map(async ([name, check]) => ({ name, ok: await answers(check) })));
      const unreachable = results.filter((result) => !result.ok).map((result) => result.name);
      if (unreachable.join() !== lastUnreachable) {
        if (unreachable.length > 0) log.warn({ unreachable }, 'not ready: dependencies unreachable');
        else log.info('dependencies reachable again');
        lastUnreachable = unreachable.join();
      }
      return { ready: !shuttingDown && unreachable.length === 0, shuttingDown, unreachable };
    },
  };
}

/** The `detail` of a 503 readiness answer: why this process should not be sent work. */
export function notReadyDetail(report: ReadinessReport): string {
  return report.shuttingDown ? 'shutting down' : `unreachable: ${report.unreachable.join(', ')}`;
}

/** Decorates `app.readiness` with the database check; registered before the plugins that add theirs. */
export const readinessPlugin = fp(async (app: FastifyInstance) => {
  const readiness = createReadiness(app.log);
  readiness.require('database', () => app.db.execute(sql`select 1`));
  app.decorate('readiness', readiness);
  // From the signal on, every answer closes its connection. A kept-alive one (the web server keeps
  // its connections to the API) would otherwise hold the closing port open until its keep-alive
  // timeout, 72 s in Fastify: longer than SHUTDOWN_GRACE_MS.
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.shuttingDown) reply.header('connection', 'close');
  });
});
