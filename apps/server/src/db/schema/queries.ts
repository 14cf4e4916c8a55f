// What the query screens read: attendance, payslips, meals, dormitory costs, cabinets, safety issues.

import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { employees } from './account';
import { employeeRef, money } from './columns';

export const attendanceDays = pgTable(
  'attendance_days',
  {
    employeeId: employeeRef(),
    attDate: date('att_date').notNull(),
    startTime: time('start_time'),
    endTime: time('end_time'),
  },
  (table) => [primaryKey({ columns: [table.employeeId, table.attDate] })],
);

export const payslips = pgTable(
  'payslips',
  {
    employeeId: employeeRef(),
    yearMonth: char('year_month', { length: 7 }).notNull(),
    empType: char('emp_type', { length: 4 }).notNull(),
    /** Pay item key → amount; which keys show is decided by emp_type. */
    items: jsonb('items').$type<Record<string, number>>().notNull(),
    /**
     * The HR console's batch it was imported into (payslip_batches, schema/imports.ts): shown to the employee only
     * while that batch is published. Null for payslips loaded otherwise (the demo), which always show.
     */
    batchId: integer('batch_id'),
  },
  (table) => [primaryKey({ columns: [table.employeeId, table.yearMonth] })],
);

/**
 * A payslip the employee could already see (loaded before the HR console's batches) that an import of its month
 * replaced with a draft: still shown to them until HR publishes the new version, which removes it here.
 */
export const keptPayslips = pgTable(
  'kept_payslips',
  {
    employeeId: employeeRef(),
    yearMonth: char('year_month', { length: 7 }).notNull(),
    empType: char('emp_type', { length: 4 }).notNull(),
    items: jsonb('items').$type<Record<string, number>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.employeeId, table.yearMonth] })],
);

export const mealMonths = pgTable(
  'meal_months',
  {
    employeeId: employeeRef(),
    yearMonth: char('year_month', { length: 7 }).notNull(),
    deductionAmt: money('deduction_amt').notNull(),
  },
  // The primary key's index also carries deduction_amt (INCLUDE, migration 0001): the list is read from it alone.
  (table) => [primaryKey({ columns: [table.employeeId, table.yearMonth] })],
);

export const mealDetails = pgTable(
  'meal_details',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    employeeId: employeeRef(),
    yearMonth: char('year_month', { length: 7 }).notNull(),
    costTime: timestamp('cost_time', { withTimezone: true }).notNull(),
    costAmount: money('cost_amount').notNull(),
    subsidyAmount: money('subsidy_amount').notNull(),
  },
  (table) => [index('meal_details_employee_month_idx').on(table.employeeId, table.yearMonth, table.costTime)],
);

export const dormitoryCosts = pgTable(
  'dormitory_costs',
  {
    employeeId: employeeRef(),
    yearMonth: char('year_month', { length: 7 }).notNull(),
    waterCost: money('water_cost').notNull(),
    tariffCost: money('tariff_cost').notNull(),
    accommodationCost: money('accommodation_cost').notNull(),
  },
  // The primary key's index also carries the three costs (INCLUDE, migration 0001): the list is read from it alone.
  (table) => [primaryKey({ columns: [table.employeeId, table.yearMonth] })],
);

export const cabinets = pgTable(
  'cabinets',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    teamName: varchar('team_name', { length: 64 }).notNull(),
    areaDesc: varchar('area_desc', { length: 128 }).notNull(),
    equipmentDesc: varchar('equipment_desc', { length: 128 }).notNull(),
    caseNo: varchar('case_no', { length: 32 }).notNull(),
  },
  (table) => [index('cabinets_employee_idx').on(table.employeeId)],
);

/** Every command sent to an outside system (cabinet controller, attendance system) with its outcome. */
export const outboxCommands = pgTable(
  'outbox_commands',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    target: varchar('target', { length: 32 }).notNull(),
    command: varchar('command', { length: 32 }).notNull(),
    payload: jsonb('payload').notNull(),
    requestedBy: integer('requested_by').references(() => employees.id, { onDelete: 'set null' }),
    /** pending (to be delivered, or waiting for an outside relay), sent, failed */
    status: varchar('status', { length: 16 }).notNull(),
    detail: text('detail').notNull().default(''),
    /** Delivery attempts made so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When a pending command is next due (a retry's backoff, or the lease of the attempt under way). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this a pending command is given up and its employee told (an open is worth nothing minutes later). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_commands_status_idx').on(table.status, table.id),
    index('outbox_commands_due_idx').on(table.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

export const safetyIssues = pgTable(
  'safety_issues',
  {
    id: serial('id').primaryKey(),
    employeeId: employeeRef(),
    issueDescr: text('issue_descr').notNull(),
    workProcess: varchar('work_process', { length: 64 }).notNull(),
    inspectionDate: date('inspection_date').notNull(),
    typeCode: varchar('type_code', { length: 16 }).notNull(),
    badQty: integer('bad_qty').notNull().default(0),
  },
  (table) => [index('safety_issues_employee_date_idx').on(table.employeeId, table.inspectionDate)],
);
