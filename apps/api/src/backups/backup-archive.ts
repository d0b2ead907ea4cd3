// One backup is one .tar.gz file (ADR 047): a manifest, the database — PGlite's own dump of its
// folder or pg_dump's custom format — and the uploads folder when uploads are on local disk.
// Written and read with the system's tar, which every server has, so an operator can also list
// or unpack a backup by hand (`tar -tzf`, `tar -xzf`).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { RefusedError } from '../lib/run-cli';
import { runTool, TAR } from './run-tool';

const MANIFEST = 'kifu-backup.json';
export const PGLITE_DUMP = 'pglite.tar';
export const POSTGRES_DUMP = 'postgres.dump';
export const UPLOADS = 'uploads';

export type BackedUpDatabase = 'pglite' | 'postgres';

export interface Manifest {
  format: 'kifu-backup';
  version: 1;
  database: BackedUpDatabase;
  /** Whether the archive holds DATA_DIR/uploads (uploads on disk at backup time). */
  uploads: boolean;
  createdAt: string;
}

/** Sortable and free of characters some file systems refuse: 20261127T123005Z (UTC). */
export function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** kifu-backup-20261127T123005Z.tar.gz */
export function defaultArchiveName(now: Date): string {
  return `kifu-backup-${stamp(now)}.tar.gz`;
}

/**
 * A path the operator typed, from the folder they typed it in: npm runs our scripts in apps/api and
 * passes the caller's folder as INIT_CWD.
 */
export function operatorPath(path: string): string {
  return isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

export function hasFiles(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/** A fresh folder for the files of one run, removed by `remove()`. */
export function stagingFolder(path: string) {
  rmSync(path, { recursive: true, force: true });
  mkdirSync(path, { recursive: true });
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * Writes the archive from `staging` (which holds the database's dump) and, when given, the uploads
 * folder. It is written aside and renamed, so a failed backup never leaves a file that looks whole.
 */
export async function writeArchive(
  archive: string,
  staging: string,
  manifest: Omit<Manifest, 'format' | 'version' | 'uploads'>,
  uploadsDir: string | undefined,
): Promise<void> {
  const full: Manifest = { format: 'kifu-backup', version: 1, ...manifest, uploads: uploadsDir !== undefined };
  writeFileSync(join(staging, MANIFEST), `${JSON.stringify(full, null, 2)}\n`);
  const dump = manifest.database === 'pglite' ? PGLITE_DUMP : POSTGRES_DUMP;
  const partial = `${archive}.partial`;
  try {
    await runTool(TAR, ['-czf', partial, '-C', staging, MANIFEST, dump, ...(uploadsDir ? ['-C', dirname(uploadsDir), UPLOADS] : [])]);
    renameSync(partial, archive);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Unpacks the archive into `staging` and answers its manifest, refusing anything that is not a Kifu backup. */
export async function extractArchive(archive: string, staging: string): Promise<Manifest> {
  if (!existsSync(archive)) throw new RefusedError(`There is no backup at ${archive}.`);
  await runTool(TAR, ['-xzf', archive, '-C', staging]);
  const path = join(staging, MANIFEST);
  const manifest = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Partial<Manifest>) : {};
  if (manifest.format !== 'kifu-backup' || manifest.version !== 1)
    throw new RefusedError(`${archive} is not a backup made by npm run backup.`);
  return manifest as Manifest;
}

/**
 * Puts the restored folder `from` in place of `to`. What was there is set aside as
 * `<to>.replaced-<stamp>` rather than deleted (a restore with --force must not lose data the
 * operator meant to keep); answers that path, or undefined when there was nothing to keep.
 */
export function replaceFolder(from: string, to: string, now: Date): string | undefined {
  let kept: string | undefined;
  if (hasFiles(to)) {
    kept = `${to}.replaced-${stamp(now)}`;
    renameSync(to, kept);
  } else {
    rmSync(to, { recursive: true, force: true });
  }
  renameSync(from, to);
  return kept;
}
