import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@ess/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeHrClerk } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { withDatabaseMigratedTo } from '../../test/older-database';
import { TEST_SECRET_KEY } from '../../test/secret-key';
import { keyIdOf } from '../core/personal-data';
import { readMigrations } from '../db/migrate';
import { StartupError } from '../startup-checks';
import { backupBeforeMigrations } from './before-migrations';
import { BACKUP_LOCK_KEY, type BackupSchedule, backupJob, dueSlot, runScheduledBackup } from './schedule';

const METRICS_TOKEN = 'metrics-token-for-tests';
let t: TestContext;
let work: string;
const logged: { info: string[]; errors: string[] } = { info: [], errors: [] };

beforeAll(async () => {
  t = await createTestContext({ METRICS_TOKEN });
  work = mkdtempSync(path.join(os.tmpdir(), 'ess-schedule-test-'));
});
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

const scheduleFor = (pool: pg.Pool, backupDir: string, keep = 7): BackupSchedule => ({
  pool,
  mediaDir: path.join(work, 'media'),
  bytesPerSecond: 0,
  backupDir,
  keyId: keyIdOf(TEST_SECRET_KEY),
  hour: 3,
  keep,
  log: (message) => logged.info.push(message),
  logError: (message) => logged.errors.push(message),
});

const runsOf = async (slot: string) =>
  (
    await t.database.pool.query('select status, file, size::float8 as size, message from backup_runs where slot = $1', [
      slot,
    ])
  ).rows;

