// `npm run db:seed -w @kifu/api`: migrates, then seeds the demo data into an empty database.
import { loadConfig } from '../config/env';
import { createDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { runCli } from '../lib/run-cli';
import { seedDemoData } from './seed-demo-data';

await runCli(async () => {
  const handle = await createDatabase(loadConfig());
  try {
    await migrateDatabase(handle);
    const graph = await seedDemoData(handle.db);
    console.info(
      graph
        ? `Seeded ${graph.associates.length} associates, ${graph.campaigns.length} campaigns, ${graph.portfolios.length} portfolios and ${graph.donations.length} donations.`
        : 'The database already has data; nothing was seeded.',
    );
  } finally {
    await handle.close();
  }
});
