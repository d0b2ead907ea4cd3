// `npm run worker`: the durable job worker in a process of its own (issue 16, "More than one box"),
// any number of them beside API processes started with JOBS_IN_PROCESS=false; claiming with SKIP
// LOCKED keeps them from running a job twice. It builds the app for its job handlers but serves no
// HTTP, and needs the PostgreSQL server (DATABASE_URL): the embedded PGlite belongs to the one
// process that opened it. SIGINT or SIGTERM lets the jobs in hand finish, then closes. With
// WORKER_METRICS_PORT it answers GET /metrics there (ADR 048): the jobs' counters live in this process.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { createDatabase } from './db/client';
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
  const database = await createDatabase(config);
  const app = await buildApp({ config: { ...config, JOBS_IN_PROCESS: false }, database });
  await app.ready();
  const metricsServer = config.WORKER_METRICS_PORT ? await serveWorkerMetrics(app, config.WORKER_METRICS_PORT, config.API_HOST) : undefined;
  const stop = await startJobWorker(app, database.listen);
  app.log.info({ metrics: metricsServer?.url }, 'job worker running');
  console.info('Job worker running (SIGTERM or Ctrl-C to stop)');

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'worker stopping after the jobs in hand');
    await stop();
    await metricsServer?.close();
    await app.close();
    await database.close();
  };
  process.once('SIGINT', (signal) => void runCli(() => shutdown(signal)));
  process.once('SIGTERM', (signal) => void runCli(() => shutdown(signal)));
});
