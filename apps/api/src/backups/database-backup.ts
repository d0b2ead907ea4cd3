// What `npm run backup` and `npm run restore` need from each kind of database (ADR 047): the
// embedded PGlite is copied only while no other process holds it; a PostgreSQL server is dumped
// online by pg_dump and restored by pg_restore while nobody else is connected.
import type { Config } from '../config/env';
import type { BackedUpDatabase } from './backup-archive';
import { pgliteBackup } from './pglite-backup';
import { postgresBackup } from './postgres-backup';

export interface DatabaseBackup {
  kind: BackedUpDatabase;
  /** For messages: the folder or the database and server, never a password. */
  description: string;
  /** Waits for nothing: refuses at once when the database cannot be copied consistently now. Answers the release. */
  holdForBackup(): Promise<() => void>;
  /** Refuses at once while anything else uses the database. Answers the release. */
  holdForRestore(): Promise<() => void>;
  /** Whether a restore would overwrite data (it then needs --force). */
  hasData(): Promise<boolean>;
  /** Writes the database's dump into `staging` (backup-archive.ts names the file). */
  dump(staging: string): Promise<void>;
  /** Replaces the database with the dump in `staging`; answers where the old one was kept, if it was. */
  load(staging: string, now: Date): Promise<string | undefined>;
}

export function databaseBackupFor(config: Config): DatabaseBackup {
  return config.DATABASE_URL ? postgresBackup(config.DATABASE_URL) : pgliteBackup(config);
}
