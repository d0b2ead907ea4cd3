// Durable jobs (architecture.md §2): work that must survive a crash or a restart is written to the
// jobs table in the caller's transaction and run by a worker.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/index';

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  maxAttempts?: number;
  /** While a job with this key is queued, enqueueing another is a no-op. */
  dedupeKey?: string;
}

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
    })
    .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.status} = 'queued'` })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}
