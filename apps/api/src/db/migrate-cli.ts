// `npm run db:migrate -w @kifu/api`: applies pending migrations to the configured database.
import { loadConfig } from '../config/env';
import { runCli } from '../lib/run-cli';
import { createDatabase } from './client';
import { migrateDatabase } from './migrate';

await runCli(async () => {
  const handle = await createDatabase(loadConfig());
  try {
    await migrateDatabase(handle);
    console.info(`Migrated the ${handle.kind} database.`);
  } finally {
    await handle.close();
  }
});
