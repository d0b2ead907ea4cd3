// Durable jobs (architecture.md §2): work that must survive a crash or a restart is written to the
// jobs table in the caller's transaction and run by a worker. A NOTIFY on JOBS_CHANNEL wakes the
// workers when that transaction commits (never before: a worker woken early would find nothing),
// so a job runs at once instead of at the next poll. A job queued by a running job does not notify:
// the worker running it claims again at once (queued-by-job.ts).
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/index';
import { queuedByRunningJob } from './queued-by-job';

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  maxAttempts?: number;
  /** While a job with this key is queued, enqueueing another is a no-op. */
  dedupeKey?: string;
  /** Due jobs of a higher priority are claimed first (default 0; JOB_PRIORITY). */
  priority?: number;
}

/** Priorities above the default 0 (ADR 052). */
export const JOB_PRIORITY = {
  /** Charges: a billing run's next batch must not wait behind the mails its last batch queued. */
  charges: 10,
} as const;

export const JOBS_CHANNEL = 'kifu_jobs';

/** Returns the new job's id, or null when a queued job already has the dedupe key. */
export async function enqueueJob(db: Database, job: NewJob): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      runAt: job.runAt ?? sql`now()`,
      maxAttempts: job.maxAttempts ?? 5,
      dedupeKey: job.dedupeKey,
      priority: job.priority ?? 0,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.status} = 'queued'` })
    .returning({ id: jobs.id });
  // Not for a job due later: its worker's poll finds it. PostgreSQL folds repeated identical
  // notifications of one transaction into one.
  if (row && !job.runAt && !queuedByRunningJob()) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return row?.id ?? null;
}
