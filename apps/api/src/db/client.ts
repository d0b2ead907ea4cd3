// One schema, two drivers (architecture.md §2 "data"): embedded PGlite under DATA_DIR by default,
// node-postgres when DATABASE_URL is set. Callers only see `Database`, the common Drizzle type.
import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pgliteDir, type Config } from '../config/env';
import { lockPgliteDir } from './pglite-lock';

/**
 * Without the schema's relational query API (`db.query.<table>`), which Kifu does not use: given
 * the schema, Drizzle builds a query builder for each of its tables whenever it makes a database
 * object, and it makes one for every transaction (about 50 µs each; ADR 081).
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
  /**
   * Calls `onNotify` on each NOTIFY on `channel` (a fixed identifier of ours, never user input),
   * which PostgreSQL delivers when the notifying transaction commits; answers the way to stop.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
}

/** Matches the `casing` of drizzle.config.ts: `nameEn` is the column `name_en`. No `schema`: see Database. */
const drizzleOptions = { casing: 'snake_case' } as const;

/** The configured database; the PGlite folder is locked for this process until `close()` (pglite-lock.ts). */
export async function createDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  const dataDir = pgliteDir(config);
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockPgliteDir(dataDir);
  try {
    const handle = await openPglite({ dataDir });
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** The PGlite handle keeps its client, e.g. for `dumpDataDir()`. */
export interface PgliteHandle extends DatabaseHandle {
  client: PGlite;
}

/** Without `dataDir` the database lives in memory (tests load a template with `loadDataDir`). */
export async function openPglite(options: PGliteOptions = {}): Promise<PgliteHandle> {
  const client = await PGlite.create(options);
  const db = drizzlePglite({ client, ...drizzleOptions }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    client,
    close: () => client.close(),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, (payload) => onNotify(payload));
      return () => stop();
    },
  };
}

export function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString });
  // An idle connection the server drops (a restart, a failover) is an 'error' on the pool, which
  // would end the process unheard. The pool forgets that connection and opens another for the next
  // query; meanwhile queries fail and GET /health/ready says so (ADR 049).
  pool.on('error', () => undefined);
  const db = drizzleNodePostgres({ client: pool, ...drizzleOptions }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    // A connection of its own, held while listening: a pooled one would lose its LISTEN when returned.
    listen: async (channel, onNotify) => {
      const client = await pool.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      // A dropped connection ends the wake-ups only; the worker's polling still finds every job.
      client.on('error', () => undefined);
      await client.query(`LISTEN ${channel}`);
      return async () => {
        await client.query(`UNLISTEN ${channel}`).catch(() => undefined);
        client.release();
      };
    },
  };
}
