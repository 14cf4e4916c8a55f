// The server's own operations: one row per scheduled backup, claimed by the first instance to reach its day.
import { bigint, date, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** A scheduled backup: the day's slot is unique, so several instances on one database take one backup a day. */
export const backupRuns = pgTable('backup_runs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The China-time day the run is for. */
  slot: date('slot', { mode: 'string' }).notNull().unique(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** ok or failed; `running` only inside the claiming transaction, which commits with the outcome. */
  status: varchar('status', { length: 16 }).notNull().default('running'),
  /** The archive's file name (in BACKUP_DIR) and size, once written. */
  file: text('file'),
  size: bigint('size', { mode: 'number' }),
  /** Why it failed, one line without secrets. */
  message: text('message'),
});
