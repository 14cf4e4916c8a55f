// The write half's bookkeeping: the audit log of every business change and the idempotency keys that
// make a repeated request answer the first outcome.
import { bigint, index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { employees } from './account';

/** Who did what to which record, with the values before and after, written in the change's transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for the system itself (jobs, the command line without an employee). */
    actorId: integer('actor_id'),
    actorEmpNo: varchar('actor_emp_no', { length: 32 }).notNull().default(''),
    action: varchar('action', { length: 64 }).notNull(),
    subjectType: varchar('subject_type', { length: 32 }).notNull(),
    subjectId: varchar('subject_id', { length: 64 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: varchar('request_id', { length: 64 }).notNull().default(''),
  },
  // Every change writes a row here: the console's search (people/audit-search.ts) filters by date, which a BRIN
  // on the append-only time column serves at almost no cost to a write; it looks nothing up by subject or actor id.
  (table) => [index('audit_log_at_brin').using('brin', table.at)],
);

/** The first outcome of a request per employee and Idempotency-Key; kept a day. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 64 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    /** The first request's answer; null while that request's transaction is still open. */
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.employeeId, table.key] }),
    // Only the hourly housekeeping reads by age: keys are written in time order.
    index('idempotency_keys_created_brin').using('brin', table.createdAt),
  ],
);
