// What HR's 收件箱 lists share (feedback, proposals, candidates): the plant scope, the month as Shanghai's calendar
// has it, how long an item has waited and whether it is overdue, whom it is assigned to, the order (unhandled
// first, the longest-waiting on top), HR's decision with its answer to the worker, and CSV that Excel opens as it
// should (UTF-8 with a BOM, Chinese headers, no formulas smuggled in).
import { INBOX_AGE_DAYS, type InboxAge } from '@ess/contract/inbox';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { type candidates, employees, type proposals } from '../db/schema/index';
import { type Executor, withTransaction } from '../db/transaction';
import { recordAudit } from './audit';
import { type Caller, requirePlantAdmin } from './caller';
import { BusinessError } from './errors';
import { sendMessages } from './messages';
import type { Notifier } from './notifier';

export type SubmissionFilter = {
  bu?: string;
  month?: string;
  age?: InboxAge;
  assignee?: 'mine' | 'unassigned';
};

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

/**
 * An item of the 收件箱 as its table keeps it: when it was sent, whether and when it was handled (a feedback
 * answered, a proposal or a candidate whose status left the first one), and whom it is assigned to.
 */
export type InboxItem = {
  bu: AnyPgColumn;
  createdAt: AnyPgColumn;
  assignedTo: AnyPgColumn;
  isHandled: SQL;
  handledAt: AnyPgColumn;
};

/** When it stopped waiting: handled, or still waiting now. */
const waitedUntil = (item: InboxItem) => sql`coalesce(case when ${item.isHandled} then ${item.handledAt} end, now())`;

/** The assignee of a listed item, joined as `inbox_assignee` (inboxColumns, joinAssignee). */
const inboxAssignee = alias(employees, 'inbox_assignee');

/** What every 收件箱 row selects besides its own fields; inboxWorkOf turns it into the contract's. */
export const inboxColumns = (item: InboxItem) => ({
  waitedDays: sql<number>`floor(extract(epoch from (${waitedUntil(item)} - ${item.createdAt})) / 86400)::int`,
  isHandled: sql<boolean>`${item.isHandled}`,
  assigneeEmpNo: inboxAssignee.empNo,
  assigneeName: inboxAssignee.name,
});

export const joinAssignee = (item: InboxItem) => [inboxAssignee, eq(inboxAssignee.id, item.assignedTo)] as const;

/** The contract's row from inboxColumns: overdue when unhandled for overdueDays or more. */
export const inboxWorkOf = <Row extends ReturnTypeOfColumns>(
  { isHandled, ...row }: Row,
  overdueDays: number,
): Omit<Row, 'isHandled'> & { isOverdue: boolean } => ({
  ...row,
  isOverdue: !isHandled && row.waitedDays >= overdueDays,
});
type ReturnTypeOfColumns = { waitedDays: number; isHandled: boolean };

/** The list's conditions: plants and month, how long it waited, whose it is. */
export const inboxWhere = (
  item: InboxItem,
  caller: Caller,
  filter: SubmissionFilter,
  overdueDays: number,
): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [submissionWhere(item, scopedPlants(caller, filter.bu), filter.month)];
  if (filter.age === 'overdue') {
    conditions.push(
      sql`not (${item.isHandled})`,
      sql`${item.createdAt} <= now() - make_interval(days => ${overdueDays})`,
    );
  } else if (filter.age) {
    conditions.push(
      sql`${waitedUntil(item)} - ${item.createdAt} >= make_interval(days => ${INBOX_AGE_DAYS[filter.age]})`,
    );
  }
  if (filter.assignee === 'mine') conditions.push(eq(item.assignedTo, caller.id));
  if (filter.assignee === 'unassigned') conditions.push(isNull(item.assignedTo));
  return and(...conditions);
};

/** How many of a plant's items wait unhandled, and how many of them for overdueDays or more. */
export const countWaiting = async (
  db: Executor,
  { table, item, only }: { table: PgTable; item: InboxItem; only?: SQL },
  bu: string,
  overdueDays: number,
) => {
  const [row] = await db
    .select({
      open: sql<number>`count(*)::int`,
      overdue: sql<number>`count(*) filter (where ${item.createdAt} <= now() - make_interval(days => ${overdueDays}))::int`,
    })
    .from(table)
    .where(and(eq(item.bu, bu), sql`not (${item.isHandled})`, only));
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
};

/** What needs doing on top: unhandled first, the longest-waiting first; then the handled ones, newest first. */
export const inboxOrder = (item: InboxItem, id: AnyPgColumn) => [
  sql`${item.isHandled}`,
  sql`case when ${item.isHandled} then null else ${item.createdAt} end`,
  desc(item.createdAt),
  desc(id),
];

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

/** How a proposal or a candidate tells its worker of HR's decision: who, with which title, in which words. */
export type DecisionNotice = {
  table: typeof proposals | typeof candidates;
  subject: 'proposal' | 'candidate';
  /** The employee told: the proposal's signed-in submitter (none when anonymous), the candidate's referrer. */
  worker: AnyPgColumn;
  title: string;
  statusWords: Record<string, string>;
  /** The worker's page where the decision shows (the message's card opens it). */
  link: string;
};

/**
 * HR's decision on a proposal or a candidate of a plant it administers: the new status and, when given, the answer
 * (else the earlier one stays), who decided and when, with an audit row; the worker is told by a message when the
 * status or the answer changed. Another plant's submission is as unknown as a missing one.
 */
export const setSubmissionStatus = (
  { db, notifier }: { db: Db; notifier: Notifier },
  caller: Caller,
  { table, subject, worker, title, statusWords, link }: DecisionNotice,
  { id, status, answer, requestId }: { id: number; status: string; answer?: string; requestId: string },
) =>
  withTransaction(db, async (tx, afterCommit) => {
    const {
      rows: [row],
    } = await tx.execute<{ bu: string; status: string; answer: string; worker: number | null }>(
      sql`select bu, status, answer, ${worker} as worker from ${table} where id = ${id} for update`,
    );
    if (!row || !caller.adminPlants.has(row.bu)) throw new BusinessError('RECORD_NOT_FOUND');
    const newAnswer = answer ?? row.answer;
    // Who decided and when move with the status only: an answer added later does not restart the item's wait.
    const decided = status === row.status ? sql`` : sql`, decided_by = ${caller.id}, decided_at = now()`;
    await tx.execute(sql`update ${table} set status = ${status}, answer = ${newAnswer} ${decided} where id = ${id}`);
    if (row.worker !== null && (status !== row.status || newAnswer !== row.answer)) {
      const body = [`状态：${statusWords[status] ?? status}`, newAnswer && `答复：${newAnswer}`].filter(Boolean);
      await sendMessages(
        { tx, afterCommit, notifier },
        { to: { employeeIds: [row.worker] }, title, body: body.join('\n'), link },
      );
    }
    await recordAudit(tx, {
      actor: caller,
      action: `${subject}.status` as const,
      subject: { type: subject, id },
      before: { status: row.status, answer: row.answer },
      after: { status, answer: newAnswer },
      requestId,
    });
  });
