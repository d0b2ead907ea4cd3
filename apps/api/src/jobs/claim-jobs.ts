// Claiming with FOR UPDATE SKIP LOCKED lets any number of workers (API processes or
// `worker` processes) share the queue without running a job twice. A job whose worker died while
// running is claimable again once its lock is older than STALE_LOCK.
import { asc, desc, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/index';

export type Job = typeof jobs.$inferSelect;

const STALE_LOCK = sql`interval '5 minutes'`;

export async function claimJobs(db: Database, workerId: string, limit: number): Promise<Job[]> {
  const claimable = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      sql`(${jobs.status} = 'queued' and ${jobs.runAt} <= now()) or (${jobs.status} = 'running' and ${jobs.lockedAt} < now() - ${STALE_LOCK})`,
    )
    // The most urgent kind first (a billing run's next batch before mail), then the longest due.
    .orderBy(desc(jobs.priority), asc(jobs.runAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ status: 'running', lockedAt: sql`now()`, lockedBy: workerId, attempts: sql`${jobs.attempts} + 1`, updatedAt: sql`now()` })
    .where(sql`${jobs.id} in ${claimable}`)
    .returning();
}
