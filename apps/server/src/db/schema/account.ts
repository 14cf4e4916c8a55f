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
    failedLogins: smallint('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Access tokens issued before this instant are refused. */
    sessionsValidFrom: timestamp('sessions_valid_from', { withTimezone: true }).notNull().default(sql`now()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('employees_bu_idx').on(table.bu)],
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('refresh_tokens_employee_idx').on(table.employeeId)],
);

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
