// `npm run test:multi-instance`: Kifu as several processes of each kind against one PostgreSQL and
// one Redis (apps/api/test/multi-instance). Apart from `npm test` because it needs the web build, the
// machine's PostgreSQL server and Redis, and starts six processes.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'multi-instance',
    root: 'apps/api',
    include: ['test/multi-instance/**/*.test.ts'],
    setupFiles: ['../../scripts/vitest-fail-on-console.ts'],
    // The tests run in order against the processes started once.
    fileParallelism: false,
    testTimeout: 180_000,
  },
});
