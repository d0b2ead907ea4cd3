import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle, Schema } from './client';

/** The generated SQL of drizzle-kit (drizzle.config.ts `out`), shared by both drivers. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const options = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, options);
  else await migrateNodePostgres(handle.db as unknown as NodePgDatabase<Schema>, options);
}
