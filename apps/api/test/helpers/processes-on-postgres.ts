// For tests of real processes (a restart, a worker beside the test): a PostgreSQL database of the
// test file's own, migrated and seeded, since more than one process opens it; a client on it for
// the test's own reads; and the children the file started, killed if still running at the end.
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { postgresDatabase } from './build-test-app';
import { killAll, type TestChild } from './child-process';
import { POSTGRES_SERVER } from './postgres-server';

/** Call inside the file's describe (describeWithPostgres): it adds the hooks that create and drop the database. */
export function processesOnPostgres(prefix: string) {
  let database: Awaited<ReturnType<typeof postgresDatabase>> | undefined;
  let db: pg.Client | undefined;
  const children: TestChild[] = [];
  beforeAll(async () => {
    database = await postgresDatabase(POSTGRES_SERVER, prefix);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  }, 300_000);
  afterAll(async () => {
    await killAll(children);
    await db?.end();
    await database?.handle.close();
    await database?.drop();
  }, 120_000);
  return {
    /** The database (its url, and a handle the test can queue work through). */
    get database() {
      return database!;
    },
    get db() {
      return db!;
    },
    /** Every child process started: push each one. */
    children,
  };
}