const metrics = async () =>
  (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;

describe('scheduled backups', () => {
  it('is due for the China-time day once its hour has come, else for the day before', () => {
    expect(dueSlot(new Date('2026-03-09T18:59:00Z'), 3)).toBe('2026-03-09'); // 02:59 on the 10th in China
    expect(dueSlot(new Date('2026-03-09T19:00:00Z'), 3)).toBe('2026-03-10'); // 03:00 on the 10th
    expect(dueSlot(new Date('2026-03-09T16:00:00Z'), 0)).toBe('2026-03-10');
  });

  it('takes one backup when two instances check the same day at once', async () => {
    const dir = path.join(work, 'once');
    const other = new pg.Pool({ connectionString: t.database.pool.options.connectionString as string, max: 2 });
    try {
      const now = new Date('2026-01-10T20:00:00Z');
      const outcomes = await Promise.all([
        runScheduledBackup(scheduleFor(t.database.pool, dir), now),
        runScheduledBackup(scheduleFor(other, dir), now),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['ok', 'taken elsewhere']);
      const archives = readdirSync(dir);
      expect(archives).toEqual([expect.stringMatching(/^ess-backup-20260111-040000\.tar\.gz$/)]);
      expect(await runsOf('2026-01-11')).toEqual([
        { status: 'ok', file: archives[0], size: expect.any(Number), message: null },
      ]);
      // Later that day the slot is taken: nothing more.
      const { rows: times } = await t.database.pool.query(
        'select finished_at > started_at as "isAfter" from backup_runs where slot = \'2026-01-11\'',
      );
      expect(times).toEqual([{ isAfter: true }]);
      const later = await runScheduledBackup(scheduleFor(other, dir), new Date('2026-01-11T10:00:00Z'));
      expect(later.status).toBe('taken elsewhere');
      expect(readdirSync(dir)).toEqual(archives);
    } finally {
      await other.end();
    }
  }, 60_000);

  it('passes while another instance holds the claim, and takes the day once a claim dies uncommitted', async () => {
    const dir = path.join(work, 'cut-off');
    const now = new Date('2026-01-14T20:00:00Z');
    // An instance in the middle of the day's backup: its lock and its row, not committed.
    const other = await t.database.pool.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1)', [BACKUP_LOCK_KEY]);
      await other.query("insert into backup_runs (slot) values ('2026-01-15')");
      expect(await runScheduledBackup(scheduleFor(t.database.pool, dir), now)).toEqual({
        status: 'taken elsewhere',
        slot: '2026-01-15',
      });
      await other.query('rollback'); // it died: its connection, lock and row are gone
    } finally {
      other.release();
    }
    expect(await runScheduledBackup(scheduleFor(t.database.pool, dir), now)).toMatchObject({ status: 'ok' });
    expect(await runsOf('2026-01-15')).toEqual([expect.objectContaining({ status: 'ok' })]);
    await t.database.pool.query("delete from backup_runs where slot = '2026-01-15'"); // the later tests' latest run
  }, 60_000);

  it('ends a paced backup under way when the server stops: no archive, no row, taken at the next look', async () => {
    const dir = path.join(work, 'stopped');
    const now = new Date('2026-01-16T20:00:00Z');
    const stopping = new AbortController();
    // 64 KB a second: the test database's dump would take minutes.
    const slow = { ...scheduleFor(t.database.pool, dir), bytesPerSecond: 64 * 1024 };
    const under = runScheduledBackup(slow, now, stopping.signal);
    await expect.poll(() => readdirSync(dir, { withFileTypes: false }).length, { timeout: 20_000 }).toBeGreaterThan(0);
    stopping.abort();
    expect(await under).toEqual({ status: 'stopped', slot: '2026-01-17' });
    expect(readdirSync(dir)).toEqual([]);
    expect(await runsOf('2026-01-17')).toEqual([]);
    expect(logged.errors.filter((line) => line.includes('2026-01-17'))).toEqual([]);
    expect(await runScheduledBackup(scheduleFor(t.database.pool, dir), now)).toMatchObject({ status: 'ok' });
    await t.database.pool.query("delete from backup_runs where slot = '2026-01-17'"); // the later tests' latest run
  }, 60_000);

  it('keeps the newest BACKUP_KEEP archives and deletes no file named otherwise', async () => {
    const dir = path.join(work, 'kept');
    mkdirSync(dir);
    const old = [
      'ess-backup-20250101-030000.tar.gz',
      'ess-backup-20250102-030000.tar.gz',
      'ess-backup-20250102-030000-2.tar.gz',
      'ess-backup-20250103-030000.tar.gz',
    ];
    const others = [
      'ess-backup-20240101-030000-before-0016.tar.gz', // the way back from an upgrade
      'notes.txt',
      'ess-backup-old.tar.gz',
      'ess-backup-20240101-030000.tar.gz.partial',
    ];
    for (const name of [...old, ...others]) writeFileSync(path.join(dir, name), 'x');
    mkdirSync(path.join(dir, 'ess-backup-20200101-030000.tar.gz')); // a directory, whatever its name
    const outcome = await runScheduledBackup(scheduleFor(t.database.pool, dir, 3), new Date('2026-01-11T20:00:00Z'));
    expect(outcome).toMatchObject({
      status: 'ok',
      removed: ['ess-backup-20250101-030000.tar.gz', 'ess-backup-20250102-030000.tar.gz'],
    });
    expect(readdirSync(dir).sort()).toEqual(
      [
        ...others,
        'ess-backup-20200101-030000.tar.gz',
        'ess-backup-20250102-030000-2.tar.gz',
        'ess-backup-20250103-030000.tar.gz',
        'ess-backup-20260112-040000.tar.gz',
      ].sort(),
    );
  }, 60_000);

  it('records, logs and shows a failed backup: in /metrics and to the SysAdmin, and to no one else', async () => {
    const before = await metrics();
    expect(before).toMatch(/^ess_backup_last_run_failed 0$/m);
    const success = Number(/^ess_backup_last_success_timestamp_seconds (\S+)$/m.exec(before)?.[1]);
    expect(success).toBeGreaterThan(Date.now() / 1000 - 600);

    const blocker = path.join(work, 'a-file');
    writeFileSync(blocker, 'not a directory');
    logged.errors.length = 0;
    const outcome = await runScheduledBackup(
      scheduleFor(t.database.pool, path.join(blocker, 'backups')),
      new Date('2026-01-12T20:00:00Z'),
    );
    expect(outcome).toMatchObject({ status: 'failed', message: expect.stringContaining('ENOTDIR') });
    expect(logged.errors).toEqual([expect.stringMatching(/^scheduled backup failed: .*ENOTDIR/)]);
    expect(await runsOf('2026-01-13')).toEqual([
      { status: 'failed', file: null, size: null, message: expect.stringContaining('ENOTDIR') },
    ]);
    const after = await metrics();
    expect(after).toMatch(/^ess_backup_last_run_failed 1$/m);
    expect(after).toContain(`ess_backup_last_success_timestamp_seconds ${success}`);

    const sysAdmin = await makeHrClerk(t.database, { roles: ['SysAdmin'] });
    const answer = await t.call(routes.getBackupStatus, {}, await t.login(sysAdmin.empNo, FACTORY_PASSWORD_HASH));
    expect(answer.body.result).toBe(true);
    expect(answer.body.data).toMatchObject({
      alert: 'failed',
      lastSuccessAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      runs: [
        { slot: '2026-01-13', status: 'failed', file: null, message: expect.stringContaining('ENOTDIR') },
        { slot: '2026-01-12', status: 'ok', file: 'ess-backup-20260112-040000.tar.gz', size: expect.any(Number) },
        { slot: '2026-01-11', status: 'ok' },
      ],
    });
    const clerk = await makeHrClerk(t.database, {});
    const refused = await t.call(routes.getBackupStatus, {}, await t.login(clerk.empNo, FACTORY_PASSWORD_HASH));
    expect(refused.body.result).toBe(false);
  }, 60_000);
});

