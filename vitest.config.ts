import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves one core to its own process: a single worker on a 2-core machine. The suites wait on
    // the database and timers much of the time, so two workers there finish the API suites in about 60% of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          // A suite's beforeAll builds an app on a fresh database (migrations, the demo seed): over 60 s on two
          // cores kept busy by a CPU load. A cap, not a wait.
          hookTimeout: 180_000,
        },
      },
      'apps/web/vite.config.ts',
      { test: { name: 'scripts', root: 'scripts', include: ['*.test.mjs'], testTimeout: 60_000 } },
    ],
  },
});
