// `npm run worker` (src/worker.ts): the job worker in a process of its own (ADR 038). It refuses
// the embedded database, which belongs to the API process. On the PostgreSQL server (the CI run's
// second suite) it runs the jobs already queued at once, is woken by a job queued later although
// its poll is a minute, and stops cleanly on SIGTERM.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { jobs } from '../src/db/schema/index';
import { enqueueJob } from '../src/jobs/enqueue-job';
import { postgresDatabase } from './helpers/build-test-app';
import { startChild } from './helpers/child-process';

const quiet = { LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', KIFU_ENV: 'test' };

describe('npm run worker', () => {
  it('refuses to start on the embedded database', { timeout: 60_000 }, async () => {
    const worker = startChild('src/worker.ts', { ...quiet, DATABASE_URL: undefined });
    expect(await worker.exited).toEqual({ code: 1, signal: null });
    expect(worker.stderr()).toContain('npm run worker needs DATABASE_URL');
  });
});

describe.runIf(process.env.DATABASE_URL)('npm run worker on the PostgreSQL server', () => {
  let created: { url: string; handle: DatabaseHandle; drop: () => Promise<void> };
  beforeAll(async () => {
    created = await postgresDatabase(process.env.DATABASE_URL!);
  });
  afterAll(async () => {
    await created?.handle.close();
    await created?.drop();
  });
  const statusOf = async (id: number) => (await created.handle.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  it('runs what is queued, is woken by what is queued next, and stops on SIGTERM', { timeout: 120_000 }, async () => {
    // A kind no handler knows fails at once with its reason: proof enough that this process ran it.
    const first = (await enqueueJob(created.handle.db, { kind: 'test-worker-process', maxAttempts: 1 }))!;
    const worker = startChild('src/worker.ts', { ...quiet, DATABASE_URL: created.url, JOB_POLL_MS: '60000' });
    try {
      await expect.poll(async () => (await statusOf(first)).status, { timeout: 60_000 }).toBe('failed');
      expect((await statusOf(first)).lastError).toContain('no handler for job kind "test-worker-process"');
      const second = (await enqueueJob(created.handle.db, { kind: 'test-worker-process', maxAttempts: 1 }))!;
      await expect.poll(async () => (await statusOf(second)).status, { timeout: 30_000 }).toBe('failed');
      expect((await statusOf(second)).lockedBy).toMatch(/^worker-/);
    } finally {
      worker.process.kill('SIGTERM');
    }
    expect(await worker.exited).toEqual({ code: 0, signal: null });
  });
});
