// The test app's database where a child process can open it too, for the tests that kill a process
// midway (kill -9) and restart: PGlite is copied to a data directory (one process at a time uses
// it); PostgreSQL is shared by its URL. `reopen` is the restarted API over that database.
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { buildApp } from '../../src/app';
import { openPglite, openPostgres, type DatabaseHandle, type PgliteHandle } from '../../src/db/client';
import type { TestApp } from './build-test-app';

export interface SharedDatabase {
  /** What the child's environment needs to open the same database. */
  env: Record<string, string | undefined>;
  reopen(): Promise<{ app: FastifyInstance; database: DatabaseHandle }>;
}

export async function shareDatabase(t: TestApp, dataDir: string): Promise<SharedDatabase> {
  const open = async (database: DatabaseHandle) => {
    const app = await buildApp({ config: { ...t.config, DATA_DIR: dataDir }, database });
    await app.ready();
    return { app, database };
  };
  if (t.database.kind === 'postgres') {
    const url = t.config.DATABASE_URL!;
    return { env: { DATABASE_URL: url }, reopen: () => open(openPostgres(url)) };
  }
  const pgliteDir = join(dataDir, 'pglite');
  const copy = await openPglite({ dataDir: pgliteDir, loadDataDir: await (t.database as PgliteHandle).client.dumpDataDir('none') });
  await copy.close();
  return { env: { DATABASE_URL: undefined, DATA_DIR: dataDir }, reopen: async () => open(await openPglite({ dataDir: pgliteDir })) };
}
