// Claiming with FOR UPDATE SKIP LOCKED lets any number of workers (API processes or
// `worker` processes) share the queue without running a job twice. A claimed job is the worker's
// while its lease lasts (job-lease.ts, ADR 054); a running job whose lease has run out belongs to a
// worker presumed dead, and the next claim takes it over.
//
// Two statements, not one with an OR: each then reads its own index in the order it claims
// (jobs_queued_priority_run_at_idx, jobs_status_run_at_idx) and stops after `limit` rows. With the
// OR, PostgreSQL gathered and sorted every due job for each claim, so a claim cost grew with the
// backlog — a billing run of 30,000 months, whose mails wait behind its charges, charged at half
// the rate of one of 10,000.
import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/index';
import { DEFAULT_JOB_LEASE, leaseEnd, leaseExpired } from './job-lease';

export type Job = typeof jobs.$inferSelect;

async function claim(db: Database, workerId: string, limit: number, leaseMs: number, where: SQL, orderBy: SQL[]): Promise<Job[]> {
  const claimable = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'running',
      lockedAt: sql`now()`,
      lockedUntil: leaseEnd(leaseMs),
      lockedBy: workerId,
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(inArray(jobs.id, claimable))
    .returning();
}

/**
 * Claims up to `limit` jobs: those of dead workers first, then the due ones. `lookForStale: false`
 * skips the first statement: a worker claiming many times a second looks for dead workers' jobs
 * once a heartbeat (JobWorker.runOnce), and a claim is a statement of its own, sent and planned.
 */
export async function claimJobs(
  db: Database,
  workerId: string,
  limit: number,
  leaseMs = DEFAULT_JOB_LEASE.leaseMs,
  { lookForStale = true }: { lookForStale?: boolean } = {},
): Promise<Job[]> {
  // Jobs of a dead worker first: they were due before anything queued now. Never one of this
  // worker's own: it is running it still, only its heartbeat came late (a long transaction ahead
  // of it on PGlite, a pool full of slow queries).
  const expired = and(eq(jobs.status, 'running'), leaseExpired, or(isNull(jobs.lockedBy), ne(jobs.lockedBy, workerId)))!;
  const stale = lookForStale ? await claim(db, workerId, limit, leaseMs, expired, [asc(jobs.lockedAt)]) : [];
  if (stale.length >= limit) return stale;
  // The most urgent kind first (a billing run's next batch before mail), then the longest due.
  const due = await claim(db, workerId, limit - stale.length, leaseMs, and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`))!, [
    desc(jobs.priority),
    asc(jobs.runAt),
  ]);
  return [...stale, ...due];
}
