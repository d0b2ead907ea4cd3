// The queue as the database holds it, read at scrape time (ADR 048): one grouped query over the
// queued rows (the (status, run_at) index), so every API process answers the same figures whoever
// runs the jobs — the worker processes included, which serve no HTTP of their own by default.
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/index';
import type { ApiMetrics } from './api-metrics';

export type QueueMetrics = Pick<ApiMetrics, 'jobsQueued' | 'jobsDue' | 'jobsOldestDueAge'>;

export async function readQueueGauges(
  db: Database,
  metrics: QueueMetrics,
  registeredKinds: readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  const gauges = [metrics.jobsQueued, metrics.jobsDue, metrics.jobsOldestDueAge];
  for (const gauge of gauges) gauge.reset();
  let rows: { kind: string; queued: number; due: number; oldestDueSeconds: number }[];
  try {
    rows = await db
      .select({
        kind: jobs.kind,
        queued: sql<number>`count(*)::int`,
        due: sql<number>`(count(*) filter (where ${jobs.runAt} <= now()))::int`,
        oldestDueSeconds: sql<number>`coalesce(extract(epoch from now() - min(${jobs.runAt}) filter (where ${jobs.runAt} <= now())), 0)::float8`,
      })
      .from(jobs)
      .where(eq(jobs.status, 'queued'))
      .groupBy(jobs.kind);
  } catch (error) {
    // The rest of /metrics still answers; absent queue series say the database did not.
    log.warn({ err: error }, 'metrics: job queue unreadable');
    return;
  }
  // Every kind this process handles shows, at zero when idle, so a dashboard reads 0 rather than "no data".
  for (const kind of registeredKinds) for (const gauge of gauges) gauge.set({ kind }, 0);
  for (const row of rows) {
    metrics.jobsQueued.set({ kind: row.kind }, Number(row.queued));
    metrics.jobsDue.set({ kind: row.kind }, Number(row.due));
    metrics.jobsOldestDueAge.set({ kind: row.kind }, Math.max(0, Number(row.oldestDueSeconds)));
  }
}
