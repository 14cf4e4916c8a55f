// Notices the employee submits and messages addressed to them, always scoped to the caller.
import type { FeedbackType, PersonMsg, PersonNotice } from '@ess/contract/notices';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, notices } from '../../db/schema/index';
import type { Caller } from '../../http/auth';

export const submitFeedback = async (
  db: Db,
  caller: Caller,
  input: { NoticeType: FeedbackType; NoticeTitle: string; NoticeDesc: string; NoticeBody: string },
) => {
  await db.insert(notices).values({
    employeeId: caller.id,
    bu: caller.bu,
    noticeType: input.NoticeType,
    title: input.NoticeTitle || input.NoticeDesc.slice(0, 30),
    description: input.NoticeDesc,
    body: input.NoticeBody,
  });
};

export const getPersonNotices = async (
  db: Db,
  caller: Caller,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: PersonNotice[]; totalCount: number }> => {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notices.id,
        noticeTitle: notices.title,
        noticeBody: notices.description,
        isVerify: notices.isVerify,
        messageContent: notices.messageContent,
        createdAt: sql<string>`to_char(${notices.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`,
      })
      .from(notices)
      .where(eq(notices.employeeId, caller.id))
      .orderBy(desc(notices.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(notices).where(eq(notices.employeeId, caller.id)),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, isVerify: row.isVerify === 'Y' ? 'Y' : 'N' })),
    totalCount: total?.value ?? 0,
  };
};

export const getUnreadMessages = async (db: Db, caller: Caller): Promise<PersonMsg[]> =>
  db
    .select({
      id: messages.id,
      noticeTitle: messages.title,
      noticeBody: messages.body,
      createdAt: sql<string>`to_char(${messages.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`,
    })
    .from(messages)
    .where(and(eq(messages.employeeId, caller.id), isNull(messages.readAt)))
    .orderBy(asc(messages.id))
    .limit(20);

export const markMessagesRead = async (db: Db, caller: Caller) => {
  await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(eq(messages.employeeId, caller.id), isNull(messages.readAt)));
};
