// The operator's reset-code command beside the running server, as real processes on one DATA_DIR: the command
// uses the server's database and the server keeps answering; a second server refuses; after the server stops,
// the command runs a cluster of its own and stops it again.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ess-cli-test-'));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) await stopProcess(child);
  rmSync(dataDir, { recursive: true, force: true });
});

const findFreePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

// The embedded database in dataDir, whatever the calling shell has set (an empty URL would be refused).
const { DATABASE_URL, REDIS_URL, CABINET_CONTROLLER_URL, ...inherited } = process.env;
const env = (port: number) => ({
  ...inherited,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  SEED_DEMO: 'yes',
  WEB_DIST: '',
  LOG_LEVEL: 'warn',
});

const startServer = (port: number) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: env(port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
};

const stopProcess = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

const runResetCode = (port: number) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'reset-code', '100001'], {
    cwd: root,
    env: env(port),
    timeout: 60_000,
  });

const waitForHealth = async (base: string, server: { exited: Promise<unknown>; output: () => string }) => {
  let hasExited = false;
  void server.exited.then(() => {
    hasExited = true;
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && !hasExited) {
    const answer = await fetch(`${base}/healthz`).catch(() => undefined);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become healthy:\n${server.output()}`);
};

const signIn = async (base: string) => {
  const answer = await fetch(`${base}/api/Account/CheckLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userAccount: '100001',
      password: createHash('sha256').update('demo1234').digest('hex'),
    }),
  });
  return (await answer.json()) as { result: boolean; data: { token?: string } };
};

describe('reset-code beside the running server', () => {
  it('issues the code through the server’s cluster, which keeps serving; a second server refuses', async () => {
    const port = await findFreePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer(port);
    await waitForHealth(base, server);

    const { stdout } = await runResetCode(port);
    expect(stdout).toMatch(/reset code for 100001: \S+/);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const signedIn = await signIn(base);
    expect(signedIn.result).toBe(true);
    expect(signedIn.data.token).toBeTruthy();

    const second = startServer(await findFreePort());
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toBe(
      `[ess] another server is already running on this DATA_DIR (pid ${server.child.pid})`,
    );
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pg-owner'))).toBe(false);

    // No server: the command starts the cluster for itself and stops it when done.
    const alone = await runResetCode(port);
    expect(alone.stdout).toMatch(/reset code for 100001: \S+/);
    expect(existsSync(path.join(dataDir, 'pg-owner'))).toBe(false);
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    expect(existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : '').toBe('');
  }, 180_000);
});
