import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { API_ROOT } from '../lib/api-root';
import type { DatabaseHandle } from './client';

/**
 * The generated SQL of drizzle-kit (drizzle.config.ts `out`), shared by both drivers; read from the
 * sources in either mode (the bundle in dist/ does not copy it).
 */
export const MIGRATIONS_FOLDER = join(API_ROOT, 'src/db/migrations');

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const options = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, options);
  else await migrateNodePostgres(handle.db as unknown as NodePgDatabase, options);
}
