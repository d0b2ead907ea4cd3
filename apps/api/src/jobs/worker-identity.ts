// A worker's id says which process it is and where that process can be seen from, so that a worker
// starting up can tell, for certain, that the holder of a running job is a process that no longer
// exists, and take its jobs at once rather than after their lease (ADR 054). "Where" is the pid
// namespace of one boot of one kernel: inside it a pid names one live process, and kill(pid, 0)
// says whether it exists. Neither the host name (containers with the host's network share it
// across pid namespaces) nor the pid alone (every container's first process is 1) says that.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';

/** This process's pid namespace in this boot, hashed; undefined where the system does not tell (not Linux). */
function pidScope(): string | undefined {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const namespace = readlinkSync('/proc/self/ns/pid');
    return createHash('sha256').update(`${boot} ${namespace}`).digest('hex').slice(0, 16);
  } catch {
    return undefined;
  }
}

export const PID_SCOPE = pidScope();

/** `worker-<pid>-<random>@<pid scope>`; without a scope, `worker-<pid>-<random>`: its jobs wait for their lease. */
export function newWorkerId(): string {
  return `worker-${process.pid}-${randomBytes(3).toString('hex')}${PID_SCOPE ? `@${PID_SCOPE}` : ''}`;
}

/**
 * Whether the worker `workerId` was another process, in this process's pid scope, that is gone.
 * False whenever that cannot be known: a worker elsewhere, or one of this very process (a pid now
 * ours may have been a predecessor's, but it may as well be another worker of ours).
 */
export function isGoneProcess(workerId: string): boolean {
  const match = /^worker-(\d+)-[0-9a-f]+@([0-9a-f]+)$/.exec(workerId);
  if (!match || !PID_SCOPE || match[2] !== PID_SCOPE) return false;
  const pid = Number(match[1]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
