// The monthly data imports of the HR console. An upload becomes a job in the database (queued); a worker reads
// and checks it (parsing, validating) and stages its valid rows (ready); the clerk maps what was not recognised and
// asks for the commit, which a worker runs in one transaction (committing → done) that replaces that month's rows
// of those employees and keeps what it replaced, so the import can be rolled back as a whole. Every call is an
// HRAdmin's of the job's plant; every change is in the audit log; each state is pushed to the clerk's sockets.
// This file holds the calls; the worker's parts are check-job.ts and commit-job.ts (run by runner.ts).

import { IMPORT_KIND_LABELS } from '@ess/contract/import-kinds';
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
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import { type Caller, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { employees, importFileParts, importJobs, importMappings, payslipBatches } from '../../db/schema/index';
import { type Executor, withTransaction } from '../../db/transaction';
import { companyDateTime } from '../../lib/calendar';
import { loadSafetyTypes } from './check-job';
import {
  announce,
  emptySettings,
  FILE_PART_BYTES,
  type ImportDeps,
  JOB_COLUMNS,
  type JobRow,
  lockScope,
  type StoredSettings,
  type Summary,
} from './job-state';
import { restoreRows } from './kinds';
import type { ImportSettings, RejectedRow } from './validate';
import { rejectedWorkbook, templateWorkbook } from './workbooks';

export type { ImportDeps } from './job-state';
/** The reader and the rejected-rows workbook of the imports, for other uploads of sheets (the question bank's). */
export { type Cell, readSheet, type Sheet, type SheetRow } from './read-sheet';
export { rejectedWorkbook } from './workbooks';

/** Between a field and a value in a remembered value mapping (PostgreSQL text cannot hold NUL). */
const VALUE_SEPARATOR = '\u001f';

const stateLabel = (status: string) => IMPORT_STATUS_LABELS[status as ImportStatus] ?? status;

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
    }, 'queue the uploaded import');
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
    }, 'queue the remapped import');
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
    afterCommit(deps.kick, 'queue the commit');
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
    fileName: `${IMPORT_KIND_LABELS[job.kind as ImportKind]}导入-${id}-未导入的行`,
    headers: (job.summary as Summary).headers ?? [],
    rows,
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
