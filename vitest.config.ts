// One runner for every test: server integration (real PostgreSQL), web components (jsdom), e2e (Chromium).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One pool per kind, running beside each other: the server's and the web app's files in two processes (most of
    // their time is spent waiting on a database or a timer, not on a core), the browser specs in one thread after
    // another (they share one server). Without this, vitest gives a 2-core machine a single worker for every file.
    poolOptions: {
      forks: { maxForks: 2, minForks: 1 },
      threads: { maxThreads: 1, minThreads: 1 },
    },
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time, in the pool of its own (poolOptions.threads above): the specs share one server.
          pool: 'threads',
        },
      },
    ],
  },
});
