// How the web server stops on SIGTERM or SIGINT (ADR 049): readiness answers 503 at once so a load
// balancer stops sending, the port stays open SHUTDOWN_DRAIN_MS longer for what it still sends,
// then it closes; requests in flight finish and the process exits 0. If that has not happened
// SHUTDOWN_GRACE_MS after the signal, it exits 1. Later signals change nothing (Ctrl-C reaches the
// whole process group and `npm start` sends its own SIGTERM).
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeEnvError, envNumber } from '@kifu/domain/env';
import { z } from 'zod';

export interface ShutdownSettings {
  graceMs: number;
  drainMs: number;
}

/** Described for docs/operations.md (`npm run docs:env`, ADR 051). */
export const shutdownVariables = z.object({
  SHUTDOWN_GRACE_MS: envNumber
    .pipe(z.number().int().positive())
    .default(25_000)
    .describe('On SIGTERM or SIGINT (ADR 049), how long requests in flight get to finish; past it the web server exits with status 1.'),
  SHUTDOWN_DRAIN_MS: envNumber.pipe(z.number().int().min(0)).default(0).meta({
    description:
      'After the signal, how long `GET /health/ready` answers 503 while requests are still taken, before the port closes. Shorter than `SHUTDOWN_GRACE_MS`.',
    production: 'behind a load balancer: its check interval times its unhealthy threshold (docs/deploy.md)',
  }),
});

/** The same two variables, with the same defaults, as the API's (docs/operations.md). */
export function shutdownSettings(env: Record<string, string | undefined>): ShutdownSettings {
  const result = shutdownVariables.safeParse({
    SHUTDOWN_GRACE_MS: env.SHUTDOWN_GRACE_MS || undefined,
    SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS || undefined,
  });
  if (!result.success) throw new Error(`Invalid web server configuration:\n${describeEnvError(result.error)}`);
  const { SHUTDOWN_GRACE_MS: graceMs, SHUTDOWN_DRAIN_MS: drainMs } = result.data;
  if (drainMs >= graceMs) throw new Error('Invalid web server configuration: SHUTDOWN_DRAIN_MS must be shorter than SHUTDOWN_GRACE_MS');
  return { graceMs, drainMs };
}

/**
 * Stops taking connections after `drainMs` and resolves once every request in flight has been
 * answered. A request arriving meanwhile on a kept-alive connection is still served, with
 * `Connection: close`.
 */
export async function closeGracefully(server: Server, drainMs: number): Promise<void> {
  server.prependListener('request', (_request, response) => {
    response.shouldKeepAlive = false;
  });
  await sleep(drainMs);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // close() drops the connections idle now; one whose answer is still being written becomes idle
  // later and would otherwise hold the close until its keep-alive timeout.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  server.closeIdleConnections();
  await closed;
  clearInterval(idle);
}

export function stopOnSignals(stop: () => Promise<void>, { graceMs }: ShutdownSettings): void {
  let stopping = false;
  const begin = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.info(`web: ${signal}, shutting down`);
    setTimeout(() => {
      process.stderr.write(`web: not shut down within SHUTDOWN_GRACE_MS (${graceMs} ms), exiting\n`);
      process.exit(1);
    }, graceMs).unref();
    stop().then(
      // Next and the shared page cache hold handles of their own (timers, Redis): exit rather than wait for them.
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`web: shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', begin);
  process.on('SIGINT', begin);
}
