import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
