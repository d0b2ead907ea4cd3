// A real Node process running one of the API's TypeScript entry points (as `npm start` does, through
// tsx), for tests about what a process leaves behind when it exits or is killed.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const API_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface TestChild {
  process: ChildProcess;
  /** Everything the child wrote to stderr so far. */
  stderr(): string;
  /** Everything it wrote to stdout so far (its log lines). */
  stdout(): string;
  /** Resolves with the exit code (null when a signal ended it) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs `entry` (relative to `cwd`, apps/api unless given; a .ts file through tsx, a bundle as is) with `env` over this process's environment
 * (undefined removes a variable).
 */
export function startChild(entry: string, env: Record<string, string | undefined>, cwd = API_ROOT): TestChild {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  // A built bundle (dist/*.js, ADR 044) runs as production runs it; a TypeScript entry through tsx.
  const args = entry.endsWith('.js') ? ['--enable-source-maps', entry] : ['--import', 'tsx', entry];
  const child = spawn(process.execPath, args, { cwd, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let stdout = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { process: child, stderr: () => stderr, stdout: () => stdout, exited };
}

export const stillRunning = (child: TestChild) => child.process.exitCode === null && child.process.signalCode === null;

/** A test file's clean-up: kills what is still running of `children` and waits until all have exited. */
export async function killAll(children: TestChild[]): Promise<void> {
  for (const child of children.filter(stillRunning)) child.process.kill('SIGKILL');
  await Promise.all(children.map((child) => child.exited));
}

/** A port nothing listens on now, for a child to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
