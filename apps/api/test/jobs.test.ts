// Durable jobs: run once each, retried with backoff, failed for good after max attempts, deduped
// while queued, and shared between workers without double runs (SKIP LOCKED; truly concurrent only
// on the PostgreSQL server, where the CI run exercises it).
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index';
import { claimJobs } from '../src/jobs/claim-jobs';
import { enqueueJob } from '../src/jobs/enqueue-job';
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

  it('enqueues a deduplicated job once while it is queued', async () => {
    const first = await enqueueJob(t.database.db, { kind: 'test-dedupe', dedupeKey: 'same' });
    const second = await enqueueJob(t.database.db, { kind: 'test-dedupe', dedupeKey: 'same' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await new JobWorker(t.database.db, { 'test-dedupe': async () => {} }, t.app.log).drain();
    expect(await enqueueJob(t.database.db, { kind: 'test-dedupe', dedupeKey: 'same' })).not.toBeNull();
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
