// Boot: config → database → migrations → demo data on an empty database → listen. SIGINT and
// SIGTERM stop it gracefully (ADR 049): in-flight requests and jobs finish, then the database
// closes (PGlite must be closed to flush its files).
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config/env';
import { createDatabase, type DatabaseHandle } from './db/client';
import { flushErrorReporting, startErrorReporting } from './lib/error-reporting';
import { migrateDatabase } from './db/migrate';
import { shutDownOnSignals } from './lib/graceful-shutdown';
import { runCli } from './lib/run-cli';
import { seedDemoData } from './seed/seed-demo-data';

await runCli(async () => {
  const config = loadConfig();
  // Before the app is built: the SDK traces the Fastify instance it sees created (ADR 050).
  await startErrorReporting(config, 'api');
  const database = await createDatabase(config);
  const app = await buildApp({ config, database });
  try {
    await migrateDatabase(database);
    if (config.SEED_DEMO_DATA) {
      const graph = await seedDemoData(database.db);
      if (graph) app.log.info({ associates: graph.associates.length, campaigns: graph.campaigns.length }, 'seeded demo data');
    }
    await app.listen({ port: config.API_PORT, host: config.API_HOST });
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
  console.info(`API listening on http://${config.API_HOST}:${config.API_PORT}`);

  shutDownOnSignals({ log: app.log, graceMs: config.SHUTDOWN_GRACE_MS, stop: (signal) => stopApi(app, database, signal) });
});

/**
 * Readiness fails at once (the load balancer stops sending) and the in-process job worker claims
 * nothing more; after SHUTDOWN_DRAIN_MS the port closes, requests in flight finish, then the jobs in
 * hand, and the database closes last, since both may still write to it.
 */
async function stopApi(app: FastifyInstance, database: DatabaseHandle, signal: NodeJS.Signals): Promise<void> {
  const drainMs = app.config.SHUTDOWN_DRAIN_MS;
  app.log.info({ signal, drainMs }, 'shutting down: finishing the requests and jobs in hand');
  app.readiness.beginShutdown();
  const jobsInHand = app.jobs.worker.stop();
  await sleep(drainMs);
  // close() drops the connections idle at that moment; one whose last answer was still going out
  // goes idle later and would hold the port open until its keep-alive timeout (72 s in Fastify).
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
  }
  await jobsInHand;
  await database.close();
  await flushErrorReporting();
  app.log.info('shut down');
}
