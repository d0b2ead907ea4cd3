import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// One `npm test` runs every suite that needs no browser. `api` is the integration suite: it uses
// PGlite by default and the PostgreSQL server named by DATABASE_URL when that is set.
export default defineConfig({
  test: {
    projects: [
      // Checks of the tooling itself, e.g. that ESLint fails on a wrong-way import (ADR 027).
      {
        test: {
          name: 'tooling',
          root: 'scripts',
          include: ['**/*.test.ts'],
          setupFiles: ['./vitest-fail-on-console.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          setupFiles: ['../../scripts/vitest-fail-on-console.ts'],
          // Some rules are checked over every amount up to 20,000: seconds on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Several real processes on the machine's PostgreSQL and Redis: `npm run test:multi-instance`.
          exclude: [...configDefaults.exclude, 'test/multi-instance/**'],
          setupFiles: ['../../scripts/vitest-fail-on-console.ts'],
          // Each file builds its own app and database, and nothing here mocks a module: the files of
          // a worker share one module graph instead of importing the whole API again per file, which
          // was a third of the suite's time (README, "Test it").
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real HTTP and webhook deliveries: budgets for a busy machine, as for the api suite.
        test: {
          name: 'sandbox',
          root: 'apps/sandbox',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          setupFiles: ['../../scripts/vitest-fail-on-console.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // Same `@/` alias as apps/web/tsconfig.json.
        resolve: { alias: { '@': fileURLToPath(new URL('apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          setupFiles: ['../../scripts/vitest-fail-on-console.ts'],
          // next-intl imports 'next/navigation' without an extension, which only Vite's resolver finds.
          server: { deps: { inline: ['next-intl'] } },
        },
      },
    ],
  },
});
