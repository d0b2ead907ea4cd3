// `npm run backup` and `npm run restore` as an operator runs them (ADR 047): the real npm scripts in
// child processes, over a DATA_DIR of the test's own (the embedded database) and over a scratch
// database of the machine's PostgreSQL. What is compared is what the database answers — counts and
// rows of users and donations — and the bytes of an uploaded file, before the backup and after the
// restore; and the refusals: a restore over data without --force, either command while another
// process holds the embedded database, a restore while others are connected to PostgreSQL.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, openPglite, openPostgres, type Database, type DatabaseHandle } from '../src/db/client';
import { donations, users } from '../src/db/schema/index';
import { eventually } from './helpers/eventually';
import { onMaintenanceDatabase, pgliteTemplate, postgresDatabase } from './helpers/build-test-app';
import { POSTGRES_SERVER, postgresReachable } from './helpers/postgres-server';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// Each command starts tsx and opens PGlite (seconds of CPU each): budgets for a loaded 2-core machine.
const SLOW = { timeout: 600_000 };

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <script> -- <args>` from `cwd` (the repository unless given), as an operator types it. */
function npmRun(script: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>, cwd = REPO_ROOT): Promise<Outcome> {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const child = spawn('npm', ['--prefix', REPO_ROOT, 'run', '--silent', script, '--', ...args], { cwd, env: merged });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** What the database answers about its supporters and gifts. */
async function contents(db: Database) {
  return {
    users: await db.$count(users),
    donations: await db.$count(donations),
    firstUsers: await db.select({ id: users.id, username: users.username }).from(users).orderBy(asc(users.id)).limit(5),
    firstDonations: await db
      .select({ id: donations.id, amount: donations.amount, status: donations.status, userId: donations.userId })
      .from(donations)
      .orderBy(asc(donations.id))
      .limit(5),
  };
}

/** A folder name of the test's own, made in beforeAll: a skipped describe still runs its body, and must leave nothing behind. */
const scratchFolder = () => join(tmpdir(), `kifu-backup-${process.pid}-${randomBytes(4).toString('hex')}`);

const ok = (outcome: Outcome) => expect(outcome, outcome.stderr).toMatchObject({ code: 0 });

// The integration suite's PostgreSQL run (DATABASE_URL set) leaves the embedded database to `npm test`, as every other test file does.
describe.skipIf(process.env.DATABASE_URL)('backup and restore of the embedded database (DATA_DIR)', () => {
  const work = scratchFolder();
  const dataDir = join(work, 'data');
  const env = { DATABASE_URL: undefined, DATA_DIR: dataDir, UPLOAD_STORAGE: 'disk' };
  const avatar = join(dataDir, 'uploads/avatars/1-0123456789abcdef.webp');
  const avatarBytes = Buffer.from('RIFF-not-really-an-image-but-bytes-all-the-same');
  let before: Awaited<ReturnType<typeof contents>>;
  let archive: string;

  const withData = async <T>(read: (db: Database) => Promise<T>): Promise<T> => {
    const handle = await createDatabase({ DATABASE_URL: undefined, DATA_DIR: dataDir });
    try {
      return await read(handle.db);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    // The seeded demo database, as `npm start` leaves it, and one uploaded avatar.
    mkdirSync(dataDir, { recursive: true });
    const seeded = await openPglite({ dataDir: join(dataDir, 'pglite'), loadDataDir: await pgliteTemplate() });
    before = await contents(seeded.db);
    await seeded.close();
    mkdirSync(join(avatar, '..'), { recursive: true });
    writeFileSync(avatar, avatarBytes);
  }, SLOW.timeout);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('writes one timestamped file; a wiped DATA_DIR restored from it answers the same rows and holds the same upload', SLOW, async () => {
    expect(before.users).toBeGreaterThan(0);
    expect(before.donations).toBeGreaterThan(0);

    // Run from another folder, with no name: the file lands there, named after the time.
    ok(await npmRun('backup', [], env, work));
    const written = readdirSync(work).filter((name) => name.startsWith('kifu-backup-'));
    expect(written).toEqual([expect.stringMatching(/^kifu-backup-\d{8}T\d{6}Z\.tar\.gz$/)]);
    archive = join(work, written[0]!);

    rmSync(dataDir, { recursive: true, force: true });
    ok(await npmRun('restore', [archive], env));
    expect(await withData(contents)).toEqual(before);
    expect(readFileSync(avatar)).toEqual(avatarBytes);
  });

  it('refuses to restore over data without --force; with --force it replaces it and keeps the old folders aside', SLOW, async () => {
    await withData((db) => db.insert(users).values({ username: 'after-backup', email: 'after-backup@kifu.example', passwordHash: 'x' }));
    const changed = await withData(contents);
    expect(changed.users).toBe(before.users + 1);

    const refused = await npmRun('restore', [archive], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already hold data');
    expect(refused.stderr).toContain('--force');
    expect(await withData(contents)).toEqual(changed);

    ok(await npmRun('restore', [archive, '--force'], env));
    expect(await withData(contents)).toEqual(before);
    const kept = readdirSync(dataDir).filter((name) => name.includes('.replaced-'));
    expect(kept.sort()).toEqual([expect.stringMatching(/^pglite\.replaced-/), expect.stringMatching(/^uploads\.replaced-/)]);
  });

  it('refuses both commands, at once and changing nothing, while another process holds the database', SLOW, async () => {
    // This test process plays the running API: it opens the database as the API does.
    const held: DatabaseHandle = await createDatabase({ DATABASE_URL: undefined, DATA_DIR: dataDir });
    try {
      const target = join(work, 'while-held.tar.gz');
      const backup = await npmRun('backup', [target], env);
      expect(backup.code).toBe(1);
      expect(backup.stderr).toContain(`is in use by process ${process.pid}`);
      expect(existsSync(target)).toBe(false);

      const restore = await npmRun('restore', [archive, '--force'], env);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain(`is in use by process ${process.pid}`);
      expect(await contents(held.db)).toEqual(before);
    } finally {
      await held.close();
    }
  });

  it('never replaces an existing file with a backup', SLOW, async () => {
    const refused = await npmRun('backup', [archive], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already exists');
  });
});

// The machine's PostgreSQL, or the one DATABASE_URL names (the integration suite's run); skipped
// only where there is no server or no pg_dump/pg_restore to run against it.
const serverUrl = POSTGRES_SERVER;
async function postgresAvailable(): Promise<boolean> {
  if (['pg_dump', 'pg_restore'].some((tool) => spawnSync(tool, ['--version']).status !== 0)) return false;
  return postgresReachable();
}

describe.skipIf(!(await postgresAvailable()))('backup and restore of a PostgreSQL database (DATABASE_URL)', () => {
  const work = scratchFolder();
  const archive = join(work, 'postgres.tar.gz');
  let database: Awaited<ReturnType<typeof postgresDatabase>>;
  let before: Awaited<ReturnType<typeof contents>>;
  let seederOpen = true;
  const env = () => ({ DATABASE_URL: database.url, DATA_DIR: join(work, 'data'), UPLOAD_STORAGE: 'disk' });

  const read = async () => {
    const handle = openPostgres(database.url);
    try {
      return await contents(handle.db);
    } finally {
      await handle.close();
    }
  };
  /** A closed pool's sessions end a moment later: wait until only the restore would be connected. */
  const noOtherSessions = () =>
    eventually(async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        return rows[0]!.n === 0 ? true : undefined;
      } finally {
        await client.end();
      }
    });

  beforeAll(async () => {
    mkdirSync(work);
    database = await postgresDatabase(serverUrl, 'kifu_backup');
    before = await contents(database.handle.db);
  }, SLOW.timeout);
  afterAll(async () => {
    if (seederOpen) await database?.handle.close();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it(
    'backs up while the database is in use, refuses to restore while others are connected, and restores into an empty database',
    SLOW,
    async () => {
      expect(before.donations).toBeGreaterThan(0);
      // A session held open, as the running API's pool holds one: pg_dump reads a snapshot beside it.
      const api = new pg.Client({ connectionString: database.url });
      await api.connect();
      try {
        ok(await npmRun('backup', [archive], env()));
        const busy = await npmRun('restore', [archive, '--force'], env());
        expect(busy.code).toBe(1);
        // The held session at least; the seeding pool's idle ones too while they last.
        expect(busy.stderr).toMatch(/\d+ other session\(s\) are connected/);
      } finally {
        await api.end();
      }
      expect(await read()).toEqual(before);

      await database.handle.close();
      seederOpen = false;
      await noOtherSessions();
      await database.drop();
      await onMaintenanceDatabase(serverUrl, `create database "${database.name}"`);
      ok(await npmRun('restore', [archive], env()));
      expect(await read()).toEqual(before);
    },
  );

  it('refuses to restore over data without --force, and replaces it with --force', SLOW, async () => {
    const handle = openPostgres(database.url);
    await handle.db.insert(users).values({ username: 'after-backup', email: 'after-backup@kifu.example', passwordHash: 'x' });
    await handle.close();
    await noOtherSessions();

    const refused = await npmRun('restore', [archive], env());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already hold data');
    expect((await read()).users).toBe(before.users + 1);

    await noOtherSessions();
    ok(await npmRun('restore', [archive, '--force'], env()));
    expect(await read()).toEqual(before);
  });
});
