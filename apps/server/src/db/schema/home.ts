// Dictionaries, banners (and their pictures) and the messages shown on the home page; notices employees submit.
import { char, date, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { employees } from './account';
import { bytea, inboxAssignment } from './columns';

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

/**
 * A picture for the home carousel, stored once by the SHA-256 of its bytes (a second upload of the same bytes is
 * this row), with the sizes the phones get: at most 750 px wide, as WebP and as JPEG, each within 60 KB. The
 * served addresses carry each size's own SHA-256, so they never change and are cached for a year.
 */
export const bannerImages = pgTable(
  'banner_images',
  {
    id: serial('id').primaryKey(),
    sha256: char('sha256', { length: 64 }).notNull().unique(),
    /** jpeg, png, webp: what the uploaded bytes are. */
    kind: varchar('kind', { length: 8 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    original: bytea('original').notNull(),
    /** The served sizes' dimensions (both formats share them). */
    servedWidth: integer('served_width').notNull(),
    servedHeight: integer('served_height').notNull(),
    webpSha256: char('webp_sha256', { length: 64 }).notNull(),
    webp: bytea('webp').notNull(),
    jpegSha256: char('jpeg_sha256', { length: 64 }).notNull(),
    jpeg: bytea('jpeg').notNull(),
    uploadedBy: integer('uploaded_by').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Two uploads that differ only in metadata give the same served bytes: the served hashes repeat, each row's alike.
  (table) => [
    index('banner_images_webp_idx').on(table.webpSha256),
    index('banner_images_jpeg_idx').on(table.jpegSha256),
  ],
);

/**
 * The home carousel's banners. Shown to the workers of `plants` (empty: the whole company) from `starts_on` to
 * `ends_on` (China dates, both included; none: until withdrawn), by `sort` then id; a withdrawn one stays, hidden.
 */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 64 }).notNull(),
  imageId: integer('image_id')
    .notNull()
    .references(() => bannerImages.id),
  /** An app path (/…) or an https address. */
  link: varchar('link', { length: 512 }),
  plants: text('plants').array().notNull(),
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  endsOn: date('ends_on', { mode: 'string' }),
  sort: integer('sort').notNull().default(0),
  createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  withdrawnBy: integer('withdrawn_by').references(() => employees.id, { onDelete: 'set null' }),
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
    ...inboxAssignment(),
  },
  (table) => [
    index('notices_employee_idx').on(table.employeeId, table.id),
    // The 收件箱 and the dashboard read a plant's feedback by type and age.
    index('notices_bu_type_created_idx').on(table.bu, table.noticeType, table.createdAt),
  ],
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
    /** The page of the app the message is about ('/salary/my-salary'); '' for home. WeCom's card opens it. */
    link: varchar('link', { length: 300 }).notNull().default(''),
    /** A reminder a worker may keep from their WeCom ('training', 'notice'); '' for what always goes. */
    category: varchar('category', { length: 16 }).notNull().default(''),
    /**
     * The change the message tells of, when it may be taken back ('payslip-batch:12:v2'): withdrawing it recalls the
     * WeCom cards of its messages (platform_recalls). '' for the others.
     */
    eventKey: varchar('event_key', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [index('messages_employee_idx').on(table.employeeId, table.readAt)],
);
