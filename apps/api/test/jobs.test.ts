// Durable jobs: run once each, retried with backoff, failed for good after max attempts, deduped
// while queued, and shared between workers without double runs (SKIP LOCKED; truly concurrent only
// on the PostgreSQL server, where the CI run exercises it). A started worker works the queue while
// it has work, several jobs at a time, and a job queued while it is idle wakes it (LISTEN/NOTIFY);
// a job queued by one of its own jobs it runs at once, without a notification. A running job is
// its worker's while the lease its heartbeat renews lasts, then any worker's at once; a worker that
// lost it records nothing, and a worker process starting takes back at once what its dead
// predecessors on this machine held (ADR 054).
import { spawn } from 'node:child_process';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../src/db/schema/index';
import { claimJobs } from '../src/jobs/claim-jobs';
import { enqueueJob, JOB_PRIORITY, JOBS_CHANNEL } from '../src/jobs/enqueue-job';
import { backoffMs, JobWorker } from '../src/jobs/job-worker';
import { releaseJobsOfGoneWorkers } from '../src/jobs/release-jobs-of-gone-workers';
import { PID_SCOPE } from '../src/jobs/worker-identity';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const jobRow = async (id: number) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe('job worker', () => {
  it('runs a job once and marks it succeeded', async () => {
    const seen: unknown[] = [];
    const worker = new JobWorker(t.database.db, { 'test-echo': async (payload) => void seen.push(payload) }, t.app.log);
    const id = (await enqueueJob(t.database.db, { kind: 'test-echo', payload: { n: 1 } }))!;
    await worker.drain();
    await worker.drain();
    expect(seen).toEqual([{ n: 1 }]);
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 1, lockedAt: null });
  });

  it('re-queues a failing job with backoff and gives up after max attempts', async () => {
    let calls = 0;
    const worker = new JobWorker(
      t.database.db,
      {
        'test-flaky': async () => {
          calls++;
          throw new Error(`boom ${calls}`);
        },
      },
      t.app.log,
    );
    const id = (await enqueueJob(t.database.db, { kind: 'test-flaky', maxAttempts: 2 }))!;
    await worker.runOnce();
    const retried = await jobRow(id);
    expect(retried).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1' });
    expect(retried.runAt.getTime()).toBeGreaterThan(Date.now() + 500);

    await t.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, id));
    await worker.runOnce();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'boom 2' });
    await worker.drain();
    expect(calls).toBe(2);
  });

  it('fails a job whose kind has no handler, keeping the reason', async () => {
    const worker = new JobWorker(t.database.db, {}, t.app.log);
    const id = (await enqueueJob(t.database.db, { kind: 'test-unknown', maxAttempts: 1 }))!;
    await worker.drain();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', lastError: 'no handler for job kind "test-unknown"' });
  });

  it('doubles the backoff per attempt up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffMs(40)).toBe(3_600_000);
  });

  it('claims a due job of a higher priority before jobs due longer (ADR 052)', async () => {
    // Due an hour ago: older than anything an earlier test left.
    const earlier = new Date(Date.now() - 3_600_000);
    const mails = (await Promise.all(
      [1, 2, 3].map((n) => enqueueJob(t.database.db, { kind: 'test-mail', payload: { n }, runAt: earlier })),
    )) as number[];
    const charges = (await enqueueJob(t.database.db, { kind: 'test-charges', priority: JOB_PRIORITY.charges }))!;
    const claimed = await claimJobs(t.database.db, 'test-priority', 2);
    expect(claimed.map((job) => job.id)).toEqual([charges, mails[0]]);
    await t.database.db.delete(jobs).where(inArray(jobs.id, [...mails, charges]));
  });

  it('enqueues a deduplicated job once while it is queued', async () => {
    const first = await enqueueJob(t.database.db, { kind: 'test-dedupe', dedupeKey: 'same' });
    const second = await enqueueJob(t.database.db, { kind: 'test-dedupe', dedupeKey: 'same' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const worker = new JobWorker(t.database.db, { 'test-dedupe': async () => {} }, t.app.log);
    await worker.drain();
    expect(await enqueueJob(t.database.db, { kind: 'test-dedupe', dedupeKey: 'same' })).not.toBeNull();
    // Run too: a job left queued here would be claimed, without a handler, by the workers of the
    // tests below, and take a place in the batch they count on.
    await worker.drain();
  });

  it('queues a periodic job at the priority it was registered with, ahead of work due longer (ADR 082)', async () => {
    const ran: string[] = [];
    const earlier = new Date(Date.now() - 3_600_000);
    await Promise.all([1, 2].map((n) => enqueueJob(t.database.db, { kind: 'test-mail', payload: { n }, runAt: earlier })));
    const record = (kind: string) => async () => void ran.push(kind);
    const worker = new JobWorker(t.database.db, { 'test-mail': record('mail'), 'test-billing': record('billing') }, t.app.log, [
      { kind: 'test-billing', everyMs: 60_000, priority: JOB_PRIORITY.charges },
    ]);
    await worker.runOnce(1);
    expect(ran).toEqual(['billing']);
    await worker.drain();
    expect(ran).toEqual(['billing', 'mail', 'mail']);
  });

  it('enqueues periodic jobs on its own', async () => {
    let runs = 0;
    const worker = new JobWorker(t.database.db, { 'test-periodic': async () => void runs++ }, t.app.log, [
      { kind: 'test-periodic', everyMs: 60_000 },
    ]);
    await worker.drain();
    await worker.drain();
    expect(runs).toBe(1);
  });

  it('never hands the same job to two workers claiming at once', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, (_, n) => enqueueJob(t.database.db, { kind: 'test-claim', payload: { n } })));
    const [a, b] = await Promise.all([claimJobs(t.database.db, 'worker-a', 15), claimJobs(t.database.db, 'worker-b', 15)]);
    const claimed = [...a, ...b].map((job) => job.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual((ids as number[]).sort());
    await t.database.db
      .update(jobs)
      .set({ status: 'succeeded' })
      .where(inArray(jobs.id, ids as number[]));
  });

  it('takes over a job whose worker died while running it, claimed before leases existed (five minutes)', async () => {
    const id = (await enqueueJob(t.database.db, { kind: 'test-orphan' }))!;
    await t.database.db
      .update(jobs)
      .set({ status: 'running', lockedAt: sql`now() - interval '10 minutes'`, lockedBy: 'dead-worker' })
      .where(eq(jobs.id, id));
    let ran = false;
    await new JobWorker(t.database.db, { 'test-orphan': async () => void (ran = true) }, t.app.log).drain();
    expect(ran).toBe(true);
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('looks for a dead worker’s jobs once a heartbeat, not at every claim, and at once when drained', async () => {
    // Only the clock is faked: the database answers as it does.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const lease = { leaseMs: 60_000, heartbeatMs: 30_000 };
      let ran = 0;
      const worker = new JobWorker(t.database.db, { 'test-stale-beat': async () => void ran++ }, t.app.log, [], undefined, lease);
      const deadWorkersJob = async () => {
        const id = (await enqueueJob(t.database.db, { kind: 'test-stale-beat' }))!;
        await t.database.db
          .update(jobs)
          .set({
            status: 'running',
            attempts: 1,
            lockedAt: sql`now() - interval '2 minutes'`,
            lockedUntil: sql`now() - interval '1 minute'`,
            lockedBy: 'dead-worker',
          })
          .where(eq(jobs.id, id));
        return id;
      };
      expect(await worker.runOnce()).toBe(0);
      const first = await deadWorkersJob();
      expect(await worker.runOnce()).toBe(0);
      vi.setSystemTime(Date.now() + lease.heartbeatMs);
      expect(await worker.runOnce()).toBe(1);
      expect(await jobRow(first)).toMatchObject({ status: 'succeeded', attempts: 2, lockedBy: worker.id });

      const second = await deadWorkersJob();
      expect(await worker.runOnce()).toBe(0);
      await worker.drain();
      expect(await jobRow(second)).toMatchObject({ status: 'succeeded', attempts: 2, lockedBy: worker.id });
      expect(ran).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a started worker', () => {
  /** A worker whose idle poll is a minute: anything it does sooner, it did without polling. */
  const MINUTE = 60_000;
  const statusesOf = async (ids: number[]) =>
    (await t.database.db.select({ status: jobs.status }).from(jobs).where(inArray(jobs.id, ids))).map((row) => row.status);

  it('works the queue while it has work: batch after batch without waiting for the poll', async () => {
    let runs = 0;
    const worker = new JobWorker(t.database.db, { 'test-backlog': async () => void runs++ }, t.app.log);
    const ids = (await Promise.all(
      Array.from({ length: 45 }, (_, n) => enqueueJob(t.database.db, { kind: 'test-backlog', payload: { n } })),
    )) as number[];
    worker.start({ pollMs: MINUTE, batch: 10, concurrency: 3 });
    try {
      await expect.poll(() => statusesOf(ids), { timeout: 30_000 }).toEqual(ids.map(() => 'succeeded'));
      expect(runs).toBe(45);
    } finally {
      await worker.stop();
    }
  });

  it('is woken by a job queued while it waits, once that job is committed', async () => {
    const ran: number[] = [];
    const worker = new JobWorker(t.database.db, { 'test-wake': async (payload) => void ran.push(payload.n as number) }, t.app.log);
    const unlisten = await t.database.listen(JOBS_CHANNEL, () => worker.wake());
    worker.start({ pollMs: MINUTE });
    try {
      // The first look finds this one; the worker then waits its minute.
      await enqueueJob(t.database.db, { kind: 'test-wake', payload: { n: 1 } });
      await expect.poll(() => ran, { timeout: 30_000 }).toEqual([1]);
      await t.database.db.transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'test-wake', payload: { n: 2 } });
      });
      await expect.poll(() => ran, { timeout: 30_000 }).toEqual([1, 2]);
    } finally {
      await unlisten();
      await worker.stop();
    }
  });

  it('runs at once a job that one of its jobs queued, without a notification (ADR 052)', async () => {
    const ran: string[] = [];
    let notifications = 0;
    const unlisten = await t.database.listen(JOBS_CHANNEL, () => void notifications++);
    const worker = new JobWorker(
      t.database.db,
      {
        'test-parent': async () => {
          ran.push('parent');
          await t.database.db.transaction((tx) => enqueueJob(tx, { kind: 'test-child' }));
        },
        'test-child': async () => void ran.push('child'),
      },
      t.app.log,
    );
    await enqueueJob(t.database.db, { kind: 'test-parent' });
    await expect.poll(() => notifications, { timeout: 10_000 }).toBe(1);
    worker.start({ pollMs: MINUTE });
    try {
      // Sooner than the minute's poll: the worker looked again because its own job queued one.
      await expect.poll(() => ran, { timeout: 30_000 }).toEqual(['parent', 'child']);
      expect(notifications).toBe(1);
    } finally {
      await unlisten();
      await worker.stop();
    }
  });

  it('runs the jobs of a batch side by side', async () => {
    let entered = 0;
    let allIn: () => void = () => undefined;
    const together = new Promise<void>((resolve) => (allIn = resolve));
    const worker = new JobWorker(
      t.database.db,
      {
        // Each waits for the other two: run one after another, the first would wait for good.
        'test-side-by-side': async () => {
          if (++entered === 3) allIn();
          await Promise.race([together, new Promise((_, reject) => setTimeout(() => reject(new Error('ran alone')), 20_000))]);
        },
      },
      t.app.log,
    );
    const ids = (await Promise.all(
      [1, 2, 3].map((n) => enqueueJob(t.database.db, { kind: 'test-side-by-side', payload: { n } })),
    )) as number[];
    expect(await worker.runOnce(3, 3)).toBe(3);
    expect(await statusesOf(ids)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });
});

