// Durable jobs: run once each, retried with backoff, failed for good after max attempts, deduped
// while queued, and shared between workers without double runs (SKIP LOCKED; truly concurrent only
// on the PostgreSQL server, where the CI run exercises it). A started worker works the queue while
// it has work, several jobs at a time, and a job queued while it is idle wakes it (LISTEN/NOTIFY);
// a job queued by one of its own jobs it runs at once, without a notification.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index';
import { claimJobs } from '../src/jobs/claim-jobs';
import { enqueueJob, JOB_PRIORITY, JOBS_CHANNEL } from '../src/jobs/enqueue-job';
import { backoffMs, JobWorker } from '../src/jobs/job-worker';
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

  it('takes over a job whose worker died while running it', async () => {
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
