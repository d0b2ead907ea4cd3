// Runs a program of the machine (tar, pg_dump, pg_restore) for the backup commands, keeping its
// error output for the message when it fails.
import { spawn } from 'node:child_process';
import { RefusedError } from '../lib/run-cli';

export interface Tool {
  command: string;
  /** What to install when the command is missing, for the operator. */
  install: string;
}

export const TAR: Tool = { command: 'tar', install: "the system's tar (Debian: apt-get install tar)" };

export function runTool(tool: Tool, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new RefusedError(`${tool.command} was not found on PATH: install ${tool.install}.`) : error),
    );
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new RefusedError(`${tool.command} failed (${signal ?? `exit code ${code}`}):\n${stderr.trim()}`));
    });
  });
}
