// Notices the employee submits and messages addressed to them, always scoped to the caller.
import type { FeedbackType, PersonMsg, PersonNotice } from '@ess/contract/notices';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { auditCreated } from '../../core/audit';
import type { Caller } from '../../core/caller';
import { withIdempotentTransaction } from '../../core/idempotency';
import type { Db } from '../../db/client';
import { type Page, type PageOf, readPage, totalOver } from '../../db/paging';
import { preparedFor, preparedSql } from '../../db/prepared';
import { employees, messages, notices } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import {
  homeNoticesOf,
  type LiveAnnouncements,
  liveIdsOf,
  markDialogRead,
  type NoticeReader,
  noticeReaderColumns,
} from '../announcements/service';
import { changeRequestsOfNotices } from '../records/service';

export type FeedbackInput = { NoticeType: FeedbackType; NoticeTitle: string; NoticeDesc: string; NoticeBody: string };

/**
 * The reference write: one transaction holds the notice and its audit row; with an idempotency key a
 * double tap or a retried request makes one notice and both answers name it.
 */
export const submitFeedback = ({
  db,
  caller,
  feedback,
  requestId,
  idempotencyKey,
}: {
  db: Db;
  caller: Caller;
  feedback: FeedbackInput;
  requestId: string;
  idempotencyKey?: string;
}): Promise<{ id: number }> =>
  withIdempotentTransaction(
    db,
    idempotencyKey ? { employeeId: caller.id, key: idempotencyKey, action: 'notice.submit-feedback' } : undefined,
    async (tx) => {
      const values = {
        employeeId: caller.id,
        // The caller's own plant, whatever the payload said.
        bu: caller.bu,
        noticeType: feedback.NoticeType,
        title: feedback.NoticeTitle || feedback.NoticeDesc.slice(0, 30),
        description: feedback.NoticeDesc,
        body: feedback.NoticeBody,
      };
      const [created] = await tx.insert(notices).values(values).returning({ id: notices.id });
      return auditCreated(tx, created, {
        actor: caller,
        action: 'notice.submit-feedback',
        subjectType: 'notice',
        after: values,
        requestId,
      });
    },
  );

const noticesOf = eq(notices.employeeId, sql.placeholder('employeeId'));
const noticesPage = preparedFor((db) =>
  db
    .select({
      id: notices.id,
      noticeTitle: notices.title,
      noticeBody: notices.description,
      isVerify: notices.isVerify,
      messageContent: notices.messageContent,
      createdAt: shanghaiTime(notices.createdAt),
      total: totalOver(),
    })
    .from(notices)
    .where(noticesOf)
    .orderBy(desc(notices.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('person_notices_page'),
);
const noticesCount = preparedFor((db) =>
  db.select({ n: count() }).from(notices).where(noticesOf).prepare('person_notices_count'),
);

/** A record change's notice stands as its request does; feedback is answered or not. */
const outcomeOf = (changeStatus: string | null, isVerify: 'Y' | 'N'): PersonNotice['outcome'] => {
  if (changeStatus === 'approved' || changeStatus === 'rejected' || changeStatus === 'withdrawn') return changeStatus;
  if (changeStatus === 'pending') return 'pending';
  return isVerify === 'Y' ? 'answered' : 'pending';
};

export const getPersonNotices = async (db: Db, caller: Caller, paging: Page): Promise<PageOf<PersonNotice>> => {
  const { rows, totalCount } = await readPage(
    { pageQuery: noticesPage(db), countQuery: noticesCount(db) },
    caller.id,
    paging,
  );
  // A record change's notice: how its change request stands, from the records module that keeps them.
  const requests = await changeRequestsOfNotices(
    db,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((row) => {
      const isVerify = row.isVerify === 'Y' ? 'Y' : 'N';
      const request = requests.get(row.id);
      const changeStatus = request?.status ?? null;
      return {
        ...row,
        isVerify,
        outcome: outcomeOf(changeStatus, isVerify),
        changeRequestId: changeStatus === 'pending' ? (request?.id ?? null) : null,
      };
    }),
    totalCount,
  };
};

const unreadStatement = preparedSql<NoticeReader & { messages: Omit<PersonMsg, 'kind' | 'mustAcknowledge'>[] }>(
  'home_unread',
  sql`select ${noticeReaderColumns(sql.placeholder('liveIds'))},
        coalesce((select json_agg(unread order by unread.id) from (
          select ${messages.id} as id, ${messages.title} as "noticeTitle", ${messages.body} as "noticeBody",
                 ${shanghaiTime(messages.createdAt)} as "createdAt"
          from ${messages} where ${messages.employeeId} = ${employees.id} and ${messages.readAt} is null
          order by ${messages.id} limit 20) unread), '[]') as messages
      from ${employees} where ${employees.id} = ${sql.placeholder('employeeId')}`,
);

/**
 * What the home dialog shows once: HR's notices to the caller not read yet (first: a 须确认 one is what the dialog is
 * most for), then the caller's unread messages. On every visit of home, so one statement that reads by primary key
 * (the caller's row, their receipts of the live notices, their messages) and the rules matched in memory against the
 * few live notices each instance keeps (announcements/live.ts).
 */
export const getUnreadMessages = async (db: Db, live: LiveAnnouncements, caller: Caller): Promise<PersonMsg[]> => {
  const notices = await live.current();
  const { rows } = await unreadStatement(db)({ liveIds: liveIdsOf(notices), employeeId: caller.id });
  const [reader] = rows;
  if (!reader) return [];
  return [
    ...homeNoticesOf(notices, caller, reader).map((notice) => ({
      id: notice.id,
      noticeTitle: notice.title,
      noticeBody: notice.excerpt,
      createdAt: notice.publishedAt,
      mustAcknowledge: notice.mustAcknowledge,
      kind: 'announcement' as const,
    })),
    ...reader.messages.map((message) => ({ ...message, mustAcknowledge: false, kind: 'message' as const })),
  ];
};

/** The dialog was closed: every message read, and the notices it showed (all unread ones, unnamed). */
export const markMessagesRead = async (
  db: Db,
  live: LiveAnnouncements,
  caller: Caller,
  announcementIds?: readonly number[],
) => {
  await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(eq(messages.employeeId, caller.id), isNull(messages.readAt)));
  await markDialogRead(db, live, caller, announcementIds);
};