describe('the backup job of the queue', () => {
  it('fails on a failed backup; the next look passes that day, a retry of the job takes it again', async () => {
    const now = () => new Date('2026-01-14T20:00:00Z'); // 04:00 on the 15th in China
    const blocker = path.join(work, 'another-file');
    writeFileSync(blocker, 'not a directory');
    const dir = path.join(work, 'retried-backups');
    mkdirSync(dir);
    const signal = new AbortController().signal;
    await expect(
      backupJob(scheduleFor(t.database.pool, path.join(blocker, 'backups')), now).run({ retryCount: 0, signal }),
    ).rejects.toThrow(/^scheduled backup failed: .*ENOTDIR/);
    expect(await runsOf('2026-01-15')).toMatchObject([{ status: 'failed' }]);

    const job = backupJob(scheduleFor(t.database.pool, dir), now);
    await job.run({ retryCount: 0, signal }); // the schedule's next look: the day has its run
    expect(await runsOf('2026-01-15')).toMatchObject([{ status: 'failed' }]);
    expect(readdirSync(dir)).toEqual([]);
    await job.run({ retryCount: 1, signal }); // the queue's retry, or the SysAdmin's
    expect(await runsOf('2026-01-15')).toEqual([
      {
        status: 'ok',
        file: expect.stringMatching(/^ess-backup-20260115-040000\.tar\.gz$/),
        size: expect.any(Number),
        message: null,
      },
    ]);
    expect(readdirSync(dir)).toEqual(['ess-backup-20260115-040000.tar.gz']);
  }, 60_000);
});

describe('the backup before migrations', () => {
  const target = (backupDir: string) => ({
    mediaDir: path.join(work, 'media'),
    backupDir,
    keyId: keyIdOf(TEST_SECRET_KEY),
    log: (message: string) => logged.info.push(message),
  });
  const known = readMigrations();

  it('is taken when migrations are pending, named for the first of them, and logged with its path', async () => {
    const dir = path.join(work, 'before');
    await withDatabaseMigratedTo(known.length - 1, async (url) => {
      logged.info.length = 0;
      const file = await backupBeforeMigrations(url, target(dir));
      const next = known.at(-1)!.tag.slice(0, 4);
      expect(path.basename(file ?? '')).toMatch(new RegExp(`^ess-backup-\\d{8}-\\d{6}-before-${next}\\.tar\\.gz$`));
      expect(readdirSync(dir)).toEqual([path.basename(file!)]);
      expect(logged.info).toEqual([expect.stringContaining(file!)]);
      // One that cannot be written refuses the start, naming BACKUP_DIR.
      const blocked = path.join(work, 'blocked');
      writeFileSync(blocked, '');
      const refusal = await backupBeforeMigrations(url, target(path.join(blocked, 'x'))).catch((error) => error);
      expect(refusal).toBeInstanceOf(StartupError);
      expect(refusal.message).toMatch(/^BACKUP_DIR: the backup before migrating .* failed, so nothing was migrated/);
    });
  }, 60_000);

  it('is not taken on an empty database nor on an up-to-date one', async () => {
    const dir = path.join(work, 'not-before');
    await withDatabaseMigratedTo(0, async (url) => {
      expect(await backupBeforeMigrations(url, target(dir))).toBeUndefined();
    });
    const upToDate = t.database.pool.options.connectionString as string;
    expect(await backupBeforeMigrations(upToDate, target(dir))).toBeUndefined();
    expect(readdirSync(work)).not.toContain('not-before');
  }, 60_000);
});
