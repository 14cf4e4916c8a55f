// One runner for every test: server integration (real PostgreSQL), web components (jsdom), e2e (Chromium), and the
// operations proofs (ops: a release run alone, the CLI, backups restored, starts and stops, two instances behind
// nginx, the calls' latency beside a large upload), which start clusters and processes of their own or time what a
// quiet machine does, and run by `npm run test:ops` (CI runs both).
import { defineConfig } from 'vitest/config';
import { E2E_SERVERS } from './e2e/servers';

/**
 * The operations proofs: each starts PostgreSQL clusters, servers or npm of its own, or (upload beside calls)
 * measures latency, which only means something on a machine that runs nothing else.
 */
const OPS_FILES = [
  'apps/server/src/modules/imports/upload-beside-calls.test.ts',
  'apps/server/src/release.test.ts',
  'apps/server/src/cli.test.ts',
  'apps/server/src/start-stop.test.ts',
  'apps/server/src/start-checks.test.ts',
  'apps/server/src/topology.test.ts',
  'apps/server/src/db/embedded.test.ts',
  'apps/server/src/ops/backup-restore.test.ts',
];

/**
 * expect.poll waits on what a user sees; its 1 s default failed tests that were passing, only slowly, while the
 * browser specs and the server's files share two cores. A test still fails at once on a wrong final answer.
 */
export const POLL = { timeout: 15_000, interval: 50 };

const serverProject = (name: string, files: { include: string[]; exclude?: string[] }) => ({
  test: {
    name,
    environment: 'node',
    ...files,
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    expect: { poll: POLL },
  },
});

export default defineConfig({
  test: {
    // Two pools running beside each other: the server's and the web app's files one after another in a process of
    // their own, and the browser specs one after another in a thread (a spec finds its server by the thread's
    // VITEST_POOL_ID, e2e/harness.ts). Without this, vitest gives a 2-core machine a single worker for every file;
    // more than one file per pool outran the cores: the browser specs' waits then timed out.
    poolOptions: {
      forks: { maxForks: 1, minForks: 1 },
      threads: { maxThreads: E2E_SERVERS, minThreads: 1 },
    },
    projects: [
      serverProject('server', {
        include: ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
        exclude: OPS_FILES,
      }),
      serverProject('ops', { include: OPS_FILES }),
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: POLL },
          pool: 'threads',
        },
      },
    ],
  },
});
