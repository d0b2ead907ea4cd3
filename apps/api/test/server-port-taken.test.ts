// An API process that cannot bind its port exits without touching the job queue (ADR 022): its
// job worker starts only once the server listens. A real `src/server.ts` process is started on a
// port another server holds. It listens on "localhost", which it resolves before binding, and
// polls every millisecond: a worker started at ready (the old behaviour) had its first tick in that
// gap, claiming and locking queued jobs of a process about to exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { jobs } from '../src/db/schema/index';
import { enqueueJob } from '../src/jobs/enqueue-job';
import { CLEAN_UP_EXPIRED_JOB } from '../src/donations/clean-up-expired';
import { startChild } from './helpers/child-process';

const dataDir = mkdtempSync(join(tmpdir(), 'kifu-port-taken-'));
const pgliteDir = join(dataDir, 'pglite');
let taken: Server;
let port: number;

const jobRows = async () => {
  const handle = await openPglite({ dataDir: pgliteDir });
  try {
    return await handle.db
      .select({ id: jobs.id, status: jobs.status, attempts: jobs.attempts, lockedBy: jobs.lockedBy, lockedAt: jobs.lockedAt })
      .from(jobs)
      .orderBy(asc(jobs.id));
  } finally {
    await handle.close();
  }
};

beforeAll(async () => {
  const handle = await openPglite({ dataDir: pgliteDir });
  await migrateDatabase(handle);
  for (let n = 0; n < 10; n++) await enqueueJob(handle.db, { kind: CLEAN_UP_EXPIRED_JOB, payload: { n } });
  await handle.close();
  taken = createServer();
  await new Promise<void>((listening) => taken.listen(0, 'localhost', listening));
  port = (taken.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((closed) => taken?.close(closed));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an API process whose port is taken', () => {
  it('exits with the bind error and leaves every queued job queued, unclaimed and unlocked', { timeout: 120_000 }, async () => {
    const before = await jobRows();
    expect(before).toHaveLength(10);

    const api = startChild('src/server.ts', {
      DATABASE_URL: undefined,
      DATA_DIR: dataDir,
      API_HOST: 'localhost',
      API_PORT: String(port),
      JOBS_IN_PROCESS: 'true',
      JOB_POLL_MS: '1',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
    });
    const exit = await api.exited;
    expect(exit).toEqual({ code: 1, signal: null });
    expect(api.stderr()).toContain('EADDRINUSE');

    // Nothing claimed, run or added (a tick also enqueues the periodic jobs).
    expect(await jobRows()).toEqual(before);
    expect(before.every((job) => job.status === 'queued' && job.attempts === 0 && job.lockedBy === null && job.lockedAt === null)).toBe(
      true,
    );
  });
});
