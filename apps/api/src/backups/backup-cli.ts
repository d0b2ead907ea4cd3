// `npm run backup [-- <file>]`: the database and, with uploads on local disk, DATA_DIR/uploads in
// one .tar.gz file (ADR 047; docs/operations.md, "Backups"). The default name carries the UTC time,
// in the folder the command was run from. The embedded database is refused while the API runs.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { diskUploadsDir, loadConfig } from '../config/env';
import { RefusedError, runCli } from '../lib/run-cli';
import { defaultArchiveName, operatorPath, stagingFolder, writeArchive } from './backup-archive';
import { commandArguments } from './command-arguments';
import { databaseBackupFor } from './database-backup';

const USAGE = 'npm run backup [-- <file.tar.gz>]   (default: kifu-backup-<UTC time>.tar.gz here)';

await runCli(async () => {
  const { files, help } = commandArguments(USAGE, [], { min: 0, max: 1 });
  if (help) return;
  const config = loadConfig();
  const now = new Date();
  const archive = operatorPath(files[0] ?? defaultArchiveName(now));
  if (existsSync(archive)) throw new RefusedError(`${archive} already exists, and a backup never replaces a file: give another name.`);
  const database = databaseBackupFor(config);
  const uploads = config.UPLOAD_STORAGE === 'disk' && existsSync(diskUploadsDir(config)) ? resolve(diskUploadsDir(config)) : undefined;

  const release = await database.holdForBackup();
  let staging: ReturnType<typeof stagingFolder> | undefined;
  try {
    mkdirSync(dirname(archive), { recursive: true });
    staging = stagingFolder(`${archive}.staging`);
    await database.dump(staging.path);
    await writeArchive(archive, staging.path, { database: database.kind, createdAt: now.toISOString() }, uploads);
  } finally {
    staging?.remove();
    release();
  }
  const megabytes = (statSync(archive).size / 1024 / 1024).toFixed(1);
  console.info(`Backed up ${database.description}${uploads ? ` and the uploads in ${uploads}` : ''} to ${archive} (${megabytes} MB).`);
  if (config.UPLOAD_STORAGE === 's3')
    console.info("Uploads are in the S3 bucket (UPLOAD_STORAGE=s3), not in this file: keep the bucket's own backups or versioning.");
});
