// Once per e2e run: the built web app served by the real server on a fresh embedded database with demo data.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type FakeController, startFakeController } from '../apps/server/test/fake-controller';
import { type FakeWechat, startFakeWechat } from '../apps/server/test/fake-wechat';
import { E2E_SERVERS } from './servers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per server: its address and DATA_DIR (specs reach its embedded database there, e2e/test-data.ts). */
    servers: { baseUrl: string; dataDir: string }[];
    /** The fake WeCom the servers sign workers in with (POST /fake/sign-in-as names the phone's WeCom user). */
    fakeWecomUrl: string;
    /** Where a spec scripts the fake cabinet controller's next answers (POST a JSON array of modes). */
    fakeControllerControlUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** A server of the built app on a fresh embedded database with demo data; stop() ends it and removes its data. */
const startServer = async (fakeWecom: FakeWechat, controller: FakeController) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ess-e2e-'));
  const port = await freePort();
  let output = '';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'yes',
    // WeCom configured against a fake: only a browser saying it is WeCom's is signed in through it.
    WECOM_CORP_ID: 'ww-e2e-corp',
    WECOM_CORP_SECRET: 'e2e-secret',
    WECOM_AGENT_ID: '1000002',
    WECOM_API_BASE: fakeWecom.url,
    WECOM_OAUTH_BASE: fakeWecom.url,
    // And a WeChat official account against the same fake: WeChat's browser is signed in through it once bound.
    WECHAT_APP_ID: 'wx-e2e-app',
    WECHAT_APP_SECRET: 'e2e-app-secret',
    WECHAT_API_BASE: fakeWecom.url,
    // Cabinet commands go to a fake controller; the attendance system has none (its commands wait in the outbox).
    CABINET_CONTROLLER_URL: controller.url,
  };
  // Always the embedded database, whatever the calling shell has set (the server refuses an empty URL, so the
  // variables are removed rather than blanked).
  delete env.DATABASE_URL;
  delete env.ATTENDANCE_SYSTEM_URL;
  delete env.REDIS_URL;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited during start:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`the server did not start in 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, dataDir, stop };
};

/**
 * Once per e2e run: E2E_SERVERS servers, started together. Each browser thread uses one (its VITEST_POOL_ID), so
 * two specs never share a server, and each server sees its specs one after another as before.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  }
  const fakeWecom = await startFakeWechat({ delayMs: 5 });
  const controller = await startFakeController();
  const closeFakes = () => Promise.all([fakeWecom.close(), controller.close()]);
  const started = await Promise.allSettled(
    Array.from({ length: E2E_SERVERS }, () => startServer(fakeWecom, controller)),
  );
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    await closeFakes();
    throw failed.reason;
  }
  project.provide(
    'servers',
    servers.map(({ baseUrl, dataDir }) => ({ baseUrl, dataDir })),
  );
  project.provide('fakeWecomUrl', fakeWecom.url);
  project.provide('fakeControllerControlUrl', controller.controlUrl);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await closeFakes();
  };
}
