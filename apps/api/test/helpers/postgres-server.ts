// The PostgreSQL server for tests that need one whichever suite runs them (several processes on
// one database: PGlite belongs to the one process that opened it): DATABASE_URL's server in the
// PostgreSQL run, the machine's otherwise. Such tests skip, saying why, where none answers.
import pg from 'pg';
import { describe } from 'vitest';

export const POSTGRES_SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether POSTGRES_SERVER takes a connection now (read once, at the top of a test file). */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * `describe` where POSTGRES_SERVER answers (`reachable`, from postgresReachable()), otherwise a
 * skipped one whose name says why.
 */
export function describeWithPostgres(reachable: boolean, name: string, body: () => void): void {
  if (reachable) describe(name, body);
  else describe.skip(`${name} — skipped: no PostgreSQL server answers at ${POSTGRES_SERVER}`, body);
}
