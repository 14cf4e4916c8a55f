// Personal records an employee keeps up to date through HR's review: base data, certificates (education,
// title, skill, work history), the bank card; the files uploaded for them; the change requests waiting for a
// reviewer. ID card and bank card numbers are stored encrypted (src/core/personal-data.ts) beside a masked form.
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { employees } from './account';
import { bytea, employeeRef } from './columns';
import { notices } from './home';

/**
 * Uploaded files, bytes included, so every instance and one backup hold them. `kind` is what the content is
 * (sniffed from its first bytes), never what its name says; the original name is kept only to show.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The uploader; null for anonymous uploads of the public forms. */
    ownerId: integer('owner_id').references(() => employees.id, { onDelete: 'cascade' }),
    /** SCHOOL, CARD, RESUME, TITLE, PROPOSAL, PHOTO-Mobile, AVATAR */
    upType: varchar('up_type', { length: 16 }).notNull(),
    /** jpeg, png, webp, heic, pdf, doc, docx */
    kind: varchar('kind', { length: 8 }).notNull(),
    size: integer('size').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull().default(''),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a record or a change request first refers to the file; unattached files go after a day. */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (table) => [
    index('files_owner_idx').on(table.ownerId),
    index('files_unattached_idx').on(table.createdAt).where(sql`attached_at is null`),
  ],
);

/** The base data of an employee (SPEC §3 Employee base), beside what `employees` holds (number, name, dates). */
export const employeeProfiles = pgTable('employee_profiles', {
  employeeId: integer('employee_id')
    .primaryKey()
    .references(() => employees.id, { onDelete: 'cascade' }),
  /** Encrypted ID card number, and its masked form for answers (3201**********1234). */
  empCardEnc: text('emp_card_enc'),
  empCardMasked: varchar('emp_card_masked', { length: 32 }).notNull().default(''),
  empTelNo: varchar('emp_tel_no', { length: 20 }).notNull().default(''),
  address: varchar('address', { length: 200 }).notNull().default(''),
  /** Dictionary CARD (household type). */
  empCardType: varchar('emp_card_type', { length: 32 }).notNull().default(''),
  empHeight: numeric('emp_height', { precision: 5, scale: 1, mode: 'number' }),
  empWeight: numeric('emp_weight', { precision: 5, scale: 1, mode: 'number' }),
  empEmail: varchar('emp_email', { length: 100 }).notNull().default(''),
  /** Dictionary POLI. */
  empPolitical: varchar('emp_political', { length: 32 }).notNull().default(''),
  isMarry: char('is_marry', { length: 1 }).notNull().default(''),
  /** Dictionary FERT; only meaningful when married. */
  hasBirth: varchar('has_birth', { length: 32 }).notNull().default(''),
  cardScanUpId: uuid('card_scan_up_id'),
  cardScanDownId: uuid('card_scan_down_id'),
  emergencyContactName: varchar('emergency_contact_name', { length: 64 }).notNull().default(''),
  /** Dictionary REL. */
  emergencyContactRelation: varchar('emergency_contact_relation', { length: 32 }).notNull().default(''),
  emergencyContactTelNo: varchar('emergency_contact_tel_no', { length: 20 }).notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Education (CER01), title (CER02), skill (CER03) and work (CER04) records, as SPEC §3 names their fields. */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    employeeId: employeeRef(),
    cerType: char('cer_type', { length: 5 }).notNull(),
    /** Education level (dictionary MAJOR); education only. */
    major: varchar('major', { length: 32 }).notNull().default(''),
    /** Specialty, title or skill name, or position. */
    title: varchar('title', { length: 100 }).notNull().default(''),
    /** School or employer. */
    schoolName: varchar('school_name', { length: 100 }).notNull().default(''),
    cerStartDate: date('cer_start_date'),
    cerEndDate: date('cer_end_date'),
    /** Date obtained (title, skill). */
    cerEffDate: date('cer_eff_date'),
    fileId: uuid('file_id'),
    quitReason: varchar('quit_reason', { length: 200 }).notNull().default(''),
    personalSkill: varchar('personal_skill', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('certificates_employee_idx').on(table.employeeId, table.cerType, table.id)],
);

export const bankCards = pgTable('bank_cards', {
  employeeId: integer('employee_id')
    .primaryKey()
    .references(() => employees.id, { onDelete: 'cascade' }),
  bankName: varchar('bank_name', { length: 64 }).notNull(),
  bankAddress: varchar('bank_address', { length: 200 }).notNull().default(''),
  /** Encrypted card number, and its masked form for answers (6222 **** **** 1234). */
  bankNoEnc: text('bank_no_enc').notNull(),
  bankNoMasked: varchar('bank_no_masked', { length: 32 }).notNull(),
  fileId: uuid('file_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The banks an employee of a plant may choose for the salary card, first one the default (reference data). */
export const plantBanks = pgTable(
  'plant_banks',
  {
    bu: varchar('bu', { length: 8 }).notNull(),
    bankName: varchar('bank_name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.bu, table.bankName] })],
);

/**
 * A version per employee and record set (base, CER01…CER04, bank), raised by every change applied to the set.
 * A change request remembers the versions it was made against; approving it raises them only if they are still
 * those, so a record HR changed meanwhile is never overwritten unseen. `pending` is set while an edit of the set
 * waits for review: claiming it is how a second edit is refused, atomically, without a lock of its own.
 */
export const recordVersions = pgTable(
  'record_versions',
  {
    employeeId: employeeRef(),
    recordSet: varchar('record_set', { length: 8 }).notNull(),
    version: integer('version').notNull().default(0),
    pending: boolean('pending').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.employeeId, table.recordSet] })],
);

/**
 * A change an employee asked for: nothing is written to the records until a reviewer approves it. `proposed` is
 * the new state of the record sets it touches (numbers encrypted), `baseVersions` their versions at submission;
 * the diff decided on is frozen into the audit row.
 */
export const changeRequests = pgTable(
  'change_requests',
  {
    id: serial('id').primaryKey(),
    employeeId: employeeRef(),
    bu: varchar('bu', { length: 8 }).notNull(),
    /** APP_EDIT_PERSON, APP_EDIT_EDU, APP_EDIT_WORK, APP_EDIT_TITLE, APP_EDIT_BANK */
    kind: varchar('kind', { length: 16 }).notNull(),
    recordSets: text('record_sets').array().notNull(),
    baseVersions: jsonb('base_versions').$type<Record<string, number>>().notNull(),
    proposed: jsonb('proposed').notNull(),
    /** pending, approved, rejected, withdrawn (by the employee, before anyone decided) */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** The employee's change notice that carries it; a notice removed leaves the request without one. */
    noticeId: integer('notice_id').references(() => notices.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => employees.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The reviewer's opinion; required when rejecting. */
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('change_requests_pending_idx').on(table.status, table.createdAt),
    index('change_requests_employee_idx').on(table.employeeId, table.status),
    // 我的消息 reads each change notice's outcome from its request.
    index('change_requests_notice_idx').on(table.noticeId),
  ],
);
