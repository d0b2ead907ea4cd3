// Runs claimed jobs by kind. A failing job is retried with exponential backoff until its
// max_attempts, then left as failed with its last error for a person to look at. Each claimed job
// is finished on its own: one job's failure, or a failure to record its outcome, never leaves the
// rest of the batch locked (ADR 022). While a job runs, the worker renews its lease every
// heartbeat (ADR 054); a run whose job was taken over meanwhile (its worker was paused or cut off
// past the lease) records nothing: the job is the new holder's.
//   running ── handler done ──────────────────────────────▶ succeeded
//   running ── handler threw, attempts left ──────────────▶ queued (backoff)
//   running ── handler threw, a copy queued meanwhile ─────▶ failed: the copy under the same
//                                                            dedupe key does the work
//   running ── handler threw, no attempts left ───────────▶ failed
//   running ── lease ran out, another worker claimed it ──▶ running (theirs), this run's outcome dropped
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/index';
import { claimJobs, type Job } from './claim-jobs';
import { DEFAULT_JOB_LEASE, heldBy, leaseEnd, type JobLease } from './job-lease';
import { inLanes } from '../lib/in-lanes';
import { isUniqueViolation } from '../lib/unique-violation';
import { reportError } from '../lib/error-reporting';
import { runBatch, type BatchQueue } from './queued-by-job';
import { newWorkerId } from './worker-identity';

export type JobHandler = (payload: Record<string, unknown>, job: Job) => Promise<void>;

/** How a claimed job's run ended: done, queued again with backoff, or failed for good (or superseded). */
export type JobOutcome = 'succeeded' | 'retried' | 'failed';

export interface PeriodicJob {
  kind: string;
  everyMs: number;
  /** The queued copy's priority (JOB_PRIORITY; default 0), as the copies the job queues of itself carry. */
  priority?: number;
}

/** The dedupe key of a periodic job's queued copy: a job that queues its own next run uses it too, so the timer adds none. */
export const periodicDedupeKey = (kind: string) => `periodic:${kind}`;

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 60 * 60 * 1_000;

export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

