// What the public forms send and what they look up: the plants' departments and teams, proposals (improvement,
// rectification, learning), referral candidates, and the WeChat / WeCom tickets the share page's signature needs.
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { employees } from './account';
import { inboxAssignment } from './columns';

/** A plant's departments; level 1 are departments and workshops, level 2 their sections. */
export const departments = pgTable(
  'departments',
  {
    deptNo: varchar('dept_no', { length: 32 }).primaryKey(),
    bu: varchar('bu', { length: 8 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    level: smallint('level').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [index('departments_bu_idx').on(table.bu, table.level, table.sort)],
);

/** A plant's teams (班组). */
export const teams = pgTable(
  'teams',
  {
    teamNo: varchar('team_no', { length: 32 }).primaryKey(),
    bu: varchar('bu', { length: 8 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    deptNo: varchar('dept_no', { length: 32 }),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [index('teams_bu_idx').on(table.bu, table.sort)],
);

/**
 * Proposals of both public forms. `kind` IMPROVE is the monthly improvement proposal; ADJUST and STUDY come from
 * the rectification / learning form. Names and numbers are as typed on the form; `submitted_by` is the account
 * only when the form was sent signed in.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 8 }).notNull(),
    bu: varchar('bu', { length: 8 }).notNull(),
    /** SUBMITTED, ACCEPTED, REJECTED */
    status: varchar('status', { length: 16 }).notNull().default('SUBMITTED'),
    submittedBy: integer('submitted_by').references(() => employees.id, { onDelete: 'set null' }),
    /** ImproveName, or empty for the study form. */
    title: varchar('title', { length: 100 }).notNull().default(''),
    /** ImproveDept, or DeptNo of a rectification. */
    deptNo: varchar('dept_no', { length: 32 }).notNull().default(''),
    teamNo: varchar('team_no', { length: 32 }).notNull().default(''),
    assistDeptNo: varchar('assist_dept_no', { length: 32 }).notNull().default(''),
    /** ImproveEmpName, or Presenter. */
    empName: varchar('emp_name', { length: 64 }).notNull().default(''),
    empNo: varchar('emp_no', { length: 32 }).notNull().default(''),
    imageNo: varchar('image_no', { length: 32 }).notNull().default(''),
    /** 人, 机, 料, 法, 环 */
    classType: varchar('class_type', { length: 4 }).notNull().default(''),
    /** The work step (WorkNo). */
    workNo: varchar('work_no', { length: 64 }).notNull().default(''),
    /** ImproveDetail, or QuestionDesc. */
    detail: text('detail').notNull().default(''),
    /** ImproveSuggest, or SuggestDesc. */
    suggestion: text('suggestion').notNull().default(''),
    fileId: uuid('file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => employees.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** HR's answer with its decision, shown to the submitter in 我的提案. */
    answer: text('answer').notNull().default(''),
    ...inboxAssignment(),
  },
  (table) => [
    index('proposals_bu_created_idx').on(table.bu, table.createdAt),
    index('proposals_submitted_by_idx').on(table.submittedBy, table.id),
  ],
);

/** Candidates registered through an employee's referral link; the plant is the referrer's. */
export const candidates = pgTable(
  'candidates',
  {
    id: serial('id').primaryKey(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    bu: varchar('bu', { length: 8 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    age: smallint('age').notNull(),
    positionApply: varchar('position_apply', { length: 64 }).notNull(),
    fileId: uuid('file_id').notNull(),
    /** REGISTERED, CONTACTED, HIRED, REJECTED */
    status: varchar('status', { length: 16 }).notNull().default('REGISTERED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => employees.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** HR's answer with its decision, shown to the referrer on the share page. */
    answer: text('answer').notNull().default(''),
    ...inboxAssignment(),
  },
  (table) => [
    index('candidates_referrer_idx').on(table.referrerId, table.id),
    index('candidates_bu_created_idx').on(table.bu, table.createdAt),
  ],
);

/**
 * Access tokens and JS-SDK tickets of WeChat and WeCom, shared by every instance: refreshed by one of them
 * (under an advisory lock) a margin before they run out, since both platforms cap how often they are fetched.
 */
export const wechatTickets = pgTable('wechat_tickets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
