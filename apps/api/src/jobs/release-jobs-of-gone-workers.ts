// A worker process that starts (a restart after a crash, an OOM kill, kill -9) hands the running
// jobs of its dead predecessors on this machine to the queue at once: their leases end now, and the
// first claim takes them (ADR 054). Only holders it can prove gone (worker-identity.ts); the jobs of
// workers elsewhere, alive or not, wait for their lease, so no live worker ever loses a job this way.
import { and, eq, gt, inArray, like, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/index';
import { isGoneProcess, PID_SCOPE } from './worker-identity';

/** Answers how many jobs it released. */
export async function releaseJobsOfGoneWorkers(db: Database): Promise<number> {
  if (!PID_SCOPE) return 0;
  const holders = await db
    .selectDistinct({ workerId: jobs.lockedBy })
    .from(jobs)
    .where(and(eq(jobs.status, 'running'), gt(jobs.lockedUntil, sql`now()`), like(jobs.lockedBy, `%@${PID_SCOPE}`)));
  const gone = holders.map(({ workerId }) => workerId!).filter(isGoneProcess);
  if (gone.length === 0) return 0;
  const released = await db
    .update(jobs)
    .set({ lockedUntil: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(jobs.status, 'running'), inArray(jobs.lockedBy, gone)))
    .returning({ id: jobs.id });
  return released.length;
}
