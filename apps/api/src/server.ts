// Boot: config → database → migrations → demo data on an empty database → listen. SIGINT and
// SIGTERM close the app and then the database (PGlite must be closed to flush its files).
import { buildApp } from './app';
import { loadConfig } from './config/env';
import { createDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { runCli } from './lib/run-cli';
import { seedDemoData } from './seed/seed-demo-data';

await runCli(async () => {
  const config = loadConfig();
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

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  };
  process.once('SIGINT', (signal) => void runCli(() => shutdown(signal)));
  process.once('SIGTERM', (signal) => void runCli(() => shutdown(signal)));
});
