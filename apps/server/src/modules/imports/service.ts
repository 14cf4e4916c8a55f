// The monthly data imports of the HR console. An upload becomes a job in the database (queued); a worker reads
// and checks it (parsing, validating) and stages its valid rows (ready); the clerk maps what was not recognised and
// asks for the commit, which a worker runs in one transaction (committing → done) that replaces that month's rows
// of those employees and keeps what it replaced, so the import can be rolled back as a whole. Every call is an
// HRAdmin's of the job's plant; every change is in the audit log; each state is pushed to the clerk's sockets.

import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  DATE_FORMATS,
  type DateFormat,
  IMPORT_FIELDS,
  IMPORT_STATUS_LABELS,
  type ImportJob,
  type ImportJobListItem,
  type ImportKind,
  type ImportStatus,
  isMonthlyKind,
  MAX_IMPORT_BYTES,
} from '@ess/contract/imports';
import { EMP_TYPE_LABELS, EMP_TYPES } from '@ess/contract/salary';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { recordAudit } from '../../core/audit';
import { type Caller, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Notifier } from '../../core/notifier';
import type { Db } from '../../db/client';
import { SAFETY_ISSUE_TYPES } from '../../db/reference-data';
import {
  dictionaryItems,
  employees,
  importFileParts,
  importJobs,
  importMappings,
  payslipBatches,
} from '../../db/schema/index';
import { type Executor, withTransaction } from '../../db/transaction';
import { companyDateTime } from '../../lib/calendar';
import { type CheckThread, durationText } from './check-in-thread';
import type { CheckInput, CheckResult } from './check-protocol';
import type { FreshUploads } from './fresh-uploads';
import { replaceRows, restoreRows } from './kinds';
import type { ColumnMatch, EmployeeRef, ImportSettings, Lookups, RejectedRow, UnknownValue } from './validate';
import { rejectedWorkbook, templateWorkbook } from './workbooks';

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

type JobRow = typeof importJobs.$inferSelect;
/**
 * Every column of a job but its file: the job's state is read on every poll of the console (and of the clerk's
 * list), and an 11 MB bytea parsed each time held the event loop for a third of a second.
 */
export const JOB_COLUMNS = getTableColumns(importJobs);
type Summary = {
  headers?: string[];
  columns?: ColumnMatch[];
  missingFields?: string[];
  unknownValues?: UnknownValue[];
  rejected?: { row: number; reason: string }[];
  preview?: { row: number; values: Record<string, string> }[];
};
type StoredSettings = ImportSettings & { commitRequestedBy?: { id: number; empNo: string } };

const SHOWN_REJECTED = 200;
/** Between a field and a value in a remembered value mapping (PostgreSQL text cannot hold NUL). */
const VALUE_SEPARATOR = '\u001f';
const SHOWN_PREVIEW = 20;

const stateLabel = (status: string) => IMPORT_STATUS_LABELS[status as ImportStatus] ?? status;

/** Commits and rollbacks of the same plant, kind and month wait for each other. */
const lockScope = (tx: Executor, job: Pick<JobRow, 'bu' | 'kind' | 'yearMonth'>) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${job.bu}:${job.kind}:${job.yearMonth ?? ''}`}))`);

const emptySettings = (): ImportSettings => ({ columns: {}, dateFormats: {}, valueMap: {} });

// ——— Pushes ———

const announce = async (notifier: Notifier, job: Pick<JobRow, 'id' | 'status' | 'progress' | 'createdBy'>) => {
  if (!job.createdBy) return;
  await notifier.publish({
    employeeIds: [job.createdBy],
    kind: 'import.progress',
    payload: { content: JSON.stringify({ id: job.id, status: job.status, progress: job.progress }) },
  });
};

