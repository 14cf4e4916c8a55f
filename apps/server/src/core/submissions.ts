// What HR's lists of the public forms' submissions share: the plant scope, the month as Shanghai's calendar has
// it, and CSV that Excel opens as it should (UTF-8 with a BOM, Chinese headers, no formulas smuggled in).
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { candidates, proposals } from '../db/schema/index';
import { withTransaction } from '../db/transaction';
import { recordAudit } from './audit';
import { type Caller, requirePlantAdmin } from './caller';
import { BusinessError } from './errors';

export type SubmissionFilter = { bu?: string; month?: string };

/** The plants the list covers: the one asked for (when the caller administers it), else all the caller's. */
export const scopedPlants = (caller: Caller, bu: string | undefined): string[] => {
  requirePlantAdmin(caller, bu);
  return bu ? [bu] : [...caller.adminPlants];
};

/** Rows of the plants and, with a month (yyyy-MM), created in it on Shanghai's calendar. */
export const submissionWhere = (
  columns: { bu: AnyPgColumn; createdAt: AnyPgColumn },
  plants: string[],
  month: string | undefined,
): SQL | undefined => {
  const conditions: SQL[] = [inArray(columns.bu, plants.length > 0 ? plants : ['-'])];
  if (month) {
    const start = sql`(${`${month}-01`}::date)::timestamp at time zone 'Asia/Shanghai'`;
    const end = sql`((${`${month}-01`}::date + interval '1 month')::timestamp) at time zone 'Asia/Shanghai'`;
    conditions.push(sql`${columns.createdAt} >= ${start}`, sql`${columns.createdAt} < ${end}`);
  }
  return and(...conditions);
};

/** The most rows one export holds (a month of a large plant fits many times over). */
export const MAX_EXPORT_ROWS = 50_000;

/** A cell as Excel reads it: quoted, and text that would start a formula (= + - @, tab, CR) kept as text. */
const csvCell = (value: unknown) => {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
};

/** UTF-8 with a BOM (Excel then reads Chinese right), CRLF lines. */
export const toCsv = (headers: string[], rows: unknown[][]) =>
  `\uFEFF${[headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;

/**
 * HR's decision on a proposal or a candidate of a plant it administers: the new status, who decided and when, with
 * an audit row. Another plant's submission is as unknown as a missing one.
 */
export const setSubmissionStatus = (
  db: Db,
  caller: Caller,
  { table, subject }: { table: typeof proposals | typeof candidates; subject: 'proposal' | 'candidate' },
  { id, status, requestId }: { id: number; status: string; requestId: string },
) =>
  withTransaction(db, async (tx) => {
    const {
      rows: [row],
    } = await tx.execute<{ bu: string; status: string }>(
      sql`select bu, status from ${table} where id = ${id} for update`,
    );
    if (!row || !caller.adminPlants.has(row.bu)) throw new BusinessError('RECORD_NOT_FOUND');
    await tx.execute(
      sql`update ${table} set status = ${status}, decided_by = ${caller.id}, decided_at = now() where id = ${id}`,
    );
    await recordAudit(tx, {
      actor: caller,
      action: `${subject}.status` as const,
      subject: { type: subject, id },
      before: { status: row.status },
      after: { status },
      requestId,
    });
  });
