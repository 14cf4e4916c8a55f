// The server and its commands as real processes, started the way an operator starts them, with their output kept:
// for the tests of starting, stopping, supervising and the operator's commands.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../../..');

export const findFreePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

// The settings under test only, whatever the calling shell has set (an empty URL would be refused).
const { DATABASE_URL, REDIS_URL, CABINET_CONTROLLER_URL, SECRET_KEY, PREVIOUS_SECRET_KEYS, ...inherited } = process.env;

/** A server's environment: loopback, the API alone, quiet; `env` adds DATA_DIR, PORT and the rest. */
export const serverEnv = (env: Record<string, string>) => ({
  ...inherited,
  HOST: '127.0.0.1',
  WEB_DIST: '',
  LOG_LEVEL: 'warn',
  ...env,
});

export type ServerProcess = {
  child: ChildProcess;
  /** The exit code, or the signal's name. */
  exited: Promise<number | string | null>;
  hasExited: () => boolean;
  output: () => string;
};

/**
 * `node --import tsx apps/server/src/main.ts` by default; `command` for `npm start` and the like; `hasInput` keeps
 * its stdin open for the test to type into.
 */
export const spawnServer = (
  env: Record<string, string>,
  {
    command = [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'],
    detached = false,
    hasInput = false,
  } = {},
): ServerProcess => {
  const [file, ...args] = command as [string, ...string[]];
  const stdio = [hasInput ? 'pipe' : 'ignore', 'pipe', 'pipe'] as const;
  const child = spawn(file, args, { cwd: root, env: serverEnv(env), stdio: [...stdio], detached });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  let hasExited = false;
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      hasExited = true;
      resolve(code ?? signal);
    }),
  );
  return { child, exited, hasExited: () => hasExited, output: () => output };
};

/** Polls until `condition` holds; a busy machine gets a generous deadline, never a fixed sleep. */
export const waitFor = async (
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 90_000, what = 'the condition' }: { timeoutMs?: number; what?: string } = {},
) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

export const healthOf = async (base: string) =>
  (await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined))?.status;

export const waitForHealth = async (base: string, server: ServerProcess) => {
  await waitFor(async () => server.hasExited() || (await healthOf(base)) === 200, { what: `${base}/healthz 200` });
  if (server.hasExited()) throw new Error(`the server exited before it was healthy:\n${server.output()}`);
};

export const stopProcess = async (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
};

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `npm run ess -- <args>` as the operator runs it (without npm's install check). */
export const runCli = (args: string[], env: Record<string, string>) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: root,
    env: serverEnv(env),
    timeout: 120_000,
  });

/** What the web app sends for a typed password. */
export const clientHash = (password: string) => createHash('sha256').update(password).digest('hex');

export type Answer<T> = { status: number; body: { result: boolean; msg: string; data: T } };

export const signIn = async (
  base: string,
  empNo: string,
  password: string,
): Promise<Answer<{ token: string; mustChangePassword?: boolean }>> => {
  const answer = await fetch(`${base}/api/Account/CheckLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userAccount: empNo, password: clientHash(password) }),
  });
  return { status: answer.status, body: await answer.json() };
};

/** POSTs a call as a signed-in user. */
export const callApi = async <T = unknown>(
  base: string,
  apiPath: string,
  token: string,
  body: unknown = {},
): Promise<Answer<T>> => {
  const answer = await fetch(`${base}/api/${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: await answer.json() };
};

/** The postmaster running on DATA_DIR's cluster. */
export const postmasterPidOf = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

const dataDirs: string[] = [];

/**
 * A DATA_DIR of its own (directly under the temporary directory, so that root's postgres user may reach it and the
 * cluster stays inside it); `removeDataDirs()` removes them all.
 */
export const makeDataDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dataDirs.push(dir);
  return dir;
};

/** After a test file: a postgres a failed test left running on one of its DATA_DIRs stops, and the dirs go. */
export const removeDataDirs = async () => {
  for (const dir of dataDirs.splice(0)) {
    try {
      const pid = postmasterPidOf(dir);
      process.kill(pid, 'SIGINT');
      await waitFor(() => !isAlive(pid), { what: `postgres ${pid} stopped`, timeoutMs: 30_000 });
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  }
};

/** An empty database of its own on the tests' PostgreSQL; drop() removes it. */
export const createEmptyDatabase = async (adminUrl: string) => {
  const name = `ess_empty_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: async <T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<T>(sql, values)).rows;
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
};
