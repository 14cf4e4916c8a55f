// A PostgreSQL primary and a streaming standby of it, made for a test with Debian's PostgreSQL 15 binaries: initdb,
// then pg_basebackup -R of the running primary, each on a free port of 127.0.0.1, in a temporary directory. As
// root, the servers run as the postgres user (PostgreSQL refuses root).
import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;

const asPostgres = (command: string, args: string[]) =>
  isRoot
    ? run('runuser', ['-u', 'postgres', '--', path.join(POSTGRES_BIN, command), ...args])
    : run(path.join(POSTGRES_BIN, command), args);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export type ReplicaPair = {
  /** The primary's data directory (its postmaster.pid names the postmaster). */
  primaryDir: string;
  primaryUrl: string;
  standbyUrl: string;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp: () => Promise<void>;
  pauseReplay: () => Promise<void>;
  resumeReplay: () => Promise<void>;
  stopStandby: () => Promise<void>;
  startStandby: () => Promise<void>;
  close: () => Promise<void>;
};

export const startReplicaPair = async (database = 'ess'): Promise<ReplicaPair> => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'ess-replica-'));
  if (isRoot) chownSync(root, Number((await run('id', ['-u', 'postgres'])).stdout), 0);
  const primaryDir = path.join(root, 'primary');
  const standbyDir = path.join(root, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  await asPostgres('initdb', [
    '-D',
    primaryDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  // Root may write the postgres user's file; the file keeps its owner.
  appendFileSync(
    path.join(primaryDir, 'postgresql.conf'),
    [
      "listen_addresses = '127.0.0.1'",
      "unix_socket_directories = ''",
      'wal_level = replica',
      'max_wal_senders = 4',
      'fsync = off',
      'hot_standby = on',
      '',
    ].join('\n'),
  );
  const start = (dir: string, port: number) =>
    asPostgres('pg_ctl', ['start', '-w', '-D', dir, '-l', `${dir}.log`, '-o', `-p ${port}`]);
  const stop = async (dir: string) => {
    await asPostgres('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', dir]).catch(() => {});
  };
  await start(primaryDir, primaryPort);
  const admin = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${primaryPort}/postgres` });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  await asPostgres(
    'pg_basebackup',
    // A fast checkpoint: the default spreads it over minutes.
    ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standbyDir, '-R', '-X', 'stream'].concat([
      '--checkpoint=fast',
      '--no-sync',
    ]),
  );
  await start(standbyDir, standbyPort);

  const primaryUrl = `postgresql://postgres@127.0.0.1:${primaryPort}/${database}`;
  const standbyUrl = `postgresql://postgres@127.0.0.1:${standbyPort}/${database}`;
  const onStandby = async (statement: string) => {
    const client = new pg.Client({ connectionString: standbyUrl });
    await client.connect();
    try {
      return (await client.query(statement)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    primaryDir,
    primaryUrl,
    standbyUrl,
    caughtUp: async () => {
      const client = new pg.Client({ connectionString: primaryUrl });
      await client.connect();
      const { rows } = await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      await client.end();
      for (;;) {
        const [replayed] = await onStandby(
          `select pg_last_wal_replay_lsn() >= '${rows[0]?.lsn}'::pg_lsn as "isCaughtUp"`,
        );
        if (replayed?.isCaughtUp) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    pauseReplay: async () => {
      await onStandby('select pg_wal_replay_pause()');
    },
    resumeReplay: async () => {
      await onStandby('select pg_wal_replay_resume()');
    },
    stopStandby: () => stop(standbyDir),
    startStandby: async () => {
      await start(standbyDir, standbyPort);
    },
    close: async () => {
      await stop(standbyDir);
      await stop(primaryDir);
      rmSync(root, { recursive: true, force: true });
    },
  };
};
