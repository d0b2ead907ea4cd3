// The embedded database's side of backups (ADR 047). A PGlite folder belongs to the one process
// that opened it, and its files are not a consistent copy while that process writes: so both
// commands take the folder's lock (pglite-lock.ts) and refuse while the API, a worker or a seed
// holds it. With the lock, PGlite itself dumps the folder and loads it back (dumpDataDir and
// loadDataDir), which also proves that a backup opens and that a restored copy does.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pgliteDir, type Config } from '../config/env';
import { openPglite } from '../db/client';
import { lockPgliteDir } from '../db/pglite-lock';
import { RefusedError } from '../lib/run-cli';
import { hasFiles, PGLITE_DUMP, replaceFolder } from './backup-archive';
import type { DatabaseBackup } from './database-backup';

export function pgliteBackup(config: Pick<Config, 'DATA_DIR'>): DatabaseBackup {
  const dataDir = resolve(pgliteDir(config));
  return {
    kind: 'pglite',
    description: `the embedded database ${dataDir}`,
    async holdForBackup() {
      // PG_VERSION is the first file PostgreSQL writes in a data folder: without it there is nothing to copy.
      if (!existsSync(join(dataDir, 'PG_VERSION')))
        throw new RefusedError(`There is no embedded database at ${dataDir} (DATA_DIR=${config.DATA_DIR}): nothing to back up.`);
      return lockPgliteDir(dataDir);
    },
    async holdForRestore() {
      return lockPgliteDir(dataDir);
    },
    async hasData() {
      return hasFiles(dataDir);
    },
    async dump(staging) {
      const handle = await openPglite({ dataDir });
      try {
        // Uncompressed: the archive is gzipped as a whole.
        const dump = await handle.client.dumpDataDir('none');
        writeFileSync(join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await handle.close();
      }
    },
    async load(staging, now) {
      const restored = join(staging, 'pglite');
      const handle = await openPglite({ dataDir: restored, loadDataDir: new Blob([readFileSync(join(staging, PGLITE_DUMP))]) });
      try {
        await handle.client.query('select 1');
      } finally {
        await handle.close();
      }
      return replaceFolder(restored, dataDir, now);
    },
  };
}
