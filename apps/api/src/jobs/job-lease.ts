// A running job belongs to its worker for as long as its lease lasts (ADR 054). The claim sets
// jobs.locked_until; the live worker renews it every JOB_HEARTBEAT_MS however long the job runs;
// once it has passed, the worker is presumed dead and any worker takes the job over at once. A
// worker that could not renew (paused, or cut off from the database) and comes back finds the job
// no longer its own: the outcome of its run is not recorded (job-worker.ts).
import { and, eq, isNull, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { jobs } from '../db/schema/index';

export interface JobLease {
  /** How long a claim or a heartbeat keeps a job its worker's. */
  leaseMs: number;
  /** How often the worker renews the leases of the jobs it runs (at most half of leaseMs). */
  heartbeatMs: number;
}

/** env.ts's defaults (JOB_LEASE_MS, JOB_HEARTBEAT_MS), for workers built without the config (tests). */
export const DEFAULT_JOB_LEASE: JobLease = { leaseMs: 15_000, heartbeatMs: 5_000 };

/** The end of a lease taken or renewed now. */
export const leaseEnd = (leaseMs: number): SQL => sql`now() + ${Math.ceil(leaseMs)}::int * interval '1 millisecond'`;

/**
 * A running job's lease has run out. Claims made before leases existed (migration 0013, or a
 * worker of the version before during a rolling deploy) have none: they keep that version's rule,
 * stale five minutes after the claim.
 */
export const leaseExpired: SQL = or(
  lte(jobs.lockedUntil, sql`now()`),
  and(isNull(jobs.lockedUntil), lt(jobs.lockedAt, sql`now() - interval '5 minutes'`)),
)!;

/** The run `attempt` of job `jobId` is still going: the job runs under that attempt and its lease lasts. */
export function jobRunHoldsLease(jobId: AnyColumn, attempt: AnyColumn): SQL {
  return sql`exists (select 1 from ${jobs} where ${jobs.id} = ${jobId} and ${jobs.status} = 'running' and ${jobs.attempts} = ${attempt} and ${jobs.lockedUntil} > now())`;
}

/** Whether the job row still belongs to this run of it: running, claimed by `workerId`, under `attempts`. */
export function heldBy(workerId: string, job: { id: number; attempts: number }): SQL {
  return and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId), eq(jobs.attempts, job.attempts))!;
}
