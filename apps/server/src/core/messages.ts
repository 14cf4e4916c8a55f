// Messages to employees (they pop up once on home): written in the caller's transaction, announced after
// it commits, so a crash never loses one and a rolled-back change never announces one. Where WeCom is configured,
// the relay (modules/wechat/relay.ts) carries each one on to the worker's WeCom as a card opening its link.
import type { NotifyKind } from '@ess/contract/realtime-protocol';
import { sql } from 'drizzle-orm';
import { employeeRoles, messages, platformRecalls, roles } from '../db/schema/index';
import type { AfterCommit, Tx } from '../db/transaction';
import type { Notifier } from './notifier';

/** The employees named, or every holder of a role (but one, e.g. the employee whose edit it is). */
export type Recipients = { employeeIds: readonly number[] } | { role: string; except?: number };

/** The insert of one message to every holder of a role (but one), answering its recipients' employee_id. */
export const roleMessagesInsert = ({
  role,
  except,
  title,
  body,
  link = '',
}: {
  role: string;
  except?: number;
  title: string;
  body: string;
  /** The page of the app the message is about (WeCom's card opens it); '' for home. */
  link?: string;
}) =>
  sql`insert into ${messages} (employee_id, title, body, link)
      select er.employee_id, ${title}, ${body}, ${link}
      from ${employeeRoles} er join ${roles} r on r.id = er.role_id
      where r.name = ${role} ${except === undefined ? sql`` : sql`and er.employee_id <> ${except}`}
      returning employee_id`;

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

/** `kind` tells the listening screens what else to re-read (e.g. the reviewers' list); messages always. */
export const sendMessages = async (
  { tx, afterCommit, notifier }: { tx: Tx; afterCommit: AfterCommit; notifier: Notifier },
  {
    to,
    title,
    body = '',
    link = '',
    category = '',
    eventKey = '',
    kind = 'messages',
  }: {
    to: Recipients;
    title: string;
    body?: string;
    link?: string;
    /** A reminder the worker may keep from their WeCom ('training', 'notice'); '' for what always goes. */
    category?: string;
    /** The change the message tells of, when it may be taken back (recallMessages). */
    eventKey?: string;
    kind?: NotifyKind;
  },
) => {
  let employeeIds: readonly number[];
  if ('employeeIds' in to) {
    employeeIds = to.employeeIds;
    if (employeeIds.length === 0) return;
    await tx
      .insert(messages)
      .values(employeeIds.map((employeeId) => ({ employeeId, title, body, link, category, eventKey })));
  } else {
    // One statement: the role's holders are read and written to together.
    const { rows: inserted } = await tx.execute<{ employee_id: number }>(
      roleMessagesInsert({ role: to.role, except: to.except, title, body, link }),
    );
    employeeIds = inserted.map((row) => row.employee_id);
    if (employeeIds.length === 0) return;
  }
  // A failed announcement is the after-commit mechanism's to log (db/transaction.ts).
  afterCommit(() => notifier.publish({ employeeIds, kind, payload: { content: body || title } }), 'announce messages');
};

/**
 * The change `eventKey` names was taken back: its messages' WeCom cards are recalled (within WeCom's 24 hours) and
 * those not sent yet are not sent. The in-app messages stay; the change's own message says what happened.
 */
export const recallMessages = async (tx: Tx, eventKey: string) => {
  await tx.insert(platformRecalls).values({ eventKey });
};
