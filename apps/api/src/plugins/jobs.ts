// The job registry: features register their handlers and periodic jobs on `app.jobs`; the worker
// runs inside the API process when JOBS_IN_PROCESS is on (the default), and tests drive it with
// `app.jobs.worker.drain()`. It starts only once the server listens: a process that cannot bind
// its port exits, and must not have claimed (and locked) jobs on its way out (ADR 022). It listens
// for the NOTIFY every enqueue sends, so a queued job runs at once rather than at the next poll.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';
import { JOBS_CHANNEL } from '../jobs/enqueue-job';
import { JobWorker, type JobHandler, type PeriodicJob } from '../jobs/job-worker';
import { releaseJobsOfGoneWorkers } from '../jobs/release-jobs-of-gone-workers';

export interface JobRegistry {
  handle(kind: string, handler: JobHandler): void;
  /** Queues `kind` every `everyMs`, at `priority` (JOB_PRIORITY; default 0). */
  every(kind: string, everyMs: number, priority?: number): void;
  /** The kinds with a handler (the queue gauges show each, at zero when idle). */
  kinds(): string[];
  /** Built on ready, once every feature has registered. */
  worker: JobWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRegistry;
  }
}

export const jobsPlugin = fp<{ listen: DatabaseHandle['listen'] }>(async (app, { listen }) => {
  const handlers: Record<string, JobHandler> = {};
  const periodic: PeriodicJob[] = [];
  let worker: JobWorker | undefined;
  const registry: JobRegistry = {
    handle(kind, handler) {
      if (handlers[kind]) throw new Error(`job kind "${kind}" registered twice`);
      handlers[kind] = handler;
    },
    every(kind, everyMs, priority) {
      periodic.push({ kind, everyMs, priority });
    },
    kinds: () => Object.keys(handlers),
    get worker() {
      worker ??= new JobWorker(app.db, handlers, app.log, periodic, (kind, outcome) => app.metrics.jobsFinished.inc({ kind, outcome }), {
        leaseMs: app.config.JOB_LEASE_MS,
        heartbeatMs: app.config.JOB_HEARTBEAT_MS,
      });
      return worker;
    },
  };
  app.decorate('jobs', registry);
  let stopWorker: (() => Promise<void>) | undefined;
  app.addHook('onListen', async () => {
    if (app.config.JOBS_IN_PROCESS) stopWorker = await startJobWorker(app, listen);
  });
  app.addHook('onClose', async () => {
    await stopWorker?.();
    await worker?.stop();
  });
});

/**
 * Starts `app`'s worker with the configured poll, batch and concurrency, woken by the NOTIFY every
 * enqueue sends, after releasing the jobs that dead worker processes of this machine held (ADR 054);
 * answers how to stop both. The API starts it once it listens; `npm run worker`
 * (worker.ts) starts it in a process of its own.
 */
export async function startJobWorker(app: FastifyInstance, listen: DatabaseHandle['listen']): Promise<() => Promise<void>> {
  const { JOB_POLL_MS: pollMs, JOB_BATCH: batch, JOB_CONCURRENCY: concurrency } = app.config;
  const worker = app.jobs.worker;
  // A restart after a crash: what the dead process held is claimable at once, not after its lease.
  // Failing that, their leases still run out.
  await releaseJobsOfGoneWorkers(app.db).then(
    (released) => released > 0 && app.log.warn({ released }, 'released the running jobs of a worker process that is gone'),
    (error: unknown) => app.log.warn({ err: error }, 'the jobs of gone worker processes wait for their lease'),
  );
  worker.start({ pollMs, batch, concurrency });
  let unlisten: (() => Promise<void>) | undefined;
  try {
    unlisten = await listen(JOBS_CHANNEL, () => worker.wake());
  } catch (error) {
    app.log.warn({ err: error }, 'job wake-ups unavailable; the worker polls');
  }
  return async () => {
    await unlisten?.();
    await worker.stop();
  };
}
