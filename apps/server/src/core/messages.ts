// Messages to employees (they pop up once on home): written in the caller's transaction, announced after
// it commits, so a crash never loses one and a rolled-back change never announces one. Where WeCom is configured,
// the relay (modules/wechat/relay.ts) carries each one on to the worker's WeCom as a card opening its link.
import type { NotifyKind } from '@ess/contract/realtime-protocol';
import { type SQL, sql } from 'drizzle-orm';
import { employeeRoles, messages, platformRecalls, roles } from '../db/schema/index';
import type { AfterCommit, Executor, Tx } from '../db/transaction';
import type { Notifier } from './notifier';

/**
 * The employees named, every holder of a role (but one, e.g. the employee whose edit it is), or those a query selects
 * (a statement answering their ids as `id`: an audience, those of it who have not finished).
 */
export type Recipients = { employeeIds: readonly number[] } | { role: string; except?: number } | { query: SQL };

/** What a message says and where it leads. */
export type MessageWords = {
  title: string;
  body?: string;
  /** The page of the app the message is about (WeCom's card opens it); '' for home. */
  link?: string;
  /** A reminder the worker may keep from their WeCom ('training', 'notice'); '' for what always goes. */
  category?: string;
  /** The change the message tells of, when it may be taken back (recallMessages). */
  eventKey?: string;
  /**
   * The app shows the matter by its own screen (a notice's dialog, the handbook to accept): the message is kept in
   * 消息 as read, so it does not pop up a second time, and still goes to the worker's WeCom.
   */
  isShownInApp?: boolean;
};

/** The ids a role's holders (but one) are, as a query of Recipients. */
const holdersOf = (role: string, except: number | undefined) =>
  sql`select er.employee_id as id from ${employeeRoles} er join ${roles} r on r.id = er.role_id
      where r.name = ${role} ${except === undefined ? sql`` : sql`and er.employee_id <> ${except}`}`;

/** A message's title as it is kept (a title made of HR's words may run past the column). */
const MESSAGE_TITLE_LENGTH = 100;

/** The insert of one message to each employee `query` selects, answering their employee_id: one statement. */
const messagesInsert = (
  query: SQL,
  { title, body = '', link = '', category = '', eventKey = '', isShownInApp = false }: MessageWords,
) =>
  sql`insert into ${messages} (employee_id, title, body, link, category, event_key, read_at)
      select r.id, ${title.slice(0, MESSAGE_TITLE_LENGTH)}, ${body}, ${link}, ${category}, ${eventKey},
             ${isShownInApp ? sql`now()` : sql`null`}
      from (${query}) r
      returning employee_id`;

/** The insert of one message to every holder of a role (but one), answering its recipients' employee_id. */
export const roleMessagesInsert = ({ role, except, ...words }: MessageWords & { role: string; except?: number }) =>
  messagesInsert(holdersOf(role, except), words);

/**
 * Tells the recipients' open screens, once their messages are committed. Never fails the change: a screen that
 * missed it reads its messages when it reconnects.
 */
export const announceMessages = (
  notifier: Notifier,
  { employeeIds, kind, content }: { employeeIds: readonly number[]; kind: NotifyKind; content: string },
) => {
  if (employeeIds.length === 0) return;
  notifier.publish({ employeeIds, kind, payload: { content } }).catch(() => {});
};

/**
 * Writes the messages in the caller's transaction (or statement) and, with a notifier, tells the recipients' open
 * screens after it commits; without one (a job, a service with no sockets at hand) they read them at their next visit.
 * `kind` tells the listening screens what else to re-read (e.g. the reviewers' list); messages always. Answers the
 * recipients.
 */
export const sendMessages = async (
  { tx, afterCommit, notifier }: { tx: Executor; afterCommit?: AfterCommit; notifier?: Notifier },
  { to, kind = 'messages', ...words }: MessageWords & { to: Recipients; kind?: NotifyKind },
): Promise<readonly number[]> => {
  let employeeIds: readonly number[];
  if ('employeeIds' in to) {
    employeeIds = to.employeeIds;
    if (employeeIds.length === 0) return employeeIds;
    const { title, body = '', link = '', category = '', eventKey = '', isShownInApp = false } = words;
    await tx.insert(messages).values(
      employeeIds.map((employeeId) => ({
        employeeId,
        title: title.slice(0, MESSAGE_TITLE_LENGTH),
        body,
        link,
        category,
        eventKey,
        readAt: isShownInApp ? sql`now()` : null,
      })),
    );
  } else {
    // One statement: the recipients are read and written to together.
    const query = 'role' in to ? holdersOf(to.role, to.except) : to.query;
    const { rows: inserted } = await tx.execute<{ employee_id: number }>(messagesInsert(query, words));
    employeeIds = inserted.map((row) => row.employee_id);
  }
  if (employeeIds.length > 0 && notifier && afterCommit && !words.isShownInApp) {
    const content = words.body || words.title;
    // A failed announcement is the after-commit mechanism's to log (db/transaction.ts).
    afterCommit(() => notifier.publish({ employeeIds, kind, payload: { content } }), 'announce messages');
  }
  return employeeIds;
};

/**
 * The change `eventKey` names was taken back: its messages' WeCom cards are recalled (within WeCom's 24 hours) and
 * those not sent yet are not sent. The in-app messages stay; the change's own message says what happened.
 */
export const recallMessages = async (tx: Tx, eventKey: string) => {
  await tx.insert(platformRecalls).values({ eventKey });
};
