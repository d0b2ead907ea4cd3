// SIGTERM (an orchestrator stopping a box, a rolling deploy) and SIGINT (Ctrl-C, `npm start`
// stopping its parts) end a process gracefully (ADR 049): `stop` runs once, on the first signal;
// a later signal changes nothing (a terminal's Ctrl-C reaches every process of the group, and
// `npm start` then sends its own SIGTERM: neither may cut the first shutdown short, or PGlite
// would be left unclosed). The process then ends on its own, with status 0, once everything it
// held is closed; if that has not happened `graceMs` after the signal, it exits with status 1.
import type { FastifyBaseLogger } from 'fastify';
import { runCli } from './run-cli';

export interface GracefulShutdown {
  log: FastifyBaseLogger;
  /** SHUTDOWN_GRACE_MS. */
  graceMs: number;
  /** Stops taking work, finishes what is in hand, closes what the process holds. */
  stop: (signal: NodeJS.Signals) => Promise<void>;
}

export function shutDownOnSignals({ log, graceMs, stop }: GracefulShutdown): void {
  let stopping = false;
  let stopped = false;
  const begin = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.info({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    // Unreferenced: a process that closed everything ends without waiting for this timer.
    setTimeout(() => {
      log.error(
        { graceMs },
        stopped
          ? 'shut down, but something still holds the process open: exiting'
          : 'shutdown not finished within SHUTDOWN_GRACE_MS: exiting',
      );
      process.exit(1);
    }, graceMs).unref();
    void runCli(async () => {
      await stop(signal);
      stopped = true;
    });
  };
  process.on('SIGTERM', begin);
  process.on('SIGINT', begin);
}
