// Runs claimed jobs by kind. A failing job is retried with exponential backoff until its
// max_attempts, then left as failed with its last error for a person to look at.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/index';
import { claimJobs, type Job } from './claim-jobs';

export type JobHandler = (payload: Record<string, unknown>, job: Job) => Promise<void>;

export interface PeriodicJob {
  kind: string;
  everyMs: number;
}

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 60 * 60 * 1_000;

export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

export class JobWorker {
  readonly id = `worker-${process.pid}-${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private lastPeriodic = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: FastifyBaseLogger,
    private readonly periodic: readonly PeriodicJob[] = [],
  ) {}

  /** Claims and runs what is due now; returns how many jobs ran. Tests call this directly. */
  async runOnce(limit = 10): Promise<number> {
    await this.enqueueDuePeriodic();
    const claimed = await claimJobs(this.db, this.id, limit);
    for (const job of claimed) await this.run(job);
    return claimed.length;
  }

  /** Runs until nothing is due (tests: settle everything a request enqueued). */
  async drain(): Promise<void> {
    while ((await this.runOnce()) > 0);
  }

  start(pollMs: number): void {
    const tick = () => {
      this.running = this.runOnce()
        .catch((error: unknown) => this.log.error({ err: error }, 'job worker tick failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, pollMs);
        });
    };
    this.timer = setTimeout(tick, pollMs);
  }

  async stop(): Promise<void> {
    const timer = this.timer;
    this.timer = undefined;
    if (timer) clearTimeout(timer);
    await this.running;
  }

  private async enqueueDuePeriodic(): Promise<void> {
    const now = Date.now();
    for (const { kind, everyMs } of this.periodic) {
      if (now - (this.lastPeriodic.get(kind) ?? 0) < everyMs) continue;
      this.lastPeriodic.set(kind, now);
      // The dedupe key keeps many workers from piling up copies of the same periodic job.
      await this.db
        .insert(jobs)
        .values({ kind, dedupeKey: `periodic:${kind}`, maxAttempts: 1 })
        .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.status} = 'queued'` });
    }
  }

  private async run(job: Job): Promise<void> {
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      await handler(job.payload as Record<string, unknown>, job);
      await this.db.update(jobs).set({ status: 'succeeded', lockedAt: null, lastError: null, updatedAt: sql`now()` }).where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retry = job.attempts < job.maxAttempts;
      this.log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: error }, retry ? 'job failed, will retry' : 'job failed for good');
      await this.db
        .update(jobs)
        .set({
          status: retry ? 'queued' : 'failed',
          runAt: retry ? new Date(Date.now() + backoffMs(job.attempts)) : job.runAt,
          lockedAt: null,
          lastError: message.slice(0, 2_000),
          updatedAt: sql`now()`,
        })
        .where(eq(jobs.id, job.id));
    }
  }
}