export class JobWorker {
  readonly id = newWorkerId();
  private timer: NodeJS.Timeout | undefined;
  private tick: (() => void) | undefined;
  private stopped = true;
  private wokenWhileRunning = false;
  private running: Promise<unknown> = Promise.resolve();
  private lastPeriodic = new Map<string, number>();
  /** The runs in hand, by job id: their leases are renewed every heartbeat. */
  private readonly held = new Map<number, Job>();
  private heartbeat: NodeJS.Timeout | undefined;
  private renewing = false;
  /** When this worker last looked for jobs whose worker died (runOnce); never, at first. */
  private staleLookedForAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: FastifyBaseLogger,
    private readonly periodic: readonly PeriodicJob[] = [],
    /** Told each run's outcome once it is recorded (the jobs metrics). */
    private readonly onFinished: (kind: string, outcome: JobOutcome) => void = () => undefined,
    private readonly lease: JobLease = DEFAULT_JOB_LEASE,
  ) {}

  /**
   * Claims up to `limit` jobs due now and runs them, `concurrency` at a time (a job mostly waits on a
   * provider or the database, and SKIP LOCKED already makes claimed jobs independent, as if each
   * ran in a worker of its own); returns how many were claimed. Tests call this directly.
   */
  async runOnce(limit = 10, concurrency = 1, batch: BatchQueue = { queued: false }): Promise<number> {
    await this.enqueueDuePeriodic();
    // A dead worker's jobs are looked for once a heartbeat, not at every claim: their leases last
    // several heartbeats anyway, and a busy worker claims many times a second (ADR 081).
    const now = Date.now();
    const lookForStale = now - this.staleLookedForAt >= this.lease.heartbeatMs;
    if (lookForStale) this.staleLookedForAt = now;
    const claimed = await claimJobs(this.db, this.id, limit, this.lease.leaseMs, { lookForStale });
    this.hold(claimed);
    await runBatch(batch, () => this.runClaimed(claimed, concurrency));
    return claimed.length;
  }

  private async runClaimed(claimed: Job[], concurrency: number): Promise<void> {
    await inLanes(claimed, concurrency, async (job) => {
      try {
        await this.run(job);
      } catch (error) {
        // Recording the outcome failed (the database went away): this job's lease runs out and
        // another claim runs it again; the others still run.
        this.log.error({ jobId: job.id, kind: job.kind, err: error }, 'job outcome could not be recorded');
        reportError(error, { tags: { job_kind: job.kind } });
      } finally {
        this.letGo(job);
      }
    });
  }

  private hold(claimed: Job[]): void {
    for (const job of claimed) this.held.set(job.id, job);
    if (this.held.size === 0 || this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.renewLeases(), this.lease.heartbeatMs);
    // The heartbeat never keeps a process alive on its own: a stopping process waits for its jobs.
    this.heartbeat.unref();
  }

  private letGo(job: Job): void {
    if (this.held.get(job.id) === job) this.held.delete(job.id);
    if (this.held.size > 0 || !this.heartbeat) return;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  /**
   * The heartbeat: one statement renews the lease of every job in hand that is still this
   * worker's. One that is not was taken over after its lease ran out (this process was paused, or
   * could not reach the database): its run goes on, since nothing can stop a handler midway, but
   * records nothing (run()), and handlers are idempotent (ADR 054).
   */
  private async renewLeases(): Promise<void> {
    if (this.renewing || this.held.size === 0) return;
    this.renewing = true;
    const inHand = [...this.held.values()];
    try {
      const renewed = await this.db
        .update(jobs)
        .set({ lockedUntil: leaseEnd(this.lease.leaseMs) })
        .where(
          and(
            inArray(
              jobs.id,
              inHand.map((job) => job.id),
            ),
            eq(jobs.status, 'running'),
            eq(jobs.lockedBy, this.id),
          ),
        )
        .returning({ id: jobs.id, attempts: jobs.attempts });
      const still = new Set(renewed.map((row) => `${row.id}:${row.attempts}`));
      for (const job of inHand) {
        if (still.has(`${job.id}:${job.attempts}`) || this.held.get(job.id) !== job) continue;
        this.log.warn({ jobId: job.id, kind: job.kind }, 'job lease lost: another worker took the job over; this run will record nothing');
        this.held.delete(job.id);
      }
    } catch (error) {
      // The next beat tries again; leases last several beats (JOB_HEARTBEAT_MS ≤ JOB_LEASE_MS / 2).
      this.log.warn({ err: error }, 'job leases could not be renewed');
    } finally {
      this.renewing = false;
    }
  }

  /**
   * Writes a run's outcome (and lets go of the lease) if the job is still this run's; answers
   * whether it was. One taken over by another worker is theirs to record.
   */
  private async record(job: Job, outcome: Partial<typeof jobs.$inferInsert>): Promise<boolean> {
    // No more heartbeats for it: the outcome ends its lease either way.
    if (this.held.get(job.id) === job) this.held.delete(job.id);
    const [row] = await this.db
      .update(jobs)
      .set({ ...outcome, lockedAt: null, lockedUntil: null, updatedAt: sql`now()` })
      .where(heldBy(this.id, job))
      .returning({ id: jobs.id });
    if (!row)
      this.log.warn({ jobId: job.id, kind: job.kind }, 'job run not recorded: another worker took the job over after its lease ran out');
    return row !== undefined;
  }

  /**
   * Runs until nothing is due (tests: settle everything a request enqueued), a dead worker's jobs
   * included however recently this worker last looked for them.
   */
  async drain(): Promise<void> {
    this.staleLookedForAt = Number.NEGATIVE_INFINITY;
    while ((await this.runOnce()) > 0);
  }

  /**
   * Works the queue while it has work: a full batch is followed at once by the next; an empty or
   * short one waits `pollMs`, or less when `wake()` says a job was queued (LISTEN/NOTIFY) or one of
   * its own jobs queued another.
   */
  start({ pollMs, batch = 10, concurrency = 1 }: { pollMs: number; batch?: number; concurrency?: number }): void {
    this.stopped = false;
    const tick = () => {
      this.timer = undefined;
      const queue: BatchQueue = { queued: false };
      this.running = this.runOnce(batch, concurrency, queue)
        .catch((error: unknown) => {
          this.log.error({ err: error }, 'job worker tick failed');
          return 0;
        })
        .then((claimed) => {
          if (this.stopped) return;
          // Woken while it ran: a job queued meanwhile may not have been in this batch. Its own
          // jobs queued more: they notified no one.
          const more = claimed >= batch || this.wokenWhileRunning || queue.queued;
          this.wokenWhileRunning = false;
          this.timer = setTimeout(tick, more ? 0 : pollMs);
        });
    };
    this.tick = tick;
    this.timer = setTimeout(tick, 0);
  }

  /** A job was queued: run now rather than at the next poll. */
  wake(): void {
    if (this.stopped || !this.tick) return;
    if (!this.timer) {
      this.wokenWhileRunning = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(this.tick, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async enqueueDuePeriodic(): Promise<void> {
    const now = Date.now();
    for (const { kind, everyMs, priority = 0 } of this.periodic) {
      if (now - (this.lastPeriodic.get(kind) ?? 0) < everyMs) continue;
      this.lastPeriodic.set(kind, now);
      // The dedupe key keeps many workers from piling up copies of the same periodic job.
      await this.db
        .insert(jobs)
        .values({ kind, dedupeKey: periodicDedupeKey(kind), maxAttempts: 1, priority })
        .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.status} = 'queued'` });
    }
  }

  private async run(job: Job): Promise<void> {
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      await handler(job.payload as Record<string, unknown>, job);
      if (await this.record(job, { status: 'succeeded', lastError: null })) this.onFinished(job.kind, 'succeeded');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retry = job.attempts < job.maxAttempts;
      this.log.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, err: error },
        retry ? 'job failed, will retry' : 'job failed for good',
      );
      const failed = { status: 'failed' as const, lastError: message.slice(0, 2_000) };
      if (!retry) {
        // A job that gave up needs a person (ADR 050); the retried attempts before it do not.
        reportError(error, { tags: { job_kind: job.kind } });
        if (await this.record(job, failed)) this.onFinished(job.kind, 'failed');
        return;
      }
      try {
        if (await this.record(job, { ...failed, status: 'queued', runAt: new Date(Date.now() + backoffMs(job.attempts)) }))
          this.onFinished(job.kind, 'retried');
      } catch (requeueError) {
        if (!isUniqueViolation(requeueError)) throw requeueError;
        // A copy under the same dedupe key was queued meanwhile (jobs_queued_dedupe_key_idx allows
        // one): it does the same work, so this one ends here.
        this.log.info({ jobId: job.id, kind: job.kind, dedupeKey: job.dedupeKey }, 'failed job superseded by its queued copy');
        if (await this.record(job, failed)) this.onFinished(job.kind, 'failed');
      }
    }
  }
}

/** PostgreSQL's unique_violation, as node-postgres or PGlite raise it (drizzle wraps it as `cause`). */
