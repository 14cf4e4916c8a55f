// The company's face (公司信息, set by the SysAdmin): one row of settings, the uploaded logos, and the names people read
// for the departments of each plant.
import { sql } from 'drizzle-orm';
import {
  char,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { employees } from './account';
import { bytea } from './columns';

/** A logo as uploaded, by the SHA-256 of its bytes (its public address); those no save uses go after a day. */
export const siteLogos = pgTable('site_logos', {
  sha256: char('sha256', { length: 64 }).primaryKey(),
  /** png, jpeg or webp, read from the bytes. */
  kind: varchar('kind', { length: 8 }).notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  uploadedBy: integer('uploaded_by').references(() => employees.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The one row of the face ('' = unset: the app's default, or no line); none before the first save. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    companyName: text('company_name').notNull().default(''),
    appTitle: text('app_title').notNull().default(''),
    copyright: text('copyright').notNull().default(''),
    icpFiling: text('icp_filing').notNull().default(''),
    logoSha256: char('logo_sha256', { length: 64 }).references(() => siteLogos.sha256),
    /** Plant code → the name people read for it, only those set. */
    plantNames: jsonb('plant_names').$type<Record<string, string>>().notNull().default({}),
    /** Raised by every save: a form read before another save is refused. */
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => employees.id, { onDelete: 'set null' }),
  },
  (table) => [check('site_settings_one_row', sql`${table.id} = 1`)],
);

/** The name people read for a department of a plant, keyed by the department as the employees' records name it. */
export const departmentNames = pgTable(
  'department_names',
  {
    bu: varchar('bu', { length: 8 }).notNull(),
    deptName: varchar('dept_name', { length: 64 }).notNull(),
    displayName: text('display_name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bu, table.deptName] })],
);