const setState = async (
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

// ——— Reading and checking (the worker) ———

/** The safety-issue types a 问题类型 cell may name, by code and name (the dictionary's EHS entries). */
const loadSafetyTypes = (db: Executor) =>
  db
    .select({ code: dictionaryItems.stateId, name: dictionaryItems.stateDescr })
    .from(dictionaryItems)
    .where(eq(dictionaryItems.stateType, SAFETY_ISSUE_TYPES.stateType))
    .orderBy(asc(dictionaryItems.stateId));

const loadLookups = async (db: Executor, empNos: string[]): Promise<Lookups> => {
  const [found, safetyTypes] = await Promise.all([
    empNos.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: employees.id,
            empNo: employees.empNo,
            bu: employees.bu,
            name: employees.name,
            leftOn: employees.leftOn,
          })
          .from(employees)
          .where(sql`${employees.empNo} = any(${sql.param(empNos)}::text[])`), // one parameter, however many rows
    loadSafetyTypes(db),
  ]);
  const empType = new Map<string, string>();
  for (const code of EMP_TYPES) {
    empType.set(code, code);
    empType.set(EMP_TYPE_LABELS[code], code);
  }
  const safetyType = new Map<string, string>();
  for (const { code, name } of safetyTypes) {
    safetyType.set(code, code);
    safetyType.set(name, code);
  }
  return {
    employees: new Map(found.map((row): [string, EmployeeRef] => [row.empNo, row])),
    values: { empType, safetyType },
  };
};

const previewValues = (data: Record<string, unknown>): Record<string, string> => {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value && typeof value === 'object') {
      for (const [item, amount] of Object.entries(value as Record<string, unknown>)) values[item] = String(amount);
    } else values[key] = String(value);
  }
  return values;
};

/**
 * The valid rows of a check, into import_rows through one COPY on a connection of its own: PostgreSQL reads the
 * lines as the thread writes them, where an insert of 80,000 rows from JSON cost three times as long. One statement,
 * so a check that fails half way leaves no rows behind.
 */
const openRowStaging = (db: Db) => {
  let copy: Promise<{ client: pg.PoolClient; stream: Writable }> | undefined;
  let failure: Error | undefined;
  let isReleased = false;
  /** Back to the pool once; a connection whose COPY failed is closed instead. */
  const release = (client: pg.PoolClient, isBroken: boolean) => {
    if (isReleased) return;
    isReleased = true;
    client.release(isBroken);
  };
  const open = () => {
    copy ??= db.$client.connect().then((client) => {
      const stream = client.query(copyFrom('copy import_rows (job_id, row_no, employee_id, data) from stdin'));
      // Kept for the next write and for finish (finished() answers it too); never an unhandled 'error'.
      stream.on('error', (error) => {
        failure ??= error;
      });
      return { client, stream };
    });
    return copy;
  };
  return {
    write: async (text: string) => {
      const { stream } = await open();
      if (failure) throw failure;
      if (!stream.write(text)) await once(stream, 'drain');
    },
    finish: async () => {
      if (!copy) return;
      const { client, stream } = await copy;
      try {
        stream.end();
        await finished(stream);
        release(client, false);
      } catch (error) {
        release(client, true);
        throw error;
      }
    },
    /** Ends the COPY with an error, so that PostgreSQL discards what it took. */
    abort: (error: unknown) => {
      copy?.then(
        ({ client, stream }) => {
          if (!stream.destroyed) stream.destroy(error instanceof Error ? error : new Error(String(error)));
          release(client, true);
        },
        () => {}, // no connection was had: nothing to end
      );
    },
  };
};

/** The parts an uploaded file is stored in (import_file_parts). */
const FILE_PART_BYTES = 1024 * 1024;

/**
 * The job's file: from memory when it was uploaded to this instance a moment ago, else from the database part by
 * part, each as hex text (a bytea read back as binary is parsed on this thread), decoded in the checking thread.
 */
