// The HR console's monthly data imports and the payslip batches they feed: the jobs with their state and file,
// the rows they staged and the rows they replaced (so an import can be rolled back), the mappings a clerk made
// once per plant and kind, and per payslip batch its versions, each employee's reading and confirmation, and
// their questions on a line.
import {
  bigint,
  bigserial,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { employees } from './account';
import { bytea, employeeRef } from './columns';

/**
 * One upload and what became of it. Its state lives here, so any instance may run it, the page can be closed, and
 * a job an instance dropped (a crash) is taken up again. Its file, in import_file_parts, stays until the job is
 * done or failed.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    bu: varchar('bu', { length: 8 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** yyyy-MM for the monthly kinds; null for cabinets. */
    yearMonth: char('year_month', { length: 7 }),
    /** queued, parsing, validating, ready, committing, done, failed, rolledBack */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    /** The commit was asked for: a worker runs it (status committing). */
    isCommitRequested: integer('is_commit_requested').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    message: text('message').notNull().default(''),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Touched while a worker holds the job; a job in a working state untouched for long is taken up again. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    /** The clerk's choices for this job: header → field, date formats, value maps. */
    settings: jsonb('settings').notNull().default({}),
    /** The sheet's columns, missing fields, unknown values, the first rejected and valid rows. */
    summary: jsonb('summary').notNull().default({}),
    /** Every rejected row: its number, its cells as read and the reason (for the .xlsx to fix and re-upload). */
    rejected: jsonb('rejected'),
    totalRows: integer('total_rows').notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    rejectedRows: integer('rejected_rows').notNull().default(0),
    batchId: integer('batch_id'),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
  },
  (table) => [
    index('import_jobs_status_idx').on(table.status, table.id),
    index('import_jobs_scope_idx').on(table.bu, table.kind, table.yearMonth, table.id),
  ],
);

/**
 * A job's uploaded file in parts of FILE_PART_BYTES, in order: each written and read by a statement of its own, so
 * that no single one holds the server's event loop or a connection for a whole 30 MB file. Stored uncompressed (the
 * migration sets EXTERNAL): a sheet is a zip already.
 */
export const importFileParts = pgTable(
  'import_file_parts',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.part] })],
);

/** The valid rows of a job, as they will be written, between validation and commit. */
export const importRows = pgTable(
  'import_rows',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    employeeId: integer('employee_id').notNull(),
    data: jsonb('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.rowNo] })],
);

/** The rows a committed job replaced, whole (to_jsonb of the row), put back when the job is rolled back. */
export const importReplaced = pgTable(
  'import_replaced',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
  },
  (table) => [index('import_replaced_job_idx').on(table.jobId)],
);

/** What a clerk mapped once, remembered per plant and kind: a header to a field, a value to an accepted one. */
export const importMappings = pgTable(
  'import_mappings',
  {
    bu: varchar('bu', { length: 8 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** column (header → field), value (field:value → value, '' skips), format (field → date format) */
    source: varchar('source', { length: 8 }).notNull(),
    fromText: varchar('from_text', { length: 256 }).notNull(),
    toText: varchar('to_text', { length: 64 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.bu, table.kind, table.source, table.fromText] })],
);

/**
 * A plant's payslips of one month: draft (HR previews it), published (employees see it), withdrawn (gone from the
 * app, with a reason); publishing again makes a new version, whose reading and confirmation count anew.
 */
export const payslipBatches = pgTable(
  'payslip_batches',
  {
    id: serial('id').primaryKey(),
    bu: varchar('bu', { length: 8 }).notNull(),
    yearMonth: char('year_month', { length: 7 }).notNull(),
    /** draft, published, withdrawn */
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    /** 0 until first published; raised by every publication. */
    version: integer('version').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: integer('published_by').references(() => employees.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawReason: text('withdraw_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payslip_batches_plant_month_idx').on(table.bu, table.yearMonth)],
);

/** Per employee and published version: when the payslip was first read, and when it was confirmed. */
export const payslipReceipts = pgTable(
  'payslip_receipts',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => payslipBatches.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    employeeId: employeeRef(),
    firstReadAt: timestamp('first_read_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.batchId, table.version, table.employeeId] })],
);

/**
 * Every time a published payslip was sent to its employee's phone: who, when, and which version of the batch. HR sees
 * them per batch (a payslip read on a phone that was not the worker's own shows up as a view they did not make).
 */
export const payslipViews = pgTable(
  'payslip_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => payslipBatches.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    employeeId: employeeRef(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payslip_views_batch_idx').on(table.batchId, table.id)],
);

/** An employee's question on one line of a published payslip, and HR's answer (sent to them as a message). */
export const payslipDisputes = pgTable(
  'payslip_disputes',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => payslipBatches.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    employeeId: employeeRef(),
    itemKey: varchar('item_key', { length: 32 }).notNull(),
    question: text('question').notNull(),
    /** open, answered, settled (the employee confirmed the payslip without waiting for the answer) */
    status: varchar('status', { length: 16 }).notNull().default('open'),
    answer: text('answer').notNull().default(''),
    answeredBy: integer('answered_by').references(() => employees.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payslip_disputes_batch_idx').on(table.batchId, table.status),
    index('payslip_disputes_employee_idx').on(table.employeeId, table.batchId),
  ],
);
