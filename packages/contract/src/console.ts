// The HR console's own calls (/admin): who is using it, the scheduled backups and the failed background jobs (SysAdmin). The imports, the payslip batches and the people pages
// have their own modules (imports.ts, payslip-batches.ts).
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, empty } from './common';

export const consoleSession = z.object({
  id: z.number(),
  empNo: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  /** The plants the caller administers (HRAdmin's own, every plant for SysAdmin); empty for everyone else. */
  adminPlants: z.array(z.string()),
});
export type ConsoleSession = z.infer<typeof consoleSession>;

/** One scheduled backup; times 'YYYY-MM-DD HH:mm' China time, the file's name in BACKUP_DIR. */
export const backupRun = z.object({
  slot: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(['ok', 'failed']),
  file: z.string().nullable(),
  size: z.number().nullable(),
  message: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRun>;

export const backupStatus = z.object({
  /** Whether this server takes the daily backup (BACKUP_HOUR). */
  isScheduled: z.boolean(),
  /** What the SysAdmin must see: the latest run failed, or no good backup for more than two days. */
  alert: z.enum(['failed', 'stale']).nullable(),
  /** When the latest good backup finished, if any. */
  lastSuccessAt: z.string().nullable(),
  /** The latest runs, newest first. */
  runs: z.array(backupRun),
});
export type BackupStatus = z.infer<typeof backupStatus>;

/** A background job that failed after its retries; `failedAt` 'YYYY-MM-DD HH:mm' China time. */
export const failedJob = z.object({
  id: z.string(),
  /** The job's queue, e.g. backup; `label` is its name in the console (每日备份). */
  name: z.string(),
  label: z.string(),
  failedAt: z.string(),
  /** How many times it was retried before it was given up. */
  retries: z.number(),
  /** Why its last run failed, one line. */
  message: z.string(),
});
export type FailedJob = z.infer<typeof failedJob>;

export const retryJobRequest = z.object({
  name: z.string({ error: '请选择任务' }).min(1, { error: '请选择任务' }).max(64, { error: '任务不存在' }),
  id: z.uuid({ error: '任务不存在' }),
});

export const consoleRoutes = {
  getConsoleSession: defineRoute(ADDRESSES.getConsoleSession, { request: empty, data: consoleSession }),
  getBackupStatus: defineRoute(ADDRESSES.getBackupStatus, { request: empty, data: backupStatus }),
  getFailedJobs: defineRoute(ADDRESSES.getFailedJobs, { request: empty, data: z.array(failedJob) }),
  retryJob: defineRoute(ADDRESSES.retryJob, { request: retryJobRequest, data: z.null() }),
};
