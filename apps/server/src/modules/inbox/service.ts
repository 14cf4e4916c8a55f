// 收件箱: the feedback workers send (notices of the five App* types), for the HR of its plant. Listed with how long
// each has waited and flagged when unanswered past the configured days; answered once, in one transaction with its
// audit row and a message to the worker, after which the worker's 我的反馈 shows it 已审核 with the answer.
import type { FeedbackRow, FeedbackStatus } from '@ess/contract/inbox';
import { FEEDBACK_TYPES, type FeedbackType } from '@ess/contract/notices';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { sendMessages } from '../../core/messages';
import type { Notifier } from '../../core/notifier';
import { scopedPlants, submissionWhere } from '../../core/submissions';
import type { Db } from '../../db/client';
import { totalOver } from '../../db/paging';
import { employees, notices } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import { withTransaction } from '../../db/transaction';

export type FeedbackFilter = {
  bu?: string;
  month?: string;
  type?: FeedbackType;
  status?: FeedbackStatus;
  page: number;
  pageSize: number;
};

const isAnswered = eq(notices.isVerify, 'Y');

export const listFeedback = async (
  db: Db,
  caller: Caller,
  { overdueDays, ...filter }: FeedbackFilter & { overdueDays: number },
): Promise<{ rows: FeedbackRow[]; totalCount: number }> => {
  const conditions: (SQL | undefined)[] = [
    submissionWhere(notices, scopedPlants(caller, filter.bu), filter.month),
    inArray(notices.noticeType, filter.type ? [filter.type] : [...FEEDBACK_TYPES]),
  ];
  if (filter.status === 'answered') conditions.push(isAnswered);
  if (filter.status === 'unanswered') conditions.push(sql`${notices.isVerify} <> 'Y'`);
  const waited = sql<number>`floor(extract(epoch from (coalesce(${notices.verifiedAt}, now()) - ${notices.createdAt})) / 86400)::int`;
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
      waitedDays: waited,
      isAnswered: sql<boolean>`${notices.isVerify} = 'Y'`,
      answer: notices.messageContent,
      answeredAt: shanghaiTime(notices.verifiedAt), // null while unanswered
      total: totalOver(),
    })
    .from(notices)
    .innerJoin(employees, eq(employees.id, notices.employeeId))
    .where(and(...conditions))
    // The longest-waiting unanswered first: what needs an answer is on top.
    .orderBy(
      sql`${notices.isVerify} = 'Y'`,
      sql`case when ${notices.isVerify} = 'Y' then null else ${notices.createdAt} end`,
      desc(notices.createdAt),
      desc(notices.id),
    )
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return {
    rows: rows.map(({ total: _total, isAnswered: answered, answer, answeredAt, ...row }) => ({
      ...row,
      type: row.type as FeedbackType,
      isOverdue: !answered && row.waitedDays >= overdueDays,
      answer: answered ? answer : null,
      answeredAt: answered ? answeredAt : null,
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
      { to: { employeeIds: [feedback.employeeId] }, title: '您的反馈已答复', body: answer },
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
