// `npm run worker`: the durable job worker in a process of its own (ADR 038, docs/deploy.md),
// any number of them beside API processes started with JOBS_IN_PROCESS=false; claiming with SKIP
// LOCKED keeps them from running a job twice. It builds the app for its job handlers but serves no
// API, and needs the PostgreSQL server (DATABASE_URL): the embedded PGlite belongs to the one
// process that opened it. SIGINT or SIGTERM lets the jobs in hand finish, then closes (ADR 049);
// WORKER_HEALTH_PORT gives it GET /health/live and /health/ready, WORKER_METRICS_PORT GET /metrics
// (ADR 048: the jobs' counters live in this process). SENTRY_DSN reports the jobs that give up (ADR 050).
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { createDatabase } from './db/client';
import { startWorkerHealthServer } from './health/worker-health-server';
import { flushErrorReporting, startErrorReporting } from './lib/error-reporting';
import { shutDownOnSignals } from './lib/graceful-shutdown';
import { runCli } from './lib/run-cli';
import { serveWorkerMetrics } from './metrics/worker-metrics-server';
import { startJobWorker } from './plugins/jobs';

await runCli(async () => {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL: the embedded database is open in the API process. With the embedded database, the API runs the jobs itself (JOBS_IN_PROCESS).',
    );
  }
  await startErrorReporting(config, 'worker');
  const database = await createDatabase(config);
  // It serves no requests, so it counts no limits: no Redis, and readiness does not wait for it.
  const app = await buildApp({ config: { ...config, JOBS_IN_PROCESS: false, REDIS_URL: undefined }, database });
  await app.ready();
  const health = config.WORKER_HEALTH_PORT
    ? await startWorkerHealthServer(app.readiness, { port: config.WORKER_HEALTH_PORT, host: config.API_HOST })
    : undefined;
  const metricsServer = config.WORKER_METRICS_PORT ? await serveWorkerMetrics(app, config.WORKER_METRICS_PORT, config.API_HOST) : undefined;
  const stop = await startJobWorker(app, database.listen);
  app.log.info({ health: health?.url, metrics: metricsServer?.url }, 'job worker running');
  console.info('Job worker running (SIGTERM or Ctrl-C to stop)');

  shutDownOnSignals({
    log: app.log,
    graceMs: config.SHUTDOWN_GRACE_MS,
    stop: async (signal) => {
      app.log.info({ signal }, 'worker stopping after the jobs in hand');
      app.readiness.beginShutdown();
      await stop();
      await health?.close();
      await metricsServer?.close();
      await app.close();
      await database.close();
      await flushErrorReporting();
    },
  });
});
