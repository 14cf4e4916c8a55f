// The daily backup inside the server (BACKUP_HOUR, China time): a job of the queue (jobs/queue.ts) looks every five
// minutes whether the day's backup is due; the first instance to claim the day's row of backup_runs takes it, so
// several instances on one database take one a day. A server that was down at the hour takes the day's backup at
// its first look after it. After a good backup the oldest archives of BACKUP_DIR beyond BACKUP_KEEP are deleted; a
// failed one is logged as an error, recorded, shown by /metrics and to the SysAdmin in the console, and fails its
// job: the queue retries it (a retry takes the failed day again) and then keeps it in the failed list.
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { safeErrorLine } from '../core/safe-error';
import type { JobDefinition } from '../jobs/queue';
import { createBackup } from './backup';

/** When the queue looks whether the day's backup is due. */
const CHECK_CRON = '*/5 * * * *';

export type BackupSchedule = {
  pool: pg.Pool;
  mediaDir: string;
  backupDir: string;
  keyId: string;
  /** The pace of the backup beside the requests (BACKUP_MB_PER_SECOND). */
  bytesPerSecond: number;
  /** The China-time hour of day the day's backup becomes due. */
  hour: number;
  keep: number;
  log: (message: string) => void;
  logError: (message: string) => void;
};

export type ScheduledOutcome =
  | { status: 'taken elsewhere'; slot: string }
  /** Ended by a stop of the server: nothing recorded, taken again at the next look. */
  | { status: 'stopped'; slot: string }
  | { status: 'ok'; slot: string; file: string; size: number; removed: string[] }
  | { status: 'failed'; slot: string; message: string };

/** The China-time day whose backup is due at `now`: today's once the hour has come, else yesterday's. */
export const dueSlot = (now: Date, hour: number) =>
  new Date(now.getTime() + (8 - hour) * 3600_000).toISOString().slice(0, 10);

/** The names `createBackup` gives (a second archive of the same second gets -2 …); never one `-before-…`. */
const SCHEDULED_ARCHIVE = /^ess-backup-(\d{8}-\d{6})(?:-(\d+))?\.tar\.gz$/;

/**
 * Deletes the oldest archives of `dir` beyond `keep`, by the time in their names; a file or directory named
 * otherwise (the archives before migrations, an operator's own files) is never touched. Answers the names deleted.
 */
