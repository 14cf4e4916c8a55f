// Dictionaries, banners and the messages shown on the home page; notices employees submit.
import {
  boolean,
  char,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { employees } from './account';

export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    stateType: varchar('state_type', { length: 16 }).notNull(),
    stateId: varchar('state_id', { length: 32 }).notNull(),
    stateDescr: varchar('state_descr', { length: 64 }).notNull(),
    sysFunc: varchar('sys_func', { length: 8 }).notNull().default('HR'),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.stateType, table.stateId] })],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 64 }).notNull(),
  imageUrl: varchar('image_url', { length: 256 }).notNull(),
  sort: integer('sort').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

/** Notices an employee submits (feedback, record changes) and their review outcome. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    bu: varchar('bu', { length: 8 }).notNull(),
    noticeType: varchar('notice_type', { length: 32 }).notNull(),
    title: varchar('title', { length: 100 }).notNull().default(''),
    description: text('description').notNull().default(''),
    body: text('body').notNull().default(''),
    isVerify: char('is_verify', { length: 1 }).notNull().default('N'),
    /** The reviewer's answer, shown to the employee. */
    messageContent: text('message_content').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (table) => [index('notices_employee_idx').on(table.employeeId, table.id)],
);

/** Messages addressed to one employee; unread ones pop up on the home page. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [index('messages_employee_idx').on(table.employeeId, table.readAt)],
);
