// `npm run restore -- <file> [--force]`: puts back what `npm run backup` saved (ADR 047;
// docs/operations.md, "Backups"). Refused while anything else uses the database, and onto a database
// that holds data unless --force: then the embedded database's old folders are set aside, not deleted.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { diskUploadsDir, loadConfig } from '../config/env';
import { RefusedError, runCli } from '../lib/run-cli';
import { extractArchive, hasFiles, operatorPath, replaceFolder, stagingFolder, UPLOADS } from './backup-archive';
import { commandArguments } from './command-arguments';
import { databaseBackupFor } from './database-backup';

const USAGE = 'npm run restore -- <file.tar.gz> [--force]   (--force: replace a database that holds data)';

await runCli(async () => {
  const { files, flags, help } = commandArguments(USAGE, ['force'], { min: 1, max: 1 });
  if (help) return;
  const config = loadConfig();
  const now = new Date();
  const archive = operatorPath(files[0]!);
  const database = databaseBackupFor(config);
  const uploads = resolve(diskUploadsDir(config));

  // On a new machine too: the embedded database's lock and the staging folder live in it.
  mkdirSync(config.DATA_DIR, { recursive: true });
  const release = await database.holdForRestore();
  let staging: ReturnType<typeof stagingFolder> | undefined;
  const kept: string[] = [];
  try {
    // Beside what it replaces, so that putting the restored folders in place is a rename.
    staging = stagingFolder(join(config.DATA_DIR, `.restore-${process.pid}`));
    const manifest = await extractArchive(archive, staging.path);
    if (manifest.database !== database.kind)
      throw new RefusedError(
        manifest.database === 'pglite'
          ? `${archive} is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.`
          : `${archive} is a backup of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.`,
      );
    const restoresUploads = manifest.uploads;
    if (!flags.has('force') && ((await database.hasData()) || (restoresUploads && hasFiles(uploads))))
      throw new RefusedError(
        `Restoring would replace ${database.description}${restoresUploads ? ` and ${uploads}` : ''}, which already hold data: ` +
          'run again with --force to do so (npm run restore -- <file> --force).',
      );
    const keptDatabase = await database.load(staging.path, now);
    if (keptDatabase) kept.push(keptDatabase);
    if (restoresUploads) {
      const keptUploads = replaceFolder(join(staging.path, UPLOADS), uploads, now);
      if (keptUploads) kept.push(keptUploads);
    }
    console.info(
      `Restored ${database.description}${restoresUploads ? ` and ${uploads}` : ''} from ${archive} (made ${manifest.createdAt}).`,
    );
  } finally {
    staging?.remove();
    release();
  }
  if (kept.length)
    console.info(`What was there before is kept in ${kept.join(' and ')}: delete it once you have checked the restored data.`);
});
