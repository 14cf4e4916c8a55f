// The worker's reading and checking of an uploaded job (queued → validating → ready, or failed): the file is read and
// its rows checked in a thread of their own (check-in-thread.ts); this side looks up the employees and the
// dictionaries and stages the valid rows for the commit.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { IMPORT_FIELDS, type ImportKind } from '@ess/contract/imports';
import { EMP_TYPE_LABELS, EMP_TYPES } from '@ess/contract/salary';
import { asc, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { SAFETY_ISSUE_TYPES } from '../../db/reference-data';
import { dictionaryItems, employees } from '../../db/schema/index';
import type { Executor } from '../../db/transaction';
import type { CheckThread } from './check-in-thread';
import type { CheckInput, CheckResult } from './check-protocol';
import type { FreshUploads } from './fresh-uploads';
import {
  emptySettings,
  forgetFile,
  type ImportDeps,
  type JobRow,
  type Summary,
  setState,
  tellClerk,
} from './job-state';
import type { EmployeeRef, ImportSettings, Lookups } from './validate';

const SHOWN_REJECTED = 200;
const SHOWN_PREVIEW = 20;

/** The safety-issue types a 问题类型 cell may name, by code and name (the dictionary's EHS entries). */
export const loadSafetyTypes = (db: Executor) =>
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
    await tellClerk(db, job, {
      outcome: '导入待确认',
      body:
        missing.length > 0
          ? `缺少必填列：${missing.join('、')}，请在数据导入中指定对应的列。`
          : `有效 ${checked.validRows} 行${checked.rejected.length > 0 ? `，被拒绝 ${checked.rejected.length} 行` : ''}，请在数据导入中确认。`,
    });
  } catch (error) {
    const message = error instanceof BusinessError ? error.message : '文件读取失败，请检查文件后重新上传';
    await setState(deps, job, { status: 'failed', message });
    await tellClerk(db, job, { outcome: '导入失败', body: message });
    await forgetFile(db, job.id);
    if (!(error instanceof BusinessError)) throw error;
  }
};