const fileOf = async (
  { db, freshUploads }: Pick<ImportDeps, 'db'> & { freshUploads: FreshUploads },
  jobId: number,
): Promise<CheckInput['file']> => {
  const bytes = freshUploads.take(jobId);
  if (bytes) return { bytes };
  const { rows: parts } = await db.execute<{ part: number }>(
    sql`select part from import_file_parts where job_id = ${jobId} order by part`,
  );
  if (parts.length === 0) throw new BusinessError('INVALID_INPUT', { detail: '文件已不存在，请重新上传' });
  const hexParts: string[] = [];
  for (const { part } of parts) {
    const { rows } = await db.execute<{ hex: string }>(
      sql`select encode(bytes, 'hex') as hex from import_file_parts where job_id = ${jobId} and part = ${part}`,
    );
    hexParts.push(rows[0]?.hex ?? '');
  }
  return { hexParts };
};

/** A job's file is let go once the job is done or failed. */
const forgetFile = (db: Executor, jobId: number) =>
  db.execute(sql`delete from import_file_parts where job_id = ${jobId}`);

/**
 * The worker's part before the commit: read the file, check every row, stage the valid ones. Reading and checking run
 * in a thread of their own (check-in-thread.ts); this side looks up the employees and stages each chunk of rows.
 */
export const processJob = async (
  deps: Pick<ImportDeps, 'db' | 'notifier'> & {
    checkThread: CheckThread;
    freshUploads: FreshUploads;
    timeLimitMs: number;
  },
  job: JobRow,
) => {
  const { db } = deps;
  const kind = job.kind as ImportKind;
  const settings = { ...emptySettings(), ...(job.settings as Partial<ImportSettings>) };
  try {
    const file = await fileOf(deps, job.id);
    let totalRows = 0;
    let lastPush = Date.now();
    // The rows of an earlier check of this job go first; the new ones arrive through one COPY.
    await db.execute(sql`delete from import_rows where job_id = ${job.id}`);
    const staging = openRowStaging(db);
    let checked: CheckResult;
    try {
      checked = await deps.checkThread.check(
        { jobId: job.id, file, fileName: job.fileName, kind, bu: job.bu, month: job.yearMonth, settings },
        {
          onRead: async (read) => {
            totalRows = read.totalRows;
            await setState(deps, job, { status: 'validating', progress: 0, totalRows });
            return loadLookups(db, read.empNos);
          },
          onProgress: (done) => {
            if (Date.now() - lastPush < 500) return;
            lastPush = Date.now();
            void setState(deps, job, { progress: Math.round((done / Math.max(1, totalRows)) * 100) });
          },
          onRows: staging.write,
        },
        { timeLimitMs: deps.timeLimitMs },
      );
      await staging.finish();
    } catch (error) {
      staging.abort(error);
      throw error;
    }
    const summary: Summary = {
      headers: checked.headers,
      columns: checked.columns,
      missingFields: checked.missingFields,
      unknownValues: checked.unknownValues,
      rejected: checked.rejected.slice(0, SHOWN_REJECTED).map(({ row, reason }) => ({ row, reason })),
      preview: checked.preview
        .slice(0, SHOWN_PREVIEW)
        .map((row) => ({ row: row.rowNo, values: previewValues(row.data) })),
    };
    const missing = checked.missingFields.map(
      (key) => IMPORT_FIELDS[kind].find((field) => field.key === key)?.label ?? key,
    );
    await setState(deps, job, {
      status: 'ready',
      progress: 100,
      summary,
      rejected: checked.rejected,
      validRows: checked.validRows,
      rejectedRows: checked.rejected.length,
      message: missing.length > 0 ? `缺少必填列：${missing.join('、')}，请指定对应的列` : '',
    });
  } catch (error) {
    const message = error instanceof BusinessError ? error.message : '文件读取失败，请检查文件后重新上传';
    await setState(deps, job, { status: 'failed', message });
    await forgetFile(db, job.id);
    if (!(error instanceof BusinessError)) throw error;
  }
};

// ——— Payslip batches the imports feed ———

/** The batch of a plant's month, made as a draft the first time; a published one takes no import. */
const draftBatchFor = async (tx: Executor, bu: string, month: string) => {
  await tx.insert(payslipBatches).values({ bu, yearMonth: month }).onConflictDoNothing();
  const [batch] = await tx
    .select({ id: payslipBatches.id, status: payslipBatches.status })
    .from(payslipBatches)
    .where(and(eq(payslipBatches.bu, bu), eq(payslipBatches.yearMonth, month)))
    .for('update');
  if (!batch) throw new Error('payslip batch vanished');
  if (batch.status === 'published') throw new BusinessError('IMPORT_BATCH_PUBLISHED', { month });
  return batch.id;
};

