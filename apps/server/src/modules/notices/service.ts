// Notices the employee submits and messages addressed to them, always scoped to the caller.
import type { FeedbackType, PersonMsg, PersonNotice } from '@ess/contract/notices';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { auditCreated } from '../../core/audit';
import type { Caller } from '../../core/caller';
import { withIdempotentTransaction } from '../../core/idempotency';
import type { Db } from '../../db/client';
import { type Page, type PageOf, readPage, totalOver } from '../../db/paging';
import { executeNamed, preparedFor } from '../../db/prepared';
import { messages, notices } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import { markDialogRead, unreadAnnouncementsSelect } from '../announcements/service';
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

/**
 * What the home dialog shows once: HR's notices to the caller not read yet (first: a 须确认 one is what the dialog is
 * most for), then the caller's unread messages; one prepared statement, as it runs on every visit of home.
 */
export const getUnreadMessages = async (db: Db, caller: Caller): Promise<PersonMsg[]> => {
  const { rows } = await executeNamed<Omit<PersonMsg, 'kind'> & { kind: PersonMsg['kind'] }>(
    db,
    sql`select id, "noticeTitle", "noticeBody", "createdAt", "mustAcknowledge", kind from (
          (select 0 as rank, 'announcement' as kind, notices.* from (${unreadAnnouncementsSelect(caller.id)}) notices)
          union all
          (select 1, 'message', ${messages.id}, ${messages.title}, ${messages.body}, ${shanghaiTime(messages.createdAt)},
                  false, ${messages.createdAt}
           from ${messages} where ${messages.employeeId} = ${caller.id} and ${messages.readAt} is null
           order by ${messages.id} limit 20)
        ) unread order by rank, at, id`,
  );
  return rows;
};

/** The dialog was closed: every message read, and the notices it showed (all unread ones, unnamed). */
export const markMessagesRead = async (db: Db, caller: Caller, announcementIds?: readonly number[]) => {
  await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(eq(messages.employeeId, caller.id), isNull(messages.readAt)));
  await markDialogRead(db, caller, announcementIds);
};
