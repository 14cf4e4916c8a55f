// The employee handbook and the onboarding guide as versions HR publishes for plants, their PDFs (in parts, like an
// import's file, so no statement carries or returns more than a part), and each employee's acceptance of a handbook
// version with its time.
import { sql } from 'drizzle-orm';
import { char, date, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { employees } from './account';
import { bytea, employeeRef } from './columns';

export const handbookVersions = pgTable(
  'handbook_versions',
  {
    id: serial('id').primaryKey(),
    /** handbook (员工手册, accepted per version) or guide (入职指引). */
    kind: varchar('kind', { length: 16 }).notNull(),
    label: varchar('label', { length: 40 }).notNull(),
    /** From this day on China's calendar the version can be current. */
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    /** Plant codes; empty: the whole company (only a SysAdmin publishes such a version). */
    plants: text('plants').array().notNull(),
    /** The uploaded file's name, as a label. */
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    /** Null for the demo's first versions, which the system itself published. */
    uploadedBy: integer('uploaded_by').references(() => employees.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnBy: integer('withdrawn_by').references(() => employees.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawReason: varchar('withdraw_reason', { length: 200 }).notNull().default(''),
    /** When the employees it concerns were messaged to read and accept it (on its effective date). */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (table) => [
    // The current version of a plant: the latest of its kind that is not withdrawn.
    index('handbook_versions_current_idx')
      .on(table.kind, table.effectiveDate.desc(), table.id.desc())
      .where(sql`${table.withdrawnAt} is null`),
  ],
);

/** A version's PDF in parts of at most 1 MB, in order. */
export const handbookFileParts = pgTable(
  'handbook_file_parts',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => handbookVersions.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.versionId, table.part] })],
);

/** An employee accepted a handbook version: once, at that time. */
export const handbookAcceptances = pgTable(
  'handbook_acceptances',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => handbookVersions.id, { onDelete: 'cascade' }),
    employeeId: employeeRef(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The rate of a version counts its rows joined to the employees; an employee's own row is found by both columns.
    primaryKey({ columns: [table.versionId, table.employeeId] }),
    // An employee removed takes their rows along (the foreign key's cascade looks them up by employee).
    index('handbook_acceptances_employee_idx').on(table.employeeId),
  ],
);
