// Reaching workers in WeCom and WeChat: the silent OAuth's states, the accounts bound to employees, and the deliveries of
// their in-app messages to WeCom.
// Sign-in: the silent OAuth's states. A state is made when the browser is sent to the
// platform, carries the page to open, and is bound to that browser by a cookie; its callback exchanges the code once
// and keeps which code it took and whom it signed in, so a second call of the same callback (WeChat may make one)
// signs in again without a second exchange, and any other code under it is refused.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { employees } from './account';
import { messages } from './home';

export const oauthStates = pgTable('oauth_states', {
  nonce: varchar('nonce', { length: 64 }).primaryKey(),
  /** 'wecom' or 'wechat'. */
  platform: varchar('platform', { length: 8 }).notNull(),
  /** The page of the app to open after sign-in, checked when the state was made. */
  next: text('next').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The code exchanged under this state, and the employee it signed in (no foreign key: states are swept daily). */
  code: varchar('code', { length: 512 }),
  employeeId: integer('employee_id'),
  /**
   * The WeCom user id or WeChat openid the code named when it matched no employee: the password sign-in that follows
   * in the same browser binds it (platform_accounts).
   */
  accountId: varchar('account_id', { length: 128 }),
  /** When the exchange of `code` came to an outcome (null while it is under way). */
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

/**
 * A WeCom user id or WeChat openid bound to an employee at their first password sign-in inside WeCom or WeChat (a
 * WeCom user id equal to an employee number needs none). One account per employee and platform; HR sees and removes
 * them in the console.
 */
export const platformAccounts = pgTable(
  'platform_accounts',
  {
    platform: varchar('platform', { length: 8 }).notNull(),
    accountId: varchar('account_id', { length: 128 }).notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.platform, table.accountId] }),
    uniqueIndex('platform_accounts_employee_idx').on(table.platform, table.employeeId),
  ],
);

/**
 * Each in-app message relayed to WeCom as a card (jobs/wecom-messages.ts): taken once from `messages` (the unique
 * message id), sent with the others of the same words in calls of up to 1,000 members, retried with a growing delay
 * on WeCom's temporary refusals, and kept with what became of it for HR to read.
 */
export const platformDeliveries = pgTable(
  'platform_deliveries',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull(),
    /**
     * 'wecom', or 'wechat': the official account's template message, for a worker WeCom does not know (or every
     * worker when WeCom is not connected) whose WeChat is bound.
     */
    channel: varchar('channel', { length: 8 }).notNull(),
    /** pending, sent, invalid (not a member WeCom knows, or a leaver) or failed (refused for good). */
    status: varchar('status', { length: 8 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why it was not sent, in words for HR. */
    error: text('error').notNull().default(''),
    /** WeCom's id of the call that sent it: what a recall names. */
    msgid: varchar('msgid', { length: 128 }).notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One delivery per message and channel: a retry never sends twice.
    uniqueIndex('platform_deliveries_message_channel').on(table.messageId, table.channel),
    index('platform_deliveries_due').on(table.nextAttemptAt).where(sql`status = 'pending'`),
    // What each member got in the last hour (WeCom's limits per member).
    index('platform_deliveries_member_sent').on(table.employeeId, table.sentAt).where(sql`sent_at is not null`),
  ],
);

/** How far the relay has taken the messages: the last message id it made deliveries of, per channel. */
export const relayCursors = pgTable('relay_cursors', {
  channel: varchar('channel', { length: 8 }).primaryKey(),
  lastMessageId: integer('last_message_id').notNull(),
});

/** Which kinds of reminders a worker keeps from their WeCom (contract wechat.ts MESSAGE_CATEGORIES). */
export const messageSettings = pgTable('message_settings', {
  employeeId: integer('employee_id')
    .primaryKey()
    .references(() => employees.id, { onDelete: 'cascade' }),
  muted: text('muted').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A change taken back (a payslip batch withdrawn): the relay recalls the WeCom cards its messages sent within WeCom's
 * 24 hours, and sends none of those still waiting.
 */
export const platformRecalls = pgTable('platform_recalls', {
  id: serial('id').primaryKey(),
  eventKey: varchar('event_key', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  doneAt: timestamp('done_at', { withTimezone: true }),
  /** Cards recalled, and what WeCom refused (older than 24 h, …). */
  recalled: integer('recalled').notNull().default(0),
  error: text('error').notNull().default(''),
});
