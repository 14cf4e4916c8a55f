// 公告: HR writes a notice for an audience rule; workers read it in 消息 and once in the home dialog, and
// acknowledge the 须确认 ones; HR follows the receipts of the audience as it stands today, exports them, reminds those
// who have not once (in the background) and withdraws a notice. Every write is one transaction with its audit row.

import type {
  AnnouncementDetail,
  AnnouncementDraft,
  AnnouncementRow,
  AnnouncementState,
  MyAnnouncement,
  MyAnnouncementDetail,
  PendingRow,
  ReceiptSummary,
} from '@ess/contract/announcements';
import { describeAudience } from '@ess/contract/audience';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import {
  audienceIncludes,
  audienceRuleOf,
  isLiveNow,
  managedByCaller,
  mayManageAudience,
  splitAudience,
  storedAudienceColumns,
  storedAudienceOf,
} from '../../core/audience';
import { recordAudit } from '../../core/audit';
import { type Caller, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { withIdempotentTransaction } from '../../core/idempotency';
import { recallMessages, sendMessages } from '../../core/messages';
import type { Notifier } from '../../core/notifier';
import type { Db } from '../../db/client';
import { totalOver } from '../../db/paging';
import { executeNamed } from '../../db/prepared';
import { announcementReceipts, announcements, employees, files } from '../../db/schema/index';
import { shanghaiInput, shanghaiTime } from '../../db/shanghai-time';
import { type Executor, repeatInTransactions, withTransaction } from '../../db/transaction';
import { plainTextOf, sanitizeRichText } from '../../lib/rich-text';
import { MAX_EXPORT_PEOPLE, textWorkbookBase64 } from '../../lib/text-workbook';
import { fileIdOf, filePathOf, storeFile, type Upload } from '../files/service';
import { type LiveAnnouncement, type LiveAnnouncements, unreadFor } from './live';

export type { LiveAnnouncements } from './live';

export type AnnouncementDeps = {
  db: Db;
  notifier: Notifier;
  kickReminders: () => void;
  /** The live notices every instance keeps for the home call; told of every publish and withdrawal. */
  live: LiveAnnouncements;
};

const EXCERPT_LENGTH = 120;
/** A China-time 'YYYY-MM-DD HH:mm' as a timestamp. */

const isLive = isLiveNow(announcements);
const stateOf = sql<AnnouncementState>`case
  when ${announcements.withdrawnAt} is not null then 'withdrawn'
  when ${announcements.startsAt} > now() then 'scheduled'
  when ${announcements.endsAt} is not null and ${announcements.endsAt} <= now() then 'ended'
  else 'live' end`;

// ——— HR's side ———

/** A notice the caller manages, locked for a change when asked; another plant's is as absent as none. */
const loadManaged = async (db: Executor, caller: Caller, id: number, { forUpdate = false } = {}) => {
  requirePlantAdmin(caller);
  const query = db.select().from(announcements).where(eq(announcements.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row || !mayManageAudience(caller, row.plants)) throw new BusinessError('ANNOUNCEMENT_NOT_FOUND');
  return row;
};

/** The notice's files: the body's pictures and the attachment, which must be console uploads of a notice. */
const checkedFiles = async (tx: Executor, caller: Caller, bodyFileIds: string[], attachmentId: string | undefined) => {
  const ids = [...new Set([...bodyFileIds, ...(attachmentId ? [attachmentId] : [])])];
  if (ids.length === 0) return [];
  const found = await tx
    .update(files)
    .set({ attachedAt: sql`coalesce(${files.attachedAt}, now())` })
    .where(and(inArray(files.id, ids), eq(files.upType, 'NOTICE')))
    .returning({ id: files.id, kind: files.kind, ownerId: files.ownerId });
  const byId = new Map(found.map((row) => [row.id, row]));
  for (const id of bodyFileIds) {
    if (!byId.has(id) || byId.get(id)?.kind === 'pdf') throw new BusinessError('ANNOUNCEMENT_BODY_IMAGE');
  }
  if (attachmentId && byId.get(attachmentId)?.kind !== 'pdf') throw new BusinessError('FILE_NOT_USABLE');
  return ids;
};

export const publishAnnouncement = async (
  { db, live }: Pick<AnnouncementDeps, 'db' | 'live'>,
  caller: Caller,
  { draft, requestId, idempotencyKey }: { draft: AnnouncementDraft; requestId: string; idempotencyKey?: string },
): Promise<{ id: number }> => {
  requirePlantAdmin(caller);
  const { html, fileIds: bodyFileIds } = sanitizeRichText(draft.body);
  const excerpt = plainTextOf(html, EXCERPT_LENGTH);
  if (excerpt === '' && bodyFileIds.length === 0) throw new BusinessError('INVALID_INPUT', { detail: '请填写正文' });
  const attachmentId = fileIdOf(draft.attachment);
  const published = await withIdempotentTransaction(
    db,
    idempotencyKey ? { employeeId: caller.id, key: idempotencyKey, action: 'announcement.publish' } : undefined,
    async (tx) => {
      const audience = await storedAudienceOf(tx, caller, draft.audience);
      const fileIds = await checkedFiles(tx, caller, bodyFileIds, attachmentId);
      const [created] = await tx
        .insert(announcements)
        .values({
          title: draft.title,
          body: html,
          excerpt,
          attachmentFileId: attachmentId ?? null,
          fileIds,
          ...audience,
          mustAcknowledge: draft.mustAcknowledge,
          startsAt: draft.startsAt ? shanghaiInput(draft.startsAt) : sql`now()`,
          endsAt: draft.endsAt ? shanghaiInput(draft.endsAt) : null,
          createdBy: caller.id,
        })
        .returning({ id: announcements.id });
      if (!created) throw new Error('the announcement was not stored');
      // Begun now: its audience hears of it with the publish; a later start is the background's (announceDueNotices).
      await announceIfBegun(tx, created.id);
      await recordAudit(tx, {
        actor: caller,
        action: 'announcement.publish',
        subject: { type: 'announcement', id: created.id },
        after: {
          title: draft.title,
          audience: describeAudience(draft.audience),
          mustAcknowledge: draft.mustAcknowledge,
          startsAt: draft.startsAt ?? null,
          endsAt: draft.endsAt ?? null,
        },
        requestId,
      });
      return { id: created.id };
    },
  );
  live.changed();
  return published;
};

const author = alias(employees, 'author');
const rowColumns = {
  id: announcements.id,
  title: announcements.title,
  ...storedAudienceColumns(announcements),
  mustAcknowledge: announcements.mustAcknowledge,
  state: stateOf,
  startsAt: shanghaiTime(announcements.startsAt),
  endsAt: shanghaiTime(announcements.endsAt),
  authorName: sql<string>`coalesce(${author.name}, '')`,
  createdAt: shanghaiTime(announcements.createdAt),
  remindedAt: shanghaiTime(announcements.remindRequestedAt),
  readCount: sql<number>`(select count(*)::int from ${announcementReceipts} r where r.announcement_id = ${announcements.id})`,
  acknowledgedCount: sql<number>`(select count(r.acknowledged_at)::int from ${announcementReceipts} r
    where r.announcement_id = ${announcements.id})`,
};

type RowOf = Awaited<ReturnType<typeof selectRows>>[number];
const selectRows = (db: Executor, where: SQL | undefined) =>
  db
    .select({ ...rowColumns, total: totalOver() })
    .from(announcements)
    .leftJoin(author, eq(author.id, announcements.createdBy))
    .where(where);

const rowOf = async (db: Executor, { total: _total, ...row }: RowOf) => {
  const { audience, rest } = splitAudience(row);
  return { ...rest, plants: audience.plants, rule: await audienceRuleOf(db, audience) };
};

export const listAnnouncements = async (
  db: Db,
  caller: Caller,
  filter: { bu?: string; state?: AnnouncementState; page: number; pageSize: number },
): Promise<{ rows: AnnouncementRow[]; totalCount: number }> => {
  requirePlantAdmin(caller);
  if (filter.bu !== undefined && !caller.adminPlants.has(filter.bu)) throw new BusinessError('FORBIDDEN');
  const rows = await selectRows(
    db,
    and(
      managedByCaller(caller, announcements.plants),
      filter.bu
        ? sql`(${filter.bu} = any(${announcements.plants}) or cardinality(${announcements.plants}) = 0)`
        : undefined,
      filter.state ? sql`${stateOf} = ${filter.state}` : undefined,
    ),
  )
    .orderBy(desc(announcements.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const listed = [];
  for (const row of rows) {
    const { rule, ...rest } = await rowOf(db, row);
    listed.push({ ...rest, audience: describeAudience(rule) });
  }
  return { rows: listed, totalCount: rows[0]?.total ?? 0 };
};

export const getAnnouncement = async (db: Db, caller: Caller, id: number): Promise<AnnouncementDetail> => {
  await loadManaged(db, caller, id);
  const [row] = await selectRows(db, eq(announcements.id, id));
  const [content] = await db
    .select({ body: announcements.body, attachmentFileId: announcements.attachmentFileId })
    .from(announcements)
    .where(eq(announcements.id, id));
  if (!row || !content) throw new BusinessError('ANNOUNCEMENT_NOT_FOUND');
  const { rule, ...rest } = await rowOf(db, row);
  return {
    ...rest,
    rule,
    audience: describeAudience(rule),
    body: content.body,
    attachmentUrl: content.attachmentFileId ? filePathOf(content.attachmentFileId) : null,
  };
};

/** Gone from the app at once; the notice and its receipts stay for the log. */
export const withdrawAnnouncement = async (
  { db, live }: Pick<AnnouncementDeps, 'db' | 'live'>,
  caller: Caller,
  { id, requestId }: { id: number; requestId: string },
) => {
  await withTransaction(db, async (tx) => {
    const row = await loadManaged(tx, caller, id, { forUpdate: true });
    if (row.withdrawnAt) throw new BusinessError('ANNOUNCEMENT_WITHDRAWN');
    await tx.update(announcements).set({ withdrawnAt: sql`now()` }).where(eq(announcements.id, id));
    // Its WeCom cards (the notice's and the reminder's) are taken back, and those not sent yet never go.
    await recallMessages(tx, noticeEventKey(id));
    await recordAudit(tx, {
      actor: caller,
      action: 'announcement.withdraw',
      subject: { type: 'announcement', id },
      before: { title: row.title, withdrawn: false },
      after: { withdrawn: true },
      requestId,
    });
  });
  live.changed();
};

/** The employees the notice reaches today (not marked as left) within the plants the caller looks at. */
const audienceOf = (caller: Caller, bu: string | undefined) => {
  const plants = bu ? [bu] : [...caller.adminPlants];
  return and(
    audienceIncludes(announcements),
    isNull(employees.leftOn),
    inArray(employees.bu, plants.length > 0 ? plants : ['']),
  );
};
const receiptOn = and(
  eq(announcementReceipts.announcementId, announcements.id),
  eq(announcementReceipts.employeeId, employees.id),
);

/**
 * The notice's receipts as a table of their own for HR's counts and lists: joined by hash to the plant's employees
 * (the planner, misjudging how many the rule keeps, would otherwise probe the receipts once per employee). `offset 0`
 * keeps the subquery whole.
 */
const receiptsOf = (id: number) =>
  new QueryBuilder()
    .select({
      employeeId: announcementReceipts.employeeId,
      readAt: announcementReceipts.readAt,
      acknowledgedAt: announcementReceipts.acknowledgedAt,
    })
    .from(announcementReceipts)
    .where(eq(announcementReceipts.announcementId, id))
    .offset(0)
    .as('r');

const scopeFilter = (caller: Caller, bu: string | undefined) => {
  if (bu !== undefined && !caller.adminPlants.has(bu)) throw new BusinessError('FORBIDDEN');
  return bu;
};

export const receiptSummary = async (
  db: Db,
  caller: Caller,
  { id, bu }: { id: number; bu?: string },
): Promise<ReceiptSummary> => {
  await loadManaged(db, caller, id);
  const receipts = receiptsOf(id);
  const groups = await db
    .select({
      bu: employees.bu,
      deptName: employees.deptName,
      audienceCount: sql<number>`count(*)::int`,
      readCount: sql<number>`count(${receipts.readAt})::int`,
      acknowledgedCount: sql<number>`count(${receipts.acknowledgedAt})::int`,
    })
    .from(announcements)
    .innerJoin(employees, audienceOf(caller, scopeFilter(caller, bu)))
    .leftJoin(receipts, eq(receipts.employeeId, employees.id))
    .where(eq(announcements.id, id))
    .groupBy(employees.bu, employees.deptName)
    .orderBy(employees.bu, employees.deptName);
  const sum = (key: 'audienceCount' | 'readCount' | 'acknowledgedCount') =>
    groups.reduce((total, group) => total + group[key], 0);
  return {
    audienceCount: sum('audienceCount'),
    readCount: sum('readCount'),
    acknowledgedCount: sum('acknowledgedCount'),
    groups,
  };
};

/** Who an employee of the audience is, in HR's lists and the export. */
const personColumns = {
  empNo: employees.empNo,
  name: employees.name,
  bu: employees.bu,
  deptName: employees.deptName,
  teamName: employees.teamName,
};

export const pendingList = async (
  db: Db,
  caller: Caller,
  filter: { id: number; bu?: string; kind: 'unread' | 'unacknowledged'; page: number; pageSize: number },
): Promise<{ rows: PendingRow[]; totalCount: number }> => {
  await loadManaged(db, caller, filter.id);
  const receipts = receiptsOf(filter.id);
  const rows = await db
    .select({
      ...personColumns,
      readAt: shanghaiTime(receipts.readAt),
      total: totalOver(),
    })
    .from(announcements)
    .innerJoin(employees, audienceOf(caller, scopeFilter(caller, filter.bu)))
    .leftJoin(receipts, eq(receipts.employeeId, employees.id))
    .where(
      and(
        eq(announcements.id, filter.id),
        filter.kind === 'unread' ? isNull(receipts.readAt) : isNull(receipts.acknowledgedAt),
      ),
    )
    .orderBy(employees.bu, employees.deptName, employees.empNo)
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return { rows: rows.map(({ total: _total, ...row }) => row), totalCount: rows[0]?.total ?? 0 };
};

/** Every employee the notice reaches in the caller's plants, with when they read and acknowledged it. */
export const exportReceipts = async (db: Db, caller: Caller, { id, bu }: { id: number; bu?: string }) => {
  const notice = await loadManaged(db, caller, id);
  const receipts = receiptsOf(id);
  const rows = await db
    .select({
      ...personColumns,
      readAt: shanghaiTime(receipts.readAt),
      acknowledgedAt: shanghaiTime(receipts.acknowledgedAt),
    })
    .from(announcements)
    .innerJoin(employees, audienceOf(caller, scopeFilter(caller, bu)))
    .leftJoin(receipts, eq(receipts.employeeId, employees.id))
    .where(eq(announcements.id, id))
    .orderBy(employees.bu, employees.deptName, employees.empNo)
    .limit(MAX_EXPORT_PEOPLE + 1);
  // The sheet is built in memory while the request waits: a whole company's is refused, a plant's fits.
  if (rows.length > MAX_EXPORT_PEOPLE) throw new BusinessError('EXPORT_TOO_LARGE', { max: MAX_EXPORT_PEOPLE });
  const headers = ['工号', '姓名', '厂区', '部门', '班组', '阅读时间', ...(notice.mustAcknowledge ? ['确认时间'] : [])];
  const aoa = [
    headers,
    ...rows.map((row) => [
      row.empNo,
      row.name,
      row.bu,
      row.deptName,
      row.teamName,
      row.readAt ?? '未读',
      ...(notice.mustAcknowledge ? [row.acknowledgedAt ?? '未确认'] : []),
    ]),
  ];
  const safeTitle = notice.title.replace(/[\\/:*?"<>|]/g, '').slice(0, 40);
  return {
    fileName: `公告阅读情况-${safeTitle}${bu ? `-${bu}` : ''}.xlsx`,
    contentBase64: textWorkbookBase64('阅读情况', aoa),
  };
};

/**
 * Asks for the one reminder: recorded and audited now, sent in the background (sendRequestedReminders) to those
 * of the audience who have not read it (or not acknowledged it, when it must be) — never inside the request.
 */
export const requestReminder = async (
  { db, kickReminders }: Pick<AnnouncementDeps, 'db' | 'kickReminders'>,
  caller: Caller,
  { id, requestId }: { id: number; requestId: string },
) => {
  await withTransaction(db, async (tx, afterCommit) => {
    const row = await loadManaged(tx, caller, id, { forUpdate: true });
    if (row.withdrawnAt) throw new BusinessError('ANNOUNCEMENT_WITHDRAWN');
    if (row.remindRequestedAt) throw new BusinessError('ANNOUNCEMENT_REMINDED');
    const [live] = await tx
      .select({ id: announcements.id })
      .from(announcements)
      .where(and(eq(announcements.id, id), isLive));
    if (!live) throw new BusinessError('ANNOUNCEMENT_NOT_LIVE');
    await tx.update(announcements).set({ remindRequestedAt: sql`now()` }).where(eq(announcements.id, id));
    await recordAudit(tx, {
      actor: caller,
      action: 'announcement.remind',
      subject: { type: 'announcement', id },
      after: { title: row.title },
      requestId,
    });
    afterCommit(kickReminders, 'send the reminders');
  });
};

/** The event a notice's messages tell of: withdrawing it recalls their WeCom cards. */
const noticeEventKey = (id: number) => `announcement:${id}`;

/** Where a notice's message leads, what kind it is (one to acknowledge always goes) and what takes it back. */
const noticeMessage = (notice: { id: number; must_acknowledge: boolean }) => ({
  link: `/user/announcement-detail?id=${notice.id}`,
  category: notice.must_acknowledge ? '' : 'notice',
  eventKey: noticeEventKey(notice.id),
});

/** The ids of the live notice's audience today (leavers left out), of whom `pending` holds for their receipt `r`. */
const noticeAudience = (id: number, pending: SQL = sql`true`) => sql`
  select ${employees.id} as id
  from ${announcements} join ${employees} on ${audienceIncludes(announcements)} and ${employees.leftOn} is null
  left join ${announcementReceipts} r on r.announcement_id = ${announcements.id} and r.employee_id = ${employees.id}
  where ${announcements.id} = ${id} and ${isLive} and ${pending}`;

/**
 * Messages the audience of a notice that has begun and was not announced yet: 请阅读并确认 for one to acknowledge,
 * 新公告 for the others (a kind a worker may mute in WeCom). Kept in 消息 as read: the home dialog shows the notice
 * itself. Answers whether it was announced now.
 */
const announceIfBegun = async (tx: Executor, id: number) => {
  const { rows } = await tx.execute<{ id: number; title: string; must_acknowledge: boolean }>(sql`
    update ${announcements} set announced_at = now()
    where id = ${id} and announced_at is null and withdrawn_at is null and starts_at <= now()
      and (ends_at is null or ends_at > now())
    returning id, title, must_acknowledge`);
  const [notice] = rows;
  if (!notice) return false;
  await sendMessages(
    { tx },
    {
      to: { query: noticeAudience(notice.id) },
      ...noticeMessage(notice),
      title: notice.must_acknowledge ? `请阅读并确认公告：${notice.title}` : `新公告：${notice.title}`,
      isShownInApp: true,
    },
  );
  return true;
};

/** The notices whose start has come since they were published, announced one per transaction (the minute job's). */
export const announceDueNotices = (db: Db) =>
  repeatInTransactions(db, async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      select id from ${announcements}
      where announced_at is null and withdrawn_at is null and starts_at <= now()
      order by starts_at limit 1 for update skip locked`);
    const [due] = rows;
    if (!due) return false;
    if (!(await announceIfBegun(tx, due.id))) {
      // Ended before its start came round to it: nothing to tell, never looked at again.
      await tx.execute(sql`update ${announcements} set announced_at = now() where id = ${due.id}`);
    }
    return true;
  });

/** How many employees one announcement of the realtime hub names at most (a reminder to 80,000 goes in slices). */
const ANNOUNCE_SLICE = 2000;

/**
 * Sends every requested reminder not sent yet, one notice per transaction: the notice is claimed (another
 * instance skips it), the messages of everyone still pending are written in one statement, and the open screens
 * are told after the commit. A crash before the commit leaves the request for the next sweep.
 */
export const sendRequestedReminders = ({ db, notifier }: Pick<AnnouncementDeps, 'db' | 'notifier'>) =>
  repeatInTransactions(db, async (tx, afterCommit) => {
    const { rows: claimed } = await tx.execute<{ id: number; title: string; must_acknowledge: boolean }>(sql`
      update ${announcements} set reminded_at = now()
      where id = (select id from ${announcements}
                  where remind_requested_at is not null and reminded_at is null
                  order by remind_requested_at limit 1 for update skip locked)
      returning id, title, must_acknowledge`);
    const [notice] = claimed;
    if (!notice) return false;
    const body = notice.must_acknowledge
      ? `请到“消息”中阅读公告《${notice.title}》，并点击“我已阅读”。`
      : `请到“消息”中阅读公告《${notice.title}》。`;
    const pending = notice.must_acknowledge ? sql`r.acknowledged_at is null` : sql`r.read_at is null`;
    const title = `公告提醒：${notice.title}`;
    const employeeIds = await sendMessages(
      { tx },
      { to: { query: noticeAudience(notice.id, pending) }, ...noticeMessage(notice), title, body },
    );
    // Announced in slices here rather than by sendMessages: a reminder may reach tens of thousands.
    afterCommit(async () => {
      for (let start = 0; start < employeeIds.length; start += ANNOUNCE_SLICE) {
        await notifier.publish({
          employeeIds: employeeIds.slice(start, start + ANNOUNCE_SLICE),
          kind: 'messages',
          payload: { content: title.slice(0, 100) },
        });
      }
    }, 'announce the reminders');
    return true;
  });

/** Runs the reminders in the background, one run at a time per instance; a kick during a run runs again after it. */
export const createReminderSender = (
  deps: Pick<AnnouncementDeps, 'db' | 'notifier'>,
  logError: (m: string) => void,
) => {
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await announceDueNotices(deps.db).catch((error) => logError(`notice messages: ${String(error)}`));
        await sendRequestedReminders(deps).catch((error) => logError(`announcement reminders: ${String(error)}`));
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  return { kick: () => void run(), run, idle: () => running ?? Promise.resolve() };
};

/** A picture for a notice's body or its PDF attachment, stored as the caller's until a notice uses it. */
export const uploadAnnouncementFile = async (db: Db, caller: Caller, upload: Upload) => {
  requirePlantAdmin(caller);
  const stored = await storeFile(db, { owner: caller, upType: 'NOTICE', upload });
  return stored.path;
};

// ——— the worker's side ———

/** The live notices whose rule includes the caller, as of now. */
const mineWhere = (caller: Caller) => and(eq(employees.id, caller.id), isLive, audienceIncludes(announcements));

const myColumns = {
  id: announcements.id,
  title: announcements.title,
  excerpt: announcements.excerpt,
  publishedAt: shanghaiTime(announcements.startsAt),
  mustAcknowledge: announcements.mustAcknowledge,
  isRead: sql<boolean>`${announcementReceipts.readAt} is not null`,
  isAcknowledged: sql<boolean>`${announcementReceipts.acknowledgedAt} is not null`,
  hasAttachment: sql<boolean>`${announcements.attachmentFileId} is not null`,
};

/** 消息: 须确认 ones not acknowledged yet on top, then the newest first. */
export const myAnnouncements = async (
  db: Db,
  caller: Caller,
  paging: { page: number; pageSize: number },
): Promise<{ rows: MyAnnouncement[]; totalCount: number }> => {
  const rows = await db
    .select({ ...myColumns, total: totalOver() })
    .from(announcements)
    .innerJoin(employees, mineWhere(caller))
    .leftJoin(announcementReceipts, receiptOn)
    .orderBy(
      sql`(${announcements.mustAcknowledge} and ${announcementReceipts.acknowledgedAt} is null) desc`,
      desc(announcements.startsAt),
      desc(announcements.id),
    )
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return { rows: rows.map(({ total: _total, ...row }) => row), totalCount: rows[0]?.total ?? 0 };
};

/** Opening a notice reads it (a receipt, once). */
export const myAnnouncement = async (db: Db, caller: Caller, id: number): Promise<MyAnnouncementDetail> => {
  const [found] = await db
    .select({ ...myColumns, body: announcements.body, attachmentFileId: announcements.attachmentFileId })
    .from(announcements)
    .innerJoin(employees, mineWhere(caller))
    .leftJoin(announcementReceipts, receiptOn)
    .where(eq(announcements.id, id));
  if (!found) throw new BusinessError('ANNOUNCEMENT_NOT_FOUND');
  if (!found.isRead) await markRead(db, caller, [id]);
  const { attachmentFileId, ...row } = found;
  return { ...row, isRead: true, attachmentUrl: attachmentFileId ? filePathOf(attachmentFileId) : null };
};

/** Read receipts of the notices named that are live and the caller's; repeated reads keep the first time. */
const markRead = async (db: Executor, caller: Caller, ids: readonly number[]) => {
  if (ids.length === 0) return;
  await db.execute(sql`
    insert into ${announcementReceipts} (announcement_id, employee_id)
    select ${announcements.id}, ${caller.id} from ${announcements} join ${employees} on ${mineWhere(caller)}
    where ${inArray(announcements.id, [...ids])}
    on conflict do nothing`);
};

/** 我已阅读: read and acknowledged, once, with its audit row. */
export const acknowledgeAnnouncement = (
  { db }: Pick<AnnouncementDeps, 'db'>,
  caller: Caller,
  { id, requestId, idempotencyKey }: { id: number; requestId: string; idempotencyKey?: string },
) =>
  withIdempotentTransaction(
    db,
    idempotencyKey ? { employeeId: caller.id, key: idempotencyKey, action: 'announcement.acknowledge' } : undefined,
    async (tx) => {
      const [notice] = await tx
        .select({ id: announcements.id, title: announcements.title })
        .from(announcements)
        .innerJoin(employees, mineWhere(caller))
        .where(eq(announcements.id, id));
      if (!notice) throw new BusinessError('ANNOUNCEMENT_NOT_FOUND');
      const { rows } = await tx.execute<{ is_new: boolean }>(sql`
        insert into ${announcementReceipts} (announcement_id, employee_id, acknowledged_at)
        values (${id}, ${caller.id}, now())
        on conflict (announcement_id, employee_id) do update
          set acknowledged_at = coalesce(${announcementReceipts.acknowledgedAt}, now())
        returning (xmax = 0 or ${announcementReceipts.acknowledgedAt} = now()) as is_new`);
      if (rows[0]?.is_new) {
        await recordAudit(tx, {
          actor: caller,
          action: 'announcement.acknowledge',
          subject: { type: 'announcement', id },
          after: { title: notice.title },
          requestId,
        });
      }
      return null;
    },
  );

/** Who the employee is for the notices' rules, and which of the live notices asked of they have read. */
export type NoticeReader = { bu: string; deptName: string; teamName: string; titleName: string; readIds: number[] };

/**
 * NoticeReader as columns over the employees row, for a statement that reads the employee by primary key: the
 * notices module reads them together with the messages in one (SystemNotice/GetPersonMsg, every visit of home).
 * `liveIds`: the live notices' ids as an array literal (liveIdsOf), or a placeholder for it.
 */
export const noticeReaderColumns = (liveIds: unknown) => sql`
  ${employees.bu} as bu, ${employees.deptName} as "deptName", ${employees.teamName} as "teamName",
  ${employees.titleName} as "titleName",
  array(select r.announcement_id from ${announcementReceipts} r
        where r.employee_id = ${employees.id} and r.announcement_id = any(${liveIds}::int[])) as "readIds"`;

/** The notices' ids as one parameter (an array literal), so the statement's text is the same for any number. */
export const liveIdsOf = (notices: readonly LiveAnnouncement[]) => `{${notices.map((notice) => notice.id).join(',')}}`;

/** The notices the home dialog shows once: live, the caller's, not read yet, oldest first. */
export const homeNoticesOf = (live: readonly LiveAnnouncement[], caller: Caller, reader: NoticeReader) =>
  unreadFor(live, { id: caller.id, roles: caller.roles, ...reader }, reader.readIds);

/** The dialog was closed: the notices it showed are read (all unread ones when it did not say which). */
export const markDialogRead = async (
  db: Db,
  live: LiveAnnouncements,
  caller: Caller,
  ids: readonly number[] | undefined,
) => {
  let shown = ids;
  if (!shown) {
    const notices = await live.current();
    if (notices.length === 0) return;
    const { rows } = await executeNamed<NoticeReader>(
      db,
      sql`select ${noticeReaderColumns(liveIdsOf(notices))} from ${employees} where ${employees.id} = ${caller.id}`,
    );
    shown = rows[0] ? homeNoticesOf(notices, caller, rows[0]).map((notice) => notice.id) : [];
  }
  await markRead(db, caller, shown);
};
