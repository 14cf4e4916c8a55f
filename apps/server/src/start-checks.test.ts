// Start-up mistakes, as the operator makes them, against the real server process: each ends the start with exit
// code 1 and one line naming the setting and what to do (no stack), and leaves no PostgreSQL running.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  createEmptyDatabase,
  findFreePort,
  isAlive,
  makeDataDir,
  removeDataDirs,
  type ServerProcess,
  spawnServer,
} from '../test/server-process';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'ess-start-checks-'));
const mounts: string[] = [];
afterAll(async () => {
  for (const mount of mounts) execFileSync('umount', ['--lazy', mount]);
  rmSync(scratch, { recursive: true, force: true });
  await removeDataDirs();
});

const isRoot = process.getuid?.() === 0;

/** A small file system of its own (root only): read-only, or nearly full. */
const mountTmpfs = (name: string, options: string) => {
  const dir = path.join(scratch, name);
  mkdirSync(dir);
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
};

/** Starts the server with the settings, expects it to refuse, and answers its output. */
const refusal = async (env: Record<string, string>) => {
  const server: ServerProcess = spawnServer({
    DATA_DIR: makeDataDir('ess-start-check-'),
    SEED_DEMO: 'no',
    PORT: String(await findFreePort()),
    ...env,
  });
  expect(await server.exited).toBe(1);
  return server.output().trim();
};

/** Nothing of the embedded cluster is left running on DATA_DIR. */
const expectNoPostgres = (dataDir: string) => {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  expect(isAlive(Number(readFileSync(pidFile, 'utf8').split('\n')[0]))).toBe(false);
};

describe('start-up mistakes', () => {
  it('a taken PORT: one line, and no database started behind it', async () => {
    const taken: Server = await new Promise((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => resolve(server));
    });
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const dataDir = makeDataDir('ess-port-taken-');
    try {
      const output = await refusal({ DATA_DIR: dataDir, PORT: String(port) });
      expect(output).toBe(
        `[ess] PORT ${port} is already in use on 127.0.0.1: stop the program listening there or set PORT to a free port`,
      );
      expectNoPostgres(dataDir);
      expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
    } finally {
      taken.close();
    }
  }, 60_000);

  it.runIf(isRoot)(
    'an unwritable DATA_DIR: one line',
    async () => {
      const dataDir = mountTmpfs('read-only', 'size=1m,ro');
      expect(await refusal({ DATA_DIR: dataDir })).toBe(
        `[ess] DATA_DIR ${dataDir} is not writable (EROFS): give the server's user write access to it or set DATA_DIR ` +
          'to another directory',
      );
    },
    60_000,
  );

  it.runIf(isRoot)(
    'a full disk under DATA_DIR: one line, no database started',
    async () => {
      const dataDir = mountTmpfs('full', 'size=8m');
      const output = await refusal({ DATA_DIR: dataDir, SECRET_KEY: 'k'.repeat(40) });
      expect(output).toMatch(
        new RegExp(
          `^\\[ess\\] DATA_DIR ${dataDir} is full \\(\\d+ MB free, the embedded database needs at least 128 MB\\): ` +
            'free some space there or set DATA_DIR to a larger disk$',
        ),
      );
      expectNoPostgres(dataDir);
    },
    60_000,
  );

  it('a DATABASE_URL nothing answers at: one line', async () => {
    const closedPort = await findFreePort();
    expect(await refusal({ DATABASE_URL: `postgres://ess:secret@127.0.0.1:${closedPort}/ess` })).toBe(
      `[ess] DATABASE_URL: cannot reach PostgreSQL at 127.0.0.1:${closedPort} (ECONNREFUSED): check the host and ` +
        'port in DATABASE_URL, and that PostgreSQL runs there and accepts TCP connections',
    );
  }, 60_000);

  it('a DATABASE_URL naming a database that does not exist: one line', async () => {
    const url = new URL(inject('adminUrl'));
    url.pathname = '/ess_no_such_database';
    expect(await refusal({ DATABASE_URL: url.toString() })).toBe(
      `[ess] DATABASE_URL: database "ess_no_such_database" does not exist on ${url.hostname}:${url.port || '5432'}: ` +
        'create it (createdb ess_no_such_database) or correct the name in DATABASE_URL',
    );
  }, 60_000);

  // The embedded cluster of the tests checks passwords; a PostgreSQL with trust authentication (CI's) takes any.
  it.runIf(new URL(inject('adminUrl')).password !== '')(
    'a DATABASE_URL with a wrong password: one line',
    async () => {
      const database = await createEmptyDatabase(inject('adminUrl'));
      try {
        const url = new URL(database.url);
        url.password = 'not-the-password';
        expect(await refusal({ DATABASE_URL: url.toString() })).toBe(
          `[ess] DATABASE_URL: PostgreSQL at ${url.hostname}:${url.port} refused the password of user "${url.username}": ` +
            'correct the user or password in DATABASE_URL',
        );
      } finally {
        await database.drop();
      }
    },
    60_000,
  );

  it('a SECRET_KEY too short: one line', async () => {
    expect(await refusal({ DATA_DIR: makeDataDir('ess-short-key-'), SECRET_KEY: 'short' })).toBe(
      '[ess] invalid configuration: SECRET_KEY: SECRET_KEY must be at least 32 characters',
    );
  }, 60_000);
});
