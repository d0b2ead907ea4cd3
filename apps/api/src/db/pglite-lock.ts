// One process at a time may open a PGlite data directory: two would each run their own PostgreSQL
// over the same files and corrupt them, and a copy taken while one writes is not consistent
// (ADR 047). PGlite's own postmaster.pid names a fake process (-42) and outlives a crash, so it
// cannot say whether anyone still holds the folder; this lock file names the real process, as
// PostgreSQL's postmaster.pid does on a server, and a lock whose process is gone is taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename } from 'node:path';
import { RefusedError } from '../lib/run-cli';

interface LockOwner {
  pid: number;
  host: string;
  /** The script that holds it, e.g. server.js or backup-cli.ts: tells the operator what to stop. */
  command: string;
  since: string;
}

/** Beside the data directory, not in it: a backup of the folder must not carry the lock. */
export function pgliteLockPath(dataDir: string): string {
  return `${dataDir.replace(/\/+$/, '')}.lock`;
}

/** The lock's owner; null when there is no lock file, undefined when it cannot be read as one. */
function readOwner(path: string): LockOwner | null | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    if (typeof owner.pid === 'number' && typeof owner.host === 'string') return owner as LockOwner;
  } catch {
    // Half written by a process taking it this instant, or damaged: undefined says which we cannot tell.
  }
  return undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the lock's process is gone. Only on this host can we look; a lock left by this very pid
 * is from an earlier life of a restarted container (node as PID 1), since one process opens a
 * folder once.
 */
function isStale(owner: LockOwner): boolean {
  return owner.host === hostname() && (owner.pid === process.pid || !isRunning(owner.pid));
}

export class PgliteInUseError extends RefusedError {
  override name = 'PgliteInUseError';
}

function inUse(dataDir: string, path: string, owner: LockOwner | undefined): PgliteInUseError {
  const who = owner
    ? `process ${owner.pid}${owner.host === hostname() ? '' : ` on host ${owner.host}`} (${owner.command}, since ${owner.since})`
    : 'another process';
  return new PgliteInUseError(
    `The embedded database ${dataDir} is in use by ${who}, and only one process at a time may open it. ` +
      `Stop that process (the Kifu API: Ctrl-C on npm start, or stop its service) or let it finish, and try again. ` +
      `If no Kifu process is running, delete ${path}.`,
  );
}

/**
 * Takes the data directory for this process, or throws a PgliteInUseError naming its holder.
 * Answers the release, which removes the lock only while it is still ours.
 */
export function lockPgliteDir(dataDir: string): () => void {
  const path = pgliteLockPath(dataDir);
  const mine: LockOwner = {
    pid: process.pid,
    host: hostname(),
    command: basename(process.argv[1] ?? 'node'),
    since: new Date().toISOString(),
  };
  // Two rounds: the second follows the removal of a stale lock.
  for (let round = 0; round < 2; round++) {
    try {
      // 'wx' creates the file or fails if it exists, in one step: two starting processes cannot both win.
      writeFileSync(path, JSON.stringify(mine), { flag: 'wx' });
      return () => {
        const owner = readOwner(path);
        if (owner?.pid === mine.pid && owner.since === mine.since) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(path);
    if (owner === null) continue; // released between our two steps
    // An unreadable lock may be one being written this instant: never take it over.
    if (!owner || !isStale(owner)) throw inUse(dataDir, path, owner);
    rmSync(path, { force: true });
  }
  throw inUse(dataDir, path, readOwner(path) ?? undefined);
}
