// 收件箱: the feedback workers send (notices of the five App* types), for the HR of its plant, listed with how long
// each has waited and flagged when unanswered past the configured days, and answered once, in one transaction with
// its audit row and a message to the worker, after which the worker's 我的反馈 shows it 已审核 with the answer.
// Any item of the 收件箱 (feedback, proposal, candidate) is assigned here to an HR colleague of its plant.
import type { Assignee, FeedbackRow, FeedbackStatus, InboxKind } from '@ess/contract/inbox';
import { FEEDBACK_TYPES, type FeedbackType } from '@ess/contract/notices';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import { type Caller, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { sendMessages } from '../../core/messages';
import type { Notifier } from '../../core/notifier';
import {
  type InboxItem,
  inboxColumns,
  inboxOrder,
  inboxWhere,
  inboxWorkOf,
  joinAssignee,
  type SubmissionFilter,
} from '../../core/submissions';
import type { Db } from '../../db/client';
import { totalOver } from '../../db/paging';
import { candidates, employees, notices, proposals } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import { type Executor, withTransaction } from '../../db/transaction';

export type FeedbackFilter = SubmissionFilter & {
  type?: FeedbackType;
  status?: FeedbackStatus;
  page: number;
  pageSize: number;
};

const isAnswered = eq(notices.isVerify, 'Y');

/** A feedback waits until it is answered. */
export const FEEDBACK_ITEM: InboxItem = {
  bu: notices.bu,
  createdAt: notices.createdAt,
  assignedTo: notices.assignedTo,
  isHandled: sql`${notices.isVerify} = 'Y'`,
  handledAt: notices.verifiedAt,
};

export const listFeedback = async (
  db: Db,
  caller: Caller,
  { overdueDays, ...filter }: FeedbackFilter & { overdueDays: number },
): Promise<{ rows: FeedbackRow[]; totalCount: number }> => {
  const conditions: (SQL | undefined)[] = [
    inboxWhere(FEEDBACK_ITEM, caller, filter, overdueDays),
    inArray(notices.noticeType, filter.type ? [filter.type] : [...FEEDBACK_TYPES]),
  ];
  if (filter.status === 'answered') conditions.push(isAnswered);
  if (filter.status === 'unanswered') conditions.push(sql`${notices.isVerify} <> 'Y'`);
  const rows = await db
    .select({
      id: notices.id,
      type: notices.noticeType,
      bu: notices.bu,
      empNo: employees.empNo,
      empName: employees.name,
      deptName: employees.deptName,
      description: notices.description,
      createdAt: shanghaiTime(notices.createdAt),
      answer: notices.messageContent,
      answeredAt: shanghaiTime(notices.verifiedAt), // null while unanswered
      ...inboxColumns(FEEDBACK_ITEM),
      total: totalOver(),
    })
    .from(notices)
    .innerJoin(employees, eq(employees.id, notices.employeeId))
    .leftJoin(...joinAssignee(FEEDBACK_ITEM))
    .where(and(...conditions))
    .orderBy(...inboxOrder(FEEDBACK_ITEM, notices.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return {
    rows: rows.map(({ total: _total, answer, answeredAt, ...row }) => ({
      ...inboxWorkOf(row, overdueDays),
      type: row.type as FeedbackType,
      answer: row.isHandled ? answer : null,
      answeredAt: row.isHandled ? answeredAt : null,
    })),
    totalCount: rows[0]?.total ?? 0,
  };
};

/** HR's answer to a feedback of a plant it administers; once: a second answer is refused. */
export const answerFeedback = (
  { db, notifier }: { db: Db; notifier: Notifier },
  caller: Caller,
  { id, answer, requestId }: { id: number; answer: string; requestId: string },
) =>
  withTransaction(db, async (tx, afterCommit) => {
    const [feedback] = await tx
      .select({ employeeId: notices.employeeId, bu: notices.bu, isVerify: notices.isVerify, title: notices.title })
      .from(notices)
      .where(and(eq(notices.id, id), inArray(notices.noticeType, [...FEEDBACK_TYPES])))
      .for('update');
    // Another plant's feedback is as absent as none.
    if (!feedback || !caller.adminPlants.has(feedback.bu)) throw new BusinessError('FEEDBACK_NOT_FOUND');
    if (feedback.isVerify === 'Y') throw new BusinessError('FEEDBACK_ANSWERED');
    await tx
      .update(notices)
      .set({ isVerify: 'Y', messageContent: answer, verifiedAt: sql`now()` })
      .where(eq(notices.id, id));
    await sendMessages(
      { tx, afterCommit, notifier },
      { to: { employeeIds: [feedback.employeeId] }, title: '您的反馈已答复', body: answer, link: '/user/my-option' },
    );
    await recordAudit(tx, {
      actor: caller,
      action: 'notice.answer-feedback',
      subject: { type: 'notice', id },
      before: { isVerify: feedback.isVerify },
      after: { isVerify: 'Y', answer },
      requestId,
    });
  });

/**
 * The colleagues an item of a plant can be assigned to: the employees (not left) whose HRAdmin role administers
 * that plant, and the SysAdmins, who administer every plant.
 */
const colleaguesOf = (db: Executor, bu: string, empNo?: string) =>
  db.execute<{ id: number; empNo: string; name: string }>(sql`
    select e.id, e.emp_no as "empNo", e.name
      from employees e
     where e.left_on is null
       ${empNo === undefined ? sql`` : sql`and e.emp_no = ${empNo}`}
       and (exists (select 1 from employee_roles er join roles r on r.id = er.role_id
                     where er.employee_id = e.id and r.name = 'SysAdmin')
            or (exists (select 1 from employee_roles er join roles r on r.id = er.role_id
                         where er.employee_id = e.id and r.name = 'HRAdmin')
                and exists (select 1 from admin_plants ap where ap.employee_id = e.id and ap.bu = ${bu})))
     order by e.emp_no
     limit 500`);

/** Inbox/GetAssignees: whom the caller can assign an item of a plant it administers to. */
export const listAssignees = async (db: Db, caller: Caller, bu: string): Promise<Assignee[]> => {
  requirePlantAdmin(caller, bu);
  const { rows } = await colleaguesOf(db, bu);
  return rows.map(({ empNo, name }) => ({ empNo, name }));
};

/** Each kind's table, how its items are told apart from other rows, and what the log and the message call it. */
const INBOX_TABLES = {
  feedback: {
    table: notices,
    only: sql`and notice_type in (${sql.join(
      FEEDBACK_TYPES.map((type) => sql`${type}`),
      sql`, `,
    )})`,
    subjectType: 'notice',
    word: '意见反馈',
  },
  proposal: { table: proposals, only: sql``, subjectType: 'proposal', word: '提案' },
  candidate: { table: candidates, only: sql``, subjectType: 'candidate', word: '推荐候选人' },
} as const;

/**
 * Inbox/Assign: an item of a plant the caller administers goes to a colleague of that plant (blank: to nobody).
 * The colleague gets a message, unless they assigned it to themselves. Another plant's item is as unknown as a
 * missing one; a colleague who cannot work on that plant is refused.
 */
export const assignInboxItem = (
  { db, notifier }: { db: Db; notifier: Notifier },
  caller: Caller,
  { kind, id, assigneeEmpNo, requestId }: { kind: InboxKind; id: number; assigneeEmpNo: string; requestId: string },
) =>
  withTransaction(db, async (tx, afterCommit) => {
    const { table, only, subjectType, word } = INBOX_TABLES[kind];
    const {
      rows: [item],
    } = await tx.execute<{ bu: string; assignedTo: number | null }>(
      sql`select bu, assigned_to as "assignedTo" from ${table} where id = ${id} ${only} for update`,
    );
    if (!item || !caller.adminPlants.has(item.bu)) throw new BusinessError('RECORD_NOT_FOUND');
    let assignee: { id: number; empNo: string; name: string } | undefined;
    if (assigneeEmpNo) {
      [assignee] = (await colleaguesOf(tx, item.bu, assigneeEmpNo)).rows;
      if (!assignee) throw new BusinessError('ASSIGNEE_INVALID');
    }
    const assignedTo = assignee?.id ?? null;
    if (assignedTo === item.assignedTo) return;
    await tx.execute(
      sql`update ${table} set assigned_to = ${assignedTo}, assigned_at = ${assignedTo === null ? null : sql`now()`}
          where id = ${id}`,
    );
    if (assignee && assignee.id !== caller.id) {
      await sendMessages(
        { tx, afterCommit, notifier },
        {
          to: { employeeIds: [assignee.id] },
          title: `收件箱有一条${word}分派给您`,
          body: `${word}（编号 ${id}）由 ${(await personOf(tx, caller.id)) ?? '同事'} 分派给您，请在 HR 控制台的收件箱处理。`,
        },
      );
    }
    const before = item.assignedTo === null ? null : ((await personOf(tx, item.assignedTo)) ?? null);
    await recordAudit(tx, {
      actor: caller,
      action: 'inbox.assign',
      subject: { type: subjectType, id },
      before: { assignee: before },
      after: { assignee: assignee ? `${assignee.name}（${assignee.empNo}）` : null },
      requestId,
    });
  });

const personOf = async (tx: Executor, employeeId: number) => {
  const [row] = await tx
    .select({ empNo: employees.empNo, name: employees.name })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row ? `${row.name}（${row.empNo}）` : undefined;
};
