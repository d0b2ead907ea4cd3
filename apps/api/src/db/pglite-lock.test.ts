import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockPgliteDir, pgliteLockPath, PgliteInUseError } from './pglite-lock';

let parent: string;
let dataDir: string;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'kifu-pglite-lock-'));
  dataDir = join(parent, 'pglite');
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

const lockFile = () => pgliteLockPath(dataDir);
const writeLock = (owner: object | string) =>
  writeFileSync(
    lockFile(),
    typeof owner === 'string' ? owner : JSON.stringify({ command: 'server.js', since: '2026-11-27T00:00:00.000Z', ...owner }),
  );
const owner = () => JSON.parse(readFileSync(lockFile(), 'utf8')) as { pid: number; host: string };

/** A pid that was just in use and is no more: a child that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('the lock of a PGlite folder', () => {
  it('sits beside the folder, names this process while held and is gone once released', () => {
    const release = lockPgliteDir(dataDir);
    expect(lockFile()).toBe(join(parent, 'pglite.lock'));
    expect(owner()).toMatchObject({ pid: process.pid, host: hostname() });
    release();
    expect(existsSync(lockFile())).toBe(false);
    lockPgliteDir(dataDir)();
  });

  it('is refused while another running process holds it, naming that process', () => {
    // Our parent (vitest or the shell) is running and is not us.
    writeLock({ pid: process.ppid, host: hostname() });
    expect(() => lockPgliteDir(dataDir)).toThrow(PgliteInUseError);
    expect(() => lockPgliteDir(dataDir)).toThrow(`in use by process ${process.ppid} (server.js, since 2026-11-27T00:00:00.000Z)`);
    expect(owner().pid).toBe(process.ppid);
  });

  it('is taken over when the process that held it is gone (killed, crashed)', () => {
    writeLock({ pid: deadPid(), host: hostname() });
    const release = lockPgliteDir(dataDir);
    expect(owner().pid).toBe(process.pid);
    release();
  });

  it('is taken over when it names this very pid: a restarted container runs node with the same pid', () => {
    writeLock({ pid: process.pid, host: hostname(), since: '2026-11-26T00:00:00.000Z' });
    lockPgliteDir(dataDir)();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('is refused when held on another host, whose processes cannot be seen from here', () => {
    writeLock({ pid: deadPid(), host: 'another-box' });
    expect(() => lockPgliteDir(dataDir)).toThrow('on host another-box');
  });

  it('is refused when the file cannot be read as an owner: it may be being written this instant', () => {
    writeLock('');
    expect(() => lockPgliteDir(dataDir)).toThrow(`in use by another process`);
    expect(() => lockPgliteDir(dataDir)).toThrow(`delete ${lockFile()}`);
  });

  it('is left alone by a release after another process took it over', () => {
    const release = lockPgliteDir(dataDir);
    writeLock({ pid: process.ppid, host: hostname() });
    release();
    expect(owner().pid).toBe(process.ppid);
  });
});
