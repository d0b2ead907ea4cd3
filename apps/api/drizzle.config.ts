import { defineConfig } from 'drizzle-kit';

// One schema, one migrations folder for PGlite and PostgreSQL (architecture.md §2 "data").
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
});
