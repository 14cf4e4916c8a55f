// What can go wrong at start because of a setting, checked before the database starts where it can be, and told as
// one line naming the setting and what to do: a taken PORT, an unwritable or full DATA_DIR, a wrong DATABASE_URL.
import { mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** A start-up mistake the operator fixes in a setting: its message is the one line they need, no stack. */
export class StartupError extends Error {}

/** Room the embedded PostgreSQL needs at least: its files (about 40 MB), 16 MB WAL segments and a checkpoint's. */
export const MIN_FREE_MEGABYTES = 128;

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code ?? '';

const isDiskFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes(codeOf(error));

export const dataDirFull = (dataDir: string, detail: string) =>
  new StartupError(`DATA_DIR ${dataDir} is full (${detail}): free some space there or set DATA_DIR to a larger disk`);

/** What a failed write into DATA_DIR means for the operator. */
export const dataDirError = (dataDir: string, error: unknown) => {
  if (isDiskFull(error)) return dataDirFull(dataDir, codeOf(error));
  if (['ENOTDIR', 'EEXIST'].includes(codeOf(error))) {
    return new StartupError(`DATA_DIR ${dataDir} is not a directory: set DATA_DIR to a directory`);
  }
  return new StartupError(
    `DATA_DIR ${dataDir} is not writable (${codeOf(error) || (error as Error).message}): give the server's user ` +
      'write access to it or set DATA_DIR to another directory',
  );
};

/** DATA_DIR exists (or is created) and takes a file. */
export const checkDataDirWritable = (dataDir: string) => {
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probe, 'ok');
  } catch (error) {
    throw dataDirError(dataDir, error);
  } finally {
    rmSync(probe, { force: true });
  }
};

/** The embedded cluster fails in the middle of a write on a full disk: refuse to start it on one. */
export const checkFreeSpace = (dataDir: string, minMegabytes = MIN_FREE_MEGABYTES) => {
  const { bavail, bsize } = statfsSync(dataDir);
  const freeMegabytes = Math.floor((bavail * bsize) / 1024 / 1024);
  if (freeMegabytes < minMegabytes) {
    throw dataDirFull(dataDir, `${freeMegabytes} MB free, the embedded database needs at least ${minMegabytes} MB`);
  }
};

/** What a failed listen on HOST:PORT means for the operator. */
export const listenError = (host: string, port: number, error: unknown) => {
  switch (codeOf(error)) {
    case 'EADDRINUSE':
      return new StartupError(
        `PORT ${port} is already in use on ${host}: stop the program listening there or set PORT to a free port`,
      );
    case 'EACCES':
      return new StartupError(`PORT ${port} needs privileges this user lacks: set PORT to 1024 or above`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(
        `HOST ${host} is not an address of this machine: set HOST to 0.0.0.0 or to one of its addresses`,
      );
    default:
      return new StartupError(`cannot listen on ${host}:${port} (${codeOf(error) || (error as Error).message})`);
  }
};

/** Before the database starts, so a taken port leaves nothing running behind it. */
export const checkPortFree = (host: string, port: number) =>
  new Promise<void>((resolve, reject) => {
    if (port === 0) return resolve(); // any free port
    const server = createServer();
    server.once('error', (error) => reject(listenError(host, port, error)));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve()));
  });

const CANNOT_REACH = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'];

/**
 * What a failed connection to DATABASE_URL means for the operator, naming host, port, user and database (never the
 * password); undefined for an error that is not about connecting.
 */
export const databaseUrlError = (url: string, error: unknown): StartupError | undefined => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return new StartupError('DATABASE_URL is not a URL: write it as postgres://user:password@host:5432/database');
  }
  const where = `${parsed.hostname}:${parsed.port || '5432'}`;
  const user = decodeURIComponent(parsed.username) || 'postgres';
  const database = decodeURIComponent(parsed.pathname.slice(1)) || user;
  const code = codeOf(error);
  const message = (error as Error | undefined)?.message ?? String(error);
  if (CANNOT_REACH.includes(code) || /connection timeout|timeout expired/i.test(message)) {
    return new StartupError(
      `DATABASE_URL: cannot reach PostgreSQL at ${where} (${code || 'timeout'}): check the host and port in ` +
        'DATABASE_URL, and that PostgreSQL runs there and accepts TCP connections',
    );
  }
  if (code === '28P01') {
    return new StartupError(
      `DATABASE_URL: PostgreSQL at ${where} refused the password of user "${user}": correct the user or password in DATABASE_URL`,
    );
  }
  if (code === '28000') {
    return new StartupError(
      `DATABASE_URL: PostgreSQL at ${where} refused user "${user}" (${message}): correct DATABASE_URL or pg_hba.conf`,
    );
  }
  if (code === '3D000') {
    return new StartupError(
      `DATABASE_URL: database "${database}" does not exist on ${where}: create it (createdb ${database}) or correct the name in DATABASE_URL`,
    );
  }
  return undefined;
};