describe('job leases (ADR 054)', () => {
  /** Resolves when `open()` is called: a handler that waits for the test. */
  function gate() {
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  }
  /** Whether `moment` has passed by the database's clock, which leases are measured by. */
  const passed = async (moment: Date) =>
    (
      await t.database.db
        .select({ past: sql<boolean>`now() > ${moment.toISOString()}::timestamptz` })
        .from(jobs)
        .limit(1)
    )[0]!.past;

  it('keeps a job that runs past its lease with its live worker, renewed by the heartbeat', async () => {
    const lease = { leaseMs: 4_000, heartbeatMs: 500 };
    const running = gate();
    let runs = 0;
    const holder = new JobWorker(
      t.database.db,
      {
        'test-long': async () => {
          runs++;
          await running.opened;
        },
      },
      t.app.log,
      [],
      undefined,
      lease,
    );
    const id = (await enqueueJob(t.database.db, { kind: 'test-long' }))!;
    const ran = holder.runOnce(1);
    await expect.poll(async () => (await jobRow(id)).status, { timeout: 30_000 }).toBe('running');
    const firstLease = (await jobRow(id)).lockedUntil!;
    // The lease the claim gave has passed: only the heartbeat keeps the job its worker's.
    await expect.poll(() => passed(new Date(firstLease.getTime() + 1_000)), { timeout: 60_000, interval: 250 }).toBe(true);
    expect((await jobRow(id)).lockedUntil!.getTime()).toBeGreaterThan(firstLease.getTime());
    expect(await claimJobs(t.database.db, 'worker-elsewhere', 10, lease.leaseMs)).toEqual([]);
    running.open();
    await ran;
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 1, lockedUntil: null });
  });

  it('hands a job whose lease ran out to another worker at once; the worker that lost it records nothing', async () => {
    // A paused process: it renews nothing while its handler is held, so its lease runs out.
    const paused = { leaseMs: 1_000, heartbeatMs: 3_600_000 };
    const resumed = gate();
    const ranBy: string[] = [];
    const stalled = new JobWorker(
      t.database.db,
      {
        'test-taken-over': async () => {
          ranBy.push('stalled');
          await resumed.opened;
          throw new Error('the SMTP server went away meanwhile');
        },
      },
      t.app.log,
      [],
      undefined,
      paused,
    );
    const live = new JobWorker(t.database.db, { 'test-taken-over': async () => void ranBy.push('live') }, t.app.log);
    const id = (await enqueueJob(t.database.db, { kind: 'test-taken-over' }))!;
    const stalledRun = stalled.runOnce(1);
    await expect.poll(async () => (await jobRow(id)).status, { timeout: 30_000 }).toBe('running');
    const { lockedUntil } = await jobRow(id);
    await expect.poll(() => passed(lockedUntil!), { timeout: 30_000, interval: 100 }).toBe(true);

    await live.drain();
    expect(ranBy).toEqual(['stalled', 'live']);
    const taken = await jobRow(id);
    expect(taken).toMatchObject({ status: 'succeeded', attempts: 2, lockedBy: live.id });

    // Its run fails afterwards: the job stays the live worker's success, not queued for a retry.
    resumed.open();
    await stalledRun;
    expect(await jobRow(id)).toEqual(taken);
  });

  it.runIf(PID_SCOPE)('gives a starting worker process the jobs of a dead worker process of this machine, and nobody else’s', async () => {
    const deadPid = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.once('exit', () => resolve(child.pid!));
    });
    const holders = {
      dead: `worker-${deadPid}-aaaaaa@${PID_SCOPE}`,
      // The parent of this test process lives: its jobs stay its own.
      live: `worker-${process.ppid}-bbbbbb@${PID_SCOPE}`,
      // Another machine (or pid namespace): nothing here can tell whether it lives.
      elsewhere: `worker-${deadPid}-cccccc@0123456789abcdef`,
    };
    const ids: Record<string, number> = {};
    for (const [name, holder] of Object.entries(holders)) {
      ids[name] = (await enqueueJob(t.database.db, { kind: 'test-predecessor', payload: { name } }))!;
      await t.database.db
        .update(jobs)
        .set({ status: 'running', attempts: 1, lockedAt: sql`now()`, lockedUntil: sql`now() + interval '1 hour'`, lockedBy: holder })
        .where(eq(jobs.id, ids[name]!));
    }
    expect(await claimJobs(t.database.db, 'worker-restarted', 10)).toEqual([]);

    expect(await releaseJobsOfGoneWorkers(t.database.db)).toBe(1);
    const claimed = await claimJobs(t.database.db, 'worker-restarted', 10);
    expect(claimed.map((job) => job.id)).toEqual([ids.dead]);
    await t.database.db
      .update(jobs)
      .set({ status: 'succeeded' })
      .where(inArray(jobs.id, Object.values(ids)));
  });
});
