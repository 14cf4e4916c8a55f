// Who holds the embedded cluster of a DATA_DIR: the process recorded as its owner (DATA_DIR/pg-owner, written by
// the server that starts the cluster) and the postmaster running on it. A postmaster whose owner is gone is stale.
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../startup-checks';

export type OwnerRecord = { pid: number; role: 'server' | 'tool'; startTime: string | null };

const OWNER_FILE = 'pg-owner';

/** Another live process owns the cluster of this DATA_DIR. */
export class ClusterOwnedError extends StartupError {
  constructor(readonly owner: OwnerRecord) {
    super(
      owner.role === 'server'
        ? `another server is already running on this DATA_DIR (pid ${owner.pid})`
        : `a command (pid ${owner.pid}) is using the database in this DATA_DIR; start the server when it has finished`,
    );
  }
}

/** The kernel's start time of a process: tells a live owner from a later process that got its pid. */
const readStartTime = (pid: number): string | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces; starttime is field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null; // no /proc (macOS): the pid alone has to do
  }
};

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readOwner = (dataDir: string): OwnerRecord | undefined => {
  try {
    const record = JSON.parse(readFileSync(path.join(dataDir, OWNER_FILE), 'utf8')) as OwnerRecord;
    return Number.isInteger(record.pid) && record.pid > 0 ? record : undefined;
  } catch {
    return undefined;
  }
};

const isOwnerAlive = (owner: OwnerRecord) => {
  if (!isAlive(owner.pid)) return false;
  const startTime = readStartTime(owner.pid);
  return owner.startTime === null || startTime === null || startTime === owner.startTime;
};

export const readLiveOwner = (dataDir: string) => {
  const owner = readOwner(dataDir);
  return owner && isOwnerAlive(owner) ? owner : undefined;
};

/**
 * Records this process as the owner of DATA_DIR's cluster (DATA_DIR/pg-owner), replacing a record whose process
 * is gone. Answers a function that removes the record again, if it is still ours.
 */
export const claimOwnership = (dataDir: string, role: OwnerRecord['role']) => {
  const file = path.join(dataDir, OWNER_FILE);
  const record: OwnerRecord = { pid: process.pid, role, startTime: readStartTime(process.pid) };
  const text = `${JSON.stringify(record)}\n`;
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, text);
  const publish = () => {
    try {
      linkSync(draft, file); // atomic and whole: fails when another process recorded itself first
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
      writeFileSync(file, text, { flag: 'wx' }); // a file system without hard links: exclusive create instead
    }
  };
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        publish();
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 5) throw error;
        const owner = readOwner(dataDir);
        if (owner && isOwnerAlive(owner)) throw new ClusterOwnedError(owner);
        rmSync(file, { force: true }); // its process is gone (or the record is unreadable)
      }
    }
  } finally {
    rmSync(draft, { force: true });
  }
  return () => {
    const owner = readOwner(dataDir);
    if (owner?.pid === process.pid && owner.startTime === record.startTime) rmSync(file, { force: true });
  };
};

/** The postmaster running on pgDir, from postmaster.pid: its pid and port. */
export const findRunningPostmaster = (pgDir: string): { pid: number; port: number } | undefined => {
  let lines: string[];
  try {
    lines = readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined; // postgres clears a dead pid file itself
  try {
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return undefined; // pid reused
  } catch {}
  return { pid, port: Number(lines[3]) };
};
