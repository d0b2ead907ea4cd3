import { ConfigError } from '../config/env';

/**
 * A command that will not do what was asked, for a reason the person running it can act on (the
 * database is in use, the target is not empty): its message is the whole story, without a stack.
 */
export class RefusedError extends Error {
  override name = 'RefusedError';
}

/** Runs a command-line task: a failure is printed once to stderr and the exit status is 1. */
export async function runCli(task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch (error) {
    // A bad environment or a refusal is the user's to fix, so its message is enough; anything else needs the stack.
    const text = error instanceof ConfigError || error instanceof RefusedError ? error.message : describeError(error);
    process.stderr.write(`${text}\n`);
    process.exitCode = 1;
  }
}

/** The stack with its chain of causes (drizzle wraps the driver's error as `cause`). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const own = error.stack ?? error.message;
  return error.cause === undefined ? own : `${own}\nCaused by: ${describeError(error.cause)}`;
}
