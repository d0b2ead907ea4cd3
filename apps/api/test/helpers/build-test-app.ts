// One app per test file over its own copy of the migrated, seeded demo database
// (conventions.md #2 and #8). With PGlite the migrated and seeded database is dumped once into a
// template file and every test file loads a clone; with DATABASE_URL each test file gets a
// database of its own on that server, created here and dropped on close.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config/env';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { seedDemoData } from '../../src/seed/seed-demo-data';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  /** GET through app.inject(), with the JSON body parsed. */
  get<T>(url: string): Promise<{ status: number; body: T; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const DOMAIN_SRC = fileURLToPath(new URL('../../../../packages/domain/src/', import.meta.url));
/** Per checkout: two checkouts of the project (git worktrees) must not remove each other's template. */
const TEMPLATE_DIR = join(tmpdir(), 'kifu-api-test', createHash('sha256').update(SRC).digest('hex').slice(0, 12));

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return filesUnder(path);
      return path.endsWith('.test.ts') ? [] : [path];
    });
}

/** The template changes with the migrations, the seed code and data, the domain rules they use, and the day (seeded dates are relative). */
function templateKey(): string {
  const hash = createHash('sha256').update(new Date().toISOString().slice(0, 10));
  const sources = [...['db', 'seed', 'media', 'statements'].map((dir) => join(SRC, dir)), DOMAIN_SRC].flatMap(filesUnder);
  for (const file of sources) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** The migrated, seeded demo database as a PGlite dump, made once per day and sources (templateKey). */
export async function pgliteTemplate(): Promise<Blob> {
  const dir = TEMPLATE_DIR;
  const file = join(dir, `template-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const handle = await openPglite();
    await migrateDatabase(handle);
    await seedDemoData(handle.db);
    const dump = await handle.client.dumpDataDir('none');
    await handle.close();
    mkdirSync(dir, { recursive: true });
    // Test files start in parallel: write aside, then rename, so nobody reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    for (const stale of readdirSync(dir).filter((name) => /^template-.*\.tar$/.test(name) && join(dir, name) !== file))
      rmSync(join(dir, stale), { force: true });
  }
  return new Blob([readFileSync(file)]);
}

/** Runs `statement` (create or drop database) on the server's maintenance database, `postgres`. */
export async function onMaintenanceDatabase(serverUrl: string, statement: string): Promise<void> {
  const maintenance = new URL(serverUrl);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database on the DATABASE_URL server, migrated and seeded, dropped by `drop()`; `prefix` starts its name. */
export async function postgresDatabase(serverUrl: string, prefix = 'kifu_test') {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = (statement: string) => onMaintenanceDatabase(serverUrl, statement);
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  await migrateDatabase(handle);
  await seedDemoData(handle.db);
  // A closed pool's backends may still be exiting; forcing the drop would kill them mid-goodbye and
  // surface as unhandled "terminating connection" errors, so wait for them first.
  const drop = async () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        return await admin(`drop database if exists "${name}"`);
      } catch (error) {
        if ((error as { code?: string }).code !== '55006') throw error;
        await new Promise((done) => setTimeout(done, 100));
      }
    }
    await admin(`drop database if exists "${name}" with (force)`);
  };
  return { name, url: url.toString(), handle, drop };
}

/**
 * `env` overrides configuration, e.g. `{ SANDBOX_URL }` of a sandbox the test started; `extend`
 * adds test-only routes. Jobs do not
 * run in the background: tests run them with `app.jobs.worker.drain()`, so outcomes are deterministic.
 */
export async function buildTestApp(env: Record<string, string> = {}, extend?: (app: FastifyInstance) => void): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  const base = {
    // Mail goes nowhere unless a test gives a mailbox (SMTP_URL): port 9 refuses at once, and a
    // developer's `npm start` mailbox never gets test mail.
    SMTP_URL: 'smtp://127.0.0.1:9',
    // Likewise the bot check (donations, signup: ADR 056) is off unless a test turns it on with a
    // sandbox to verify its tokens (BOT_CHECK_ENABLED: 'true'), or tests a refusal that needs none.
    BOT_CHECK_ENABLED: 'false',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    KIFU_ENV: 'test',
    JOBS_IN_PROCESS: 'false',
    // Tests change rows directly and read them back; the cache has its own test.
    PUBLIC_READ_CACHE_MS: '0',
    DATA_DIR: join(tmpdir(), 'kifu-api-test', 'data'),
    ...env,
  };
  let database: DatabaseHandle;
  let config: Config;
  let drop = async () => {};
  if (serverUrl) {
    const created = await postgresDatabase(serverUrl);
    config = loadConfig({ ...base, DATABASE_URL: created.url });
    database = created.handle;
    drop = created.drop;
  } else {
    config = loadConfig(base);
    database = await openPglite({ loadDataDir: await pgliteTemplate() });
  }
  const app = await buildApp({ config, database });
  // Test-only routes go on before ready(), after which Fastify accepts no more.
  extend?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    async get(url) {
      const response = await app.inject({ url });
      return { status: response.statusCode, body: response.json(), headers: response.headers };
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
