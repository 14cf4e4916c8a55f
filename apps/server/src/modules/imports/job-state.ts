// What the imports' worker and calls share: a job's row and state, the push of its state to the clerk's sockets, the
// lock of a plant's month and the parts its file is stored in.
import { IMPORT_KIND_LABELS, type ImportKind } from '@ess/contract/import-kinds';
import type { ImportStatus } from '@ess/contract/imports';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { sendMessages } from '../../core/messages';
import type { Notifier } from '../../core/notifier';
import type { Db } from '../../db/client';
import { importJobs } from '../../db/schema/index';
import type { Executor } from '../../db/transaction';
import type { FreshUploads } from './fresh-uploads';
import type { ColumnMatch, ImportSettings, UnknownValue } from './validate';

export type ImportDeps = {
  db: Db;
  notifier: Notifier;
  /** Tells the runner there is work. */
  kick: () => void;
  /** Starts the checking thread ahead of a check (an upload is on its way, the imports page is open). */
  warm: () => void;
  /** The files just uploaded here, handed to this instance's runner without a read back from the database. */
  freshUploads: FreshUploads;
};

export type JobRow = typeof importJobs.$inferSelect;
/**
 * Every column of a job but its file: the job's state is read on every poll of the console (and of the clerk's
 * list), and an 11 MB bytea parsed each time held the event loop for a third of a second.
 */
export const JOB_COLUMNS = getTableColumns(importJobs);
export type Summary = {
  headers?: string[];
  columns?: ColumnMatch[];
  missingFields?: string[];
  unknownValues?: UnknownValue[];
  rejected?: { row: number; reason: string }[];
  preview?: { row: number; values: Record<string, string> }[];
};
export type StoredSettings = ImportSettings & { commitRequestedBy?: { id: number; empNo: string } };

/** Commits and rollbacks of the same plant, kind and month wait for each other. */
export const lockScope = (tx: Executor, job: Pick<JobRow, 'bu' | 'kind' | 'yearMonth'>) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${job.bu}:${job.kind}:${job.yearMonth ?? ''}`}))`);

export const emptySettings = (): ImportSettings => ({ columns: {}, dateFormats: {}, valueMap: {} });

// ——— Pushes ———

/**
 * A message to the clerk of the job (who uploaded it, or who asked for its commit): the app's 消息, and their WeCom
 * where it is connected, so a long check or commit can be left running. Leads to 数据导入.
 */
export const tellClerk = async (
  db: Executor,
  job: Pick<JobRow, 'kind' | 'yearMonth' | 'createdBy'>,
  { to = job.createdBy, outcome, body }: { to?: number | null; outcome: string; body: string },
) => {
  if (!to) return;
  const what = `${IMPORT_KIND_LABELS[job.kind as ImportKind] ?? job.kind}${job.yearMonth ? ` ${job.yearMonth}` : ''}`;
  await sendMessages(
    { tx: db },
    { to: { employeeIds: [to] }, title: `${outcome}：${what}`, body, link: '/admin/imports' },
  );
};

export const announce = async (notifier: Notifier, job: Pick<JobRow, 'id' | 'status' | 'progress' | 'createdBy'>) => {
  if (!job.createdBy) return;
  await notifier.publish({
    employeeIds: [job.createdBy],
    kind: 'import.progress',
    payload: { content: JSON.stringify({ id: job.id, status: job.status, progress: job.progress }) },
  });
};

export const setState = async (
  { db, notifier }: Pick<ImportDeps, 'db' | 'notifier'>,
  job: JobRow,
  changes: Partial<JobRow> & { status?: ImportStatus },
) => {
  await db
    .update(importJobs)
    .set({ ...changes, heartbeatAt: sql`now()` })
    .where(eq(importJobs.id, job.id));
  Object.assign(job, changes);
  await announce(notifier, job);
};

/** The parts an uploaded file is stored in (import_file_parts). */
export const FILE_PART_BYTES = 1024 * 1024;

/** A job's file is let go once the job is done or failed. */
export const forgetFile = (db: Executor, jobId: number) =>
  db.execute(sql`delete from import_file_parts where job_id = ${jobId}`);
