// Employees, their sign-in state, roles and menus.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    empNo: varchar('emp_no', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    bu: varchar('bu', { length: 8 }).notNull(),
    deptName: varchar('dept_name', { length: 64 }).notNull().default(''),
    teamName: varchar('team_name', { length: 64 }).notNull().default(''),
    titleName: varchar('title_name', { length: 64 }).notNull().default(''),
    /** PS01…PS04: selects the payslip items. */
    empType: char('emp_type', { length: 4 }).notNull().default('PS01'),
    enterDate: date('enter_date'),
    appReadStatus: char('app_read_status', { length: 1 }).notNull().default('N'),
    /** argon2id of the SHA-256 hex the client sends. */
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** 长辈版 (large text): null until the employee has been offered it once; follows them to any phone. */
    largeText: boolean('large_text'),
    /**
     * Raised when every session must end (password change, reset): access tokens carry the epoch they
     * were issued in and are refused once it is raised. A counter, not a time, so a token issued in the
     * same instant as the change is decided exactly.
     */
    sessionEpoch: integer('session_epoch').notNull().default(0),
    /** The picture of the person center (a file of upType AVATAR); not reviewed. */
    avatarFileId: uuid('avatar_file_id'),
    /** Marked as left in the HR console: can no longer sign in, every session ended. */
    leftOn: date('left_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('employees_bu_idx').on(table.bu),
    // The audience of HR's content counted per plant and department (core/audience.ts): read from the index alone.
    index('employees_audience_idx').on(table.bu, table.deptName, table.teamName, table.id).where(sql`left_on is null`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token: a stolen table cannot be replayed. */
    tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
    /** Every token rotated from one sign-in shares it; a replayed old token revokes the whole family. */
    familyId: uuid('family_id').notNull().defaultRandom(),
    /** The token this one was issued for in a rotation (null for the one a sign-in issued). */
    parentId: bigint('parent_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was exchanged for its successor. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout, password, superseded (its parent was presented again before it was used), replayed (theft). */
    revokedReason: varchar('revoked_reason', { length: 16 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refresh_tokens_employee_idx').on(table.employeeId),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_parent_idx').on(table.parentId),
  ],
);

/**
 * Wrong passwords per account name, whether or not the account exists, so the answers for a real and an
 * unknown account never differ and the counters survive restarts and are shared by every instance.
 */
export const loginFailures = pgTable('login_failures', {
  account: varchar('account', { length: 32 }).primaryKey(),
  failures: smallint('failures').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const resetCodes = pgTable('reset_codes', {
  codeHash: char('code_hash', { length: 64 }).primaryKey(),
  employeeId: integer('employee_id')
    .notNull()
    .references(() => employees.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  description: varchar('description', { length: 128 }).notNull().default(''),
});

export const employeeRoles = pgTable(
  'employee_roles',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.employeeId, table.roleId] }),
    index('employee_roles_role_idx').on(table.roleId),
  ],
);

/** The plants an HRAdmin administers: the HR console shows and changes only their employees and data. */
export const adminPlants = pgTable(
  'admin_plants',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    bu: varchar('bu', { length: 8 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.employeeId, table.bu] })],
);

export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 8 }).notNull().unique(),
  path: varchar('path', { length: 256 }).notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  icon: varchar('icon', { length: 64 }).notNull().default(''),
  isMobile: char('is_mobile', { length: 1 }).notNull().default('Y'),
  terminalType: varchar('terminal_type', { length: 8 }).notNull().default('MOBILE'),
  sort: integer('sort').notNull().default(0),
});

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.menuId] })],
);