export const pruneBackups = (dir: string, keep: number) => {
  const archives = readdirSync(dir)
    .map((name) => ({ name, match: SCHEDULED_ARCHIVE.exec(name) }))
    .filter(({ name, match }) => match && statSync(path.join(dir, name)).isFile())
    .map(({ name, match }) => ({ name, key: `${match![1]}-${(match![2] ?? '1').padStart(4, '0')}` }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const removed = archives.slice(0, Math.max(0, archives.length - keep)).map(({ name }) => name);
  for (const name of removed) rmSync(path.join(dir, name));
  return removed;
};

/** Any constant every instance shares: held, in a transaction, by the instance taking a scheduled backup. */
export const BACKUP_LOCK_KEY = 7_301_956;

/**
 * Takes the backup due at `now` unless an instance has claimed its day already. The claim is the day's row,
 * inserted in a transaction that also holds an advisory lock and commits only with the outcome: an instance that
 * finds the lock held passes at once, and one that dies during the backup leaves no row behind (the lock and the
 * row go with its connection), so the next look of any instance takes the day's backup again. The archive's own
 * snapshot does not see the uncommitted row: a restored database has no run "under way" for ever.
 */
export const runScheduledBackup = async (
  schedule: BackupSchedule,
  now: Date = new Date(),
  signal?: AbortSignal,
  { retakeFailed = false }: { retakeFailed?: boolean } = {},
): Promise<ScheduledOutcome> => {
  const { pool } = schedule;
  const slot = dueSlot(now, schedule.hour);
  const claim = await pool.connect();
  try {
    await claim.query('begin');
    const { rows: lock } = await claim.query<{ isMine: boolean }>('select pg_try_advisory_xact_lock($1) as "isMine"', [
      BACKUP_LOCK_KEY,
    ]);
    const { rows: claimed } = lock[0]?.isMine
      ? await claim.query<{ id: number }>(
          `insert into backup_runs (slot) values ($1) on conflict (slot) do update
             set status = 'running', started_at = now(), finished_at = null, file = null, size = null, message = null
             where $2 and backup_runs.status = 'failed'
           returning id`,
          [slot, retakeFailed],
        )
      : { rows: [] };
    const id = claimed[0]?.id;
    if (id === undefined) {
      await claim.query('rollback');
      return { status: 'taken elsewhere', slot };
    }
    const outcome = await backUp(schedule, now, signal);
    // Stopped with the server: no outcome, no row, so the next look of any instance takes the day's backup.
    if (signal?.aborted) {
      await claim.query('rollback');
      schedule.log('scheduled backup stopped with the server: it is taken again at the next start');
      return { status: 'stopped', slot };
    }
    await claim.query(
      // now() would be the claim's start: its transaction began before the backup.
      'update backup_runs set status = $2, finished_at = clock_timestamp(), file = $3, size = $4, message = $5 where id = $1',
      outcome.status === 'ok'
        ? [id, 'ok', path.basename(outcome.file), outcome.size, null]
        : [id, 'failed', null, null, outcome.message],
    );
    await claim.query('commit');
    if (outcome.status === 'failed') return { ...outcome, slot };
    schedule.log(`scheduled backup written: ${outcome.file} (${(outcome.size / 1024 / 1024).toFixed(1)} MB)`);
    return { ...outcome, slot, removed: prune(schedule) };
  } catch (error) {
    await claim.query('rollback').catch(() => {});
    throw error;
  } finally {
    claim.release();
  }
};

/** The archive, or the reason it failed, logged as an error. */
const backUp = async (schedule: BackupSchedule, now: Date, signal?: AbortSignal) => {
  try {
    const { file, size } = await createBackup({
      pool: schedule.pool,
      mediaDir: schedule.mediaDir,
      outDir: schedule.backupDir,
      keyId: schedule.keyId,
      now,
      bytesPerSecond: schedule.bytesPerSecond,
      signal,
    });
    return { status: 'ok' as const, file, size };
  } catch (error) {
    const message = safeErrorLine(error).slice(0, 1000);
    if (signal?.aborted) return { status: 'failed' as const, message };
    schedule.logError(`scheduled backup failed: ${message}`);
    return { status: 'failed' as const, message };
  }
};

const prune = (schedule: BackupSchedule) => {
  try {
    const removed = pruneBackups(schedule.backupDir, schedule.keep);
    if (removed.length > 0) schedule.log(`old backups deleted (BACKUP_KEEP=${schedule.keep}): ${removed.join(', ')}`);
    return removed;
  } catch (error) {
    schedule.logError(`deleting old backups failed: ${safeErrorLine(error)}`);
    return [];
  }
};

/**
 * The queue's job: a look every five minutes, run by one instance. A failed backup fails the job, so the queue
 * retries it (taking the failed day again) and then shows it in the failed list; a stop of the server ends a backup
 * under way (a paced one takes minutes, a stop has seconds), to be taken at the next look of any instance.
 */
export const backupJob = (schedule: BackupSchedule, now = () => new Date()): JobDefinition => ({
  name: 'backup',
  label: '每日备份',
  cron: CHECK_CRON,
  retryLimit: 2,
  retryDelaySeconds: 10 * 60,
  expireInSeconds: 6 * 3600,
  run: async ({ retryCount, signal }) => {
    const outcome = await runScheduledBackup(schedule, now(), signal, { retakeFailed: retryCount > 0 });
    if (outcome.status === 'failed') throw new Error(`scheduled backup failed: ${outcome.message}`);
  },
});

/** For /metrics: the latest good backup's time (0 if none), and whether the latest run failed. */
export const BACKUP_HEALTH_SQL = `select
  coalesce(extract(epoch from (select max(finished_at) from backup_runs where status = 'ok')), 0)::float8 as "lastSuccess",
  coalesce((select (status = 'failed')::int from backup_runs order by slot desc limit 1), 0) as "lastFailed"`;

/**
 * The latest runs, newest first, and what the console must show the SysAdmin: the latest run failed, or (while
 * backups are scheduled) no good one for more than two days although the schedule has run for that long.
 */
export const readBackupStatus = async (pool: Pick<pg.Pool, 'query'>, isScheduled: boolean, limit = 14) => {
  const china = (column: string) => `to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`;
  const { rows: runs } = await pool.query<{
    slot: string;
    startedAt: string;
    finishedAt: string | null;
    status: 'ok' | 'failed';
    file: string | null;
    size: number | null;
    message: string | null;
  }>(
    `select slot::text, ${china('started_at')} as "startedAt", ${china('finished_at')} as "finishedAt", status,
            file, size::float8 as size, message
     from backup_runs order by slot desc limit $1`,
    [limit],
  );
  const { rows } = await pool.query<{ lastSuccessAt: string | null; isOverdue: boolean }>(
    `select (select ${china('max(finished_at)')} from backup_runs where status = 'ok') as "lastSuccessAt",
            coalesce((select max(finished_at) from backup_runs where status = 'ok'),
                     (select min(started_at) from backup_runs)) < now() - interval '2 days' as "isOverdue"`,
  );
  const about = rows[0]!;
  const alert = runs[0]?.status === 'failed' ? 'failed' : isScheduled && about.isOverdue ? 'stale' : null;
  return { isScheduled, alert, lastSuccessAt: about.lastSuccessAt, runs } as const;
};