/** PostgreSQL's query_canceled: here, a statement of the commit that ran past the time limit. */
const isQueryCanceled = (error: unknown) =>
  (error as { code?: string })?.code === '57014' || (error as { cause?: { code?: string } })?.cause?.code === '57014';

/**
 * The worker's commit: one transaction, its audit row inside. Each of its statements may run at most the time
 * limit; one past it is cancelled by PostgreSQL and the whole commit rolled back.
 */
export const commitJob = async (deps: Pick<ImportDeps, 'db' | 'notifier'> & { timeLimitMs: number }, job: JobRow) => {
  const kind = job.kind as ImportKind;
  const requester = (job.settings as StoredSettings).commitRequestedBy;
  try {
    await withTransaction(deps.db, async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(deps.timeLimitMs)}, true)`);
      await lockScope(tx, job);
      const batchId = kind === 'payslip' && job.yearMonth ? await draftBatchFor(tx, job.bu, job.yearMonth) : null;
      await replaceRows(tx, { kind, jobId: job.id, month: job.yearMonth, batchId, bu: job.bu });
      const [replaced] = await tx
        .execute<{ n: number }>(sql`select count(*)::int as n from import_replaced where job_id = ${job.id}`)
        .then((result) => result.rows);
      await tx
        .update(importJobs)
        .set({
          status: 'done',
          progress: 100,
          message: '',
          batchId,
          committedAt: sql`now()`,
          heartbeatAt: sql`now()`,
        })
        .where(eq(importJobs.id, job.id));
      await forgetFile(tx, job.id);
      await recordAudit(tx, {
        actor: requester,
        action: 'import.commit',
        subject: { type: 'import', id: job.id },
        after: {
          bu: job.bu,
          kind,
          month: job.yearMonth,
          written: job.validRows,
          replaced: replaced?.n ?? 0,
          batchId,
        },
      });
    });
    Object.assign(job, { status: 'done', progress: 100 });
    await announce(deps.notifier, job);
  } catch (caught) {
    const error = isQueryCanceled(caught)
      ? new BusinessError('IMPORT_TIMED_OUT', { limit: durationText(deps.timeLimitMs) })
      : caught;
    const message = error instanceof BusinessError ? error.message : '导入失败，数据未作任何修改，请重试';
    // Nothing was written: the job can be committed again once the cause is gone.
    await setState(deps, job, { status: 'ready', isCommitRequested: 0, message });
    if (!(error instanceof BusinessError)) throw error;
  }
};

// ——— The calls ———

const loadJob = async (db: Executor, caller: Caller, id: number): Promise<JobRow> => {
  requirePlantAdmin(caller);
  const [job] = await db.select(JOB_COLUMNS).from(importJobs).where(eq(importJobs.id, id));
  // Another plant's job is as absent as one that does not exist.
  if (!job || !caller.adminPlants.has(job.bu)) throw new BusinessError('IMPORT_NOT_FOUND');
  return job;
};

const rememberedSettings = async (db: Executor, bu: string, kind: ImportKind): Promise<ImportSettings> => {
  const rows = await db
    .select()
    .from(importMappings)
    .where(and(eq(importMappings.bu, bu), eq(importMappings.kind, kind)));
  const settings = emptySettings();
  for (const row of rows) {
    if (row.source === 'column') settings.columns[row.fromText] = row.toText;
    else if (row.source === 'format' && (DATE_FORMATS as readonly string[]).includes(row.toText)) {
      settings.dateFormats[row.fromText] = row.toText as DateFormat;
    } else if (row.source === 'value') {
      const [field = '', ...value] = row.fromText.split(VALUE_SEPARATOR);
      settings.valueMap[field] ??= {};
      (settings.valueMap[field] as Record<string, string>)[value.join(VALUE_SEPARATOR)] = row.toText;
    }
  }
  return settings;
};

export const uploadImport = async (
  deps: ImportDeps,
  caller: Caller,
  {
    bu,
    kind,
    month,
    fileName,
    bytes,
    requestId,
  }: { bu: string; kind: ImportKind; month?: string; fileName: string; bytes: Buffer; requestId: string },
) => {
  requirePlantAdmin(caller, bu);
  if (isMonthlyKind(kind) && !month) throw new BusinessError('INVALID_INPUT', { detail: '请选择导入月份' });
  if (bytes.length === 0) throw new BusinessError('UPLOAD_EMPTY');
  if (bytes.length > MAX_IMPORT_BYTES) throw new BusinessError('UPLOAD_TOO_LARGE', { max: MAX_IMPORT_BYTES >> 20 });
  const id = await withTransaction(deps.db, async (tx, afterCommit) => {
    const settings = await rememberedSettings(tx, bu, kind);
    const [job] = await tx
      .insert(importJobs)
      .values({
        bu,
        kind,
        yearMonth: isMonthlyKind(kind) ? (month ?? null) : null,
        fileName: fileName.slice(0, 255),
        createdBy: caller.id,
        settings,
      })
      .returning({ id: importJobs.id });
    const jobId = job?.id as number;
    // A statement per part: between them the event loop answers the other calls.
    for (let part = 0; part * FILE_PART_BYTES < bytes.length; part++) {
      const piece = bytes.subarray(part * FILE_PART_BYTES, (part + 1) * FILE_PART_BYTES);
      await tx.insert(importFileParts).values({ jobId, part, bytes: piece });
    }
    await recordAudit(tx, {
      actor: caller,
      action: 'import.upload',
      subject: { type: 'import', id: jobId },
      after: { bu, kind, month: month ?? null, fileName, size: bytes.length },
      requestId,
    });
    afterCommit(() => {
      deps.freshUploads.keep(jobId, bytes);
      deps.kick();
      return announce(deps.notifier, { id: jobId, status: 'queued', progress: 0, createdBy: caller.id });
    });
    return jobId;
  });
  return { id };
};

const creatorName = async (db: Executor, employeeId: number | null) => {
  if (!employeeId) return '';
  const [row] = await db
    .select({ name: employees.name, empNo: employees.empNo })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row ? `${row.name}（${row.empNo}）` : '';
};

const listItemOf = (job: JobRow, createdBy: string): ImportJobListItem => ({
  id: job.id,
  bu: job.bu,
  kind: job.kind as ImportKind,
  month: job.yearMonth,
  status: job.status as ImportStatus,
  progress: job.progress,
  fileName: job.fileName,
  createdAt: job.createdAt ? companyDateTime(job.createdAt) : '',
  createdBy,
  message: job.message,
  totalRows: job.totalRows,
  validRows: job.validRows,
  rejectedRows: job.rejectedRows,
  committedAt: job.committedAt && companyDateTime(job.committedAt),
  rolledBackAt: job.rolledBackAt && companyDateTime(job.rolledBackAt),
});

export const getImportJob = async ({ db }: Pick<ImportDeps, 'db'>, caller: Caller, id: number): Promise<ImportJob> => {
  const job = await loadJob(db, caller, id);
  const summary = job.summary as Summary;
  const settings = { ...emptySettings(), ...(job.settings as Partial<ImportSettings>) };
  return {
    ...listItemOf(job, await creatorName(db, job.createdBy)),
    columns: summary.columns ?? [],
    missingFields: summary.missingFields ?? [],
    dateFormats: settings.dateFormats,
    valueMap: settings.valueMap,
    unknownValues: summary.unknownValues ?? [],
    rejected: summary.rejected ?? [],
    preview: summary.preview ?? [],
    batchId: job.batchId,
  };
};

export const listImportJobs = async (
  { db }: Pick<ImportDeps, 'db'>,
  caller: Caller,
  filter: { bu?: string; kind?: ImportKind; page: number; pageSize: number },
) => {
  requirePlantAdmin(caller, filter.bu);
  const plants = [...caller.adminPlants];
  const where = and(
    filter.bu ? eq(importJobs.bu, filter.bu) : inArray(importJobs.bu, plants.length > 0 ? plants : ['']),
    filter.kind ? eq(importJobs.kind, filter.kind) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ job: JOB_COLUMNS, name: employees.name, empNo: employees.empNo })
      .from(importJobs)
      .leftJoin(employees, eq(employees.id, importJobs.createdBy))
      .where(where)
      .orderBy(desc(importJobs.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(importJobs).where(where),
  ]);
  return {
    rows: rows.map(({ job, name, empNo }) => listItemOf(job, name ? `${name}（${empNo}）` : '')),
    totalCount: total?.n ?? 0,
  };
};

const KNOWN_FIELD = (kind: ImportKind, key: string) => IMPORT_FIELDS[kind].some((field) => field.key === key);

export const remapImport = async (
  deps: ImportDeps,
  caller: Caller,
  { id, columns, dateFormats, valueMap, requestId }: ImportSettings & { id: number; requestId: string },
) => {
  await withTransaction(deps.db, async (tx, afterCommit) => {
    const job = await loadJob(tx, caller, id);
    const kind = job.kind as ImportKind;
    if (job.status !== 'ready') throw new BusinessError('IMPORT_STATE', { state: stateLabel(job.status) });
    for (const field of [
      ...Object.values(columns).filter(Boolean),
      ...Object.keys(dateFormats),
      ...Object.keys(valueMap),
    ]) {
      if (!KNOWN_FIELD(kind, field)) throw new BusinessError('INVALID_INPUT', { detail: `字段 ${field} 无效` });
    }
    const before = job.settings as ImportSettings;
    const settings: ImportSettings = {
      columns: { ...before.columns, ...columns },
      dateFormats: { ...before.dateFormats, ...dateFormats },
      valueMap: { ...before.valueMap },
    };
    for (const [field, values] of Object.entries(valueMap))
      settings.valueMap[field] = { ...settings.valueMap[field], ...values };
    await tx
      .update(importJobs)
      .set({ settings, status: 'queued', progress: 0, message: '', heartbeatAt: sql`now()` })
      .where(eq(importJobs.id, id));
    // Remembered for the plant's next import of this kind.
    const remembered = [
      ...Object.entries(columns).map(([from, to]) => ({ source: 'column', from, to })),
      ...Object.entries(dateFormats).map(([from, to]) => ({ source: 'format', from, to })),
      ...Object.entries(valueMap).flatMap(([field, values]) =>
        Object.entries(values).map(([value, to]) => ({
          source: 'value',
          from: `${field}${VALUE_SEPARATOR}${value}`,
          to,
        })),
      ),
    ];
    for (const { source, from, to } of remembered) {
      await tx
        .insert(importMappings)
        .values({ bu: job.bu, kind, source, fromText: from.slice(0, 256), toText: to })
        .onConflictDoUpdate({
          target: [importMappings.bu, importMappings.kind, importMappings.source, importMappings.fromText],
          set: { toText: to, updatedAt: sql`now()` },
        });
    }
    await recordAudit(tx, {
      actor: caller,
      action: 'import.remap',
      subject: { type: 'import', id },
      before,
      after: settings,
      requestId,
    });
    afterCommit(() => {
      deps.kick();
      return announce(deps.notifier, { id, status: 'queued', progress: 0, createdBy: job.createdBy });
    });
  });
};

export const commitImport = async (
  deps: ImportDeps,
  caller: Caller,
  { id, requestId }: { id: number; requestId: string },
) => {
  await withTransaction(deps.db, async (tx, afterCommit) => {
    const job = await loadJob(tx, caller, id);
    // Asked for already (a second click, another clerk): nothing more to do.
    if (job.isCommitRequested || job.status === 'committing' || job.status === 'done') return;
    if (job.status !== 'ready') throw new BusinessError('IMPORT_STATE', { state: stateLabel(job.status) });
    if (((job.summary as Summary).missingFields ?? []).length > 0) throw new BusinessError('IMPORT_COLUMNS_MISSING');
    if (job.validRows === 0) throw new BusinessError('IMPORT_NOTHING_VALID');
    if (job.kind === 'payslip' && job.yearMonth) {
      const [batch] = await tx
        .select({ status: payslipBatches.status })
        .from(payslipBatches)
        .where(and(eq(payslipBatches.bu, job.bu), eq(payslipBatches.yearMonth, job.yearMonth)));
      if (batch?.status === 'published') throw new BusinessError('IMPORT_BATCH_PUBLISHED', { month: job.yearMonth });
    }
    const settings: StoredSettings = {
      ...(job.settings as ImportSettings),
      commitRequestedBy: { id: caller.id, empNo: caller.empNo },
    };
    await tx
      .update(importJobs)
      .set({ isCommitRequested: 1, settings, message: '', heartbeatAt: sql`now()` })
      .where(eq(importJobs.id, id));
    await recordAudit(tx, {
      actor: caller,
      action: 'import.commit-request',
      subject: { type: 'import', id },
      after: { validRows: job.validRows, rejectedRows: job.rejectedRows },
      requestId,
    });
    afterCommit(deps.kick);
  });
};

export const rollbackImport = async (
  deps: ImportDeps,
  caller: Caller,
  { id, requestId }: { id: number; requestId: string },
) => {
  await withTransaction(deps.db, async (tx) => {
    const job = await loadJob(tx, caller, id);
    const kind = job.kind as ImportKind;
    if (job.status !== 'done') throw new BusinessError('IMPORT_STATE', { state: stateLabel(job.status) });
    await lockScope(tx, job);
    const later = await tx.execute<{ id: number }>(sql`
      select id from import_jobs
      where bu = ${job.bu} and kind = ${kind} and year_month is not distinct from ${job.yearMonth}
        and status = 'done' and id <> ${job.id}
        and committed_at > (select committed_at from import_jobs where id = ${job.id})
      order by committed_at desc limit 1`);
    const newer = later.rows[0];
    if (newer) throw new BusinessError('IMPORT_NOT_LATEST', { id: newer.id });
    if (job.batchId) {
      const [batch] = await tx
        .select({ status: payslipBatches.status })
        .from(payslipBatches)
        .where(eq(payslipBatches.id, job.batchId))
        .for('update');
      if (batch?.status === 'published')
        throw new BusinessError('IMPORT_BATCH_PUBLISHED', { month: job.yearMonth ?? '' });
    }
    await restoreRows(tx, { kind, jobId: id, month: job.yearMonth });
    await tx
      .update(importJobs)
      .set({ status: 'rolledBack', rolledBackAt: sql`now()`, heartbeatAt: sql`now()` })
      .where(eq(importJobs.id, id));
    await recordAudit(tx, {
      actor: caller,
      action: 'import.rollback',
      subject: { type: 'import', id },
      before: { status: 'done' },
      after: { status: 'rolledBack', bu: job.bu, kind, month: job.yearMonth },
      requestId,
    });
  });
};

export const getRejectedRows = async ({ db }: Pick<ImportDeps, 'db'>, caller: Caller, id: number) => {
  const job = await loadJob(db, caller, id);
  const rows = (job.rejected as RejectedRow[] | null) ?? [];
  if (rows.length === 0) throw new BusinessError('IMPORT_NO_REJECTED');
  return rejectedWorkbook({
    kind: job.kind as ImportKind,
    headers: (job.summary as Summary).headers ?? [],
    rows,
    jobId: id,
  });
};

export const getImportTemplate = async (db: Db, caller: Caller, kind: ImportKind) => {
  requirePlantAdmin(caller);
  const safetyTypes = await loadSafetyTypes(db);
  return templateWorkbook(kind, {
    empType: EMP_TYPES.map((code) => [code, EMP_TYPE_LABELS[code]]),
    safetyType: safetyTypes.map(({ code, name }) => [code, name]),
  });
};
