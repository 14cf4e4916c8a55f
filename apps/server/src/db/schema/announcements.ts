// 公告: HR's notices to an audience rule (packages/contract/src/audience.ts), and who has read and acknowledged them.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { employees } from './account';
import { employeeRef } from './columns';

/**
 * The audience rule as columns every piece of HR's content can carry (core/audience.ts matches them): plants bound
 * it (empty: the whole company), the rest narrow it — an employee matching any of them is in; none given: all of
 * the plants.
 */
export const audienceColumns = () => ({
  plants: text('plants').array().notNull().default(sql`'{}'::text[]`),
  /** 'NT/冲压部': a department of a plant. */
  departments: text('departments').array().notNull().default(sql`'{}'::text[]`),
  /** 'NT/冲压一班': a team of a plant. */
  teams: text('teams').array().notNull().default(sql`'{}'::text[]`),
  /** 'NT/操作工': a position (职务, employees.title_name) within a plant. */
  positions: text('positions').array().notNull().default(sql`'{}'::text[]`),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  employeeIds: integer('employee_ids').array().notNull().default(sql`'{}'::integer[]`),
});

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    /** Sanitised HTML (lib/rich-text.ts); pictures only from our own files. */
    body: text('body').notNull(),
    /** The body as plain text, cut short: the list's and the home dialog's excerpt. */
    excerpt: varchar('excerpt', { length: 200 }).notNull().default(''),
    attachmentFileId: uuid('attachment_file_id'),
    /** The files the body's pictures and the attachment are, readable by the audience. */
    fileIds: uuid('file_ids').array().notNull().default(sql`'{}'::uuid[]`),
    ...audienceColumns(),
    mustAcknowledge: boolean('must_acknowledge').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** Set when HR asks for the one reminder; `remindedAt` when the background has sent it. */
    remindRequestedAt: timestamp('remind_requested_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When its audience was messaged that it is out (at its start; WeCom carries the message on). */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (table) => [
    // The live ones are few: a worker's home call reads them all and matches the rule.
    index('announcements_live_idx').on(table.startsAt).where(sql`withdrawn_at is null`),
    index('announcements_remind_idx').on(table.remindRequestedAt).where(sql`reminded_at is null`),
    index('announcements_unannounced_idx').on(table.startsAt).where(sql`announced_at is null`),
  ],
);

/** An employee opened a notice (read), and tapped 我已阅读 (acknowledged); one row per notice and employee. */
export const announcementReceipts = pgTable(
  'announcement_receipts',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    employeeId: employeeRef(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.announcementId, table.employeeId] }),
    index('announcement_receipts_employee_idx').on(table.employeeId),
  ],
);
