// A PostgreSQL server's side of backups (ADR 047): pg_dump in its custom format reads one
// consistent snapshot while the API keeps running; pg_restore loads it back, in one transaction,
// only while no other session is connected (the API and workers are stopped).
import { join } from 'node:path';
import pg from 'pg';
import { RefusedError } from '../lib/run-cli';
import { POSTGRES_DUMP } from './backup-archive';
import type { DatabaseBackup } from './database-backup';
import { runTool, type Tool } from './run-tool';

const CLIENT_TOOLS = "PostgreSQL's client tools of your server's major version or newer (Debian: apt-get install postgresql-client)";
const PG_DUMP: Tool = { command: 'pg_dump', install: CLIENT_TOOLS };
const PG_RESTORE: Tool = { command: 'pg_restore', install: CLIENT_TOOLS };

/**
 * The URL without its password, which goes to the tools in PGPASSWORD instead: a command line is
 * visible to every user of the machine (ps).
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

export function postgresBackup(url: string): DatabaseBackup {
  const parsed = new URL(url);
  const { dbname, env } = connection(url);
  const description = `the PostgreSQL database ${decodeURIComponent(parsed.pathname.slice(1))} on ${parsed.host}`;
  return {
    kind: 'postgres',
    description,
    // pg_dump's snapshot is consistent while the API writes: nothing to stop.
    async holdForBackup() {
      return () => {};
    },
    async holdForRestore() {
      const [others] = await query<{ count: number }>(
        url,
        'select count(*)::int as count from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      if (others!.count > 0)
        throw new RefusedError(
          `${others!.count} other session(s) are connected to ${description}. ` +
            'Stop the Kifu API and workers (everything that uses DATABASE_URL), then run the restore again.',
        );
      return () => {};
    },
    async hasData() {
      const [tables] = await query<{ count: number }>(
        url,
        "select count(*)::int as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
      );
      return tables!.count > 0;
    },
    async dump(staging) {
      await runTool(PG_DUMP, ['--format=custom', `--file=${join(staging, POSTGRES_DUMP)}`, `--dbname=${dbname}`], env);
    },
    async load(staging) {
      // The tables are dropped and made again from the dump (--clean) rather than set aside: pg_dump
      // the database first to keep it. Owners and grants are left out, so that a backup restores
      // onto another server whose roles differ; --single-transaction leaves the database as it was if anything fails.
      await runTool(
        PG_RESTORE,
        [
          '--clean',
          '--if-exists',
          '--no-owner',
          '--no-acl',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${dbname}`,
          join(staging, POSTGRES_DUMP),
        ],
        env,
      );
      return undefined;
    },
  };
}
