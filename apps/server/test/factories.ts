// Test data made to measure: employees, roles, and the rows of their query screens, each with defaults so a
// test states only what matters to it. Tests build what they need here instead of borrowing demo employees
// and editing them with SQL.
import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/client';
import { attendanceDays } from '../src/db/schema/index';
import { hashPassword, sha256Hex } from '../src/lib/passwords';

export const FACTORY_PASSWORD = 'factory-pass-1';
export const FACTORY_PASSWORD_HASH = sha256Hex(FACTORY_PASSWORD);

let created = 0;
const uniqueSuffix = () => {
  created += 1;
  return `${created}${randomBytes(2).toString('hex')}`;
};

export type MadeEmployee = { id: number; empNo: string; name: string; bu: string };

/** A signed-in-able employee; `roles` are role names (created by makeRole or seeded: Employee, AppVerify). */
export const makeEmployee = async (
  database: Database,
  {
    plant = 'NT',
    roles = ['Employee'],
    empNo = `F${uniqueSuffix()}`,
    name = '测试员工',
    password = FACTORY_PASSWORD,
  }: { plant?: string; roles?: string[]; empNo?: string; name?: string; password?: string } = {},
): Promise<MadeEmployee> => {
  const passwordHash = await hashPassword(sha256Hex(password));
  const { rows } = await database.pool.query<{ id: number }>(
    `insert into employees (emp_no, name, bu, dept_name, title_name, enter_date, app_read_status, password_hash)
     values ($1, $2, $3, '总装车间', '操作工', current_date - 100, 'Y', $4) returning id`,
    [empNo, name, plant, passwordHash],
  );
  const id = rows[0]?.id as number;
  await database.pool.query(
    'insert into employee_roles (employee_id, role_id) select $1, id from roles where name = any($2::text[])',
    [id, roles],
  );
  return { id, empNo, name, bu: plant };
};

/** A role holding exactly the given mobile menu codes (M01…). */
export const makeRole = async (database: Database, { menuCodes = [] as string[], name = `role-${uniqueSuffix()}` }) => {
  await database.pool.query('insert into roles (name) values ($1)', [name]);
  await database.pool.query(
    `insert into role_menus (role_id, menu_id)
     select r.id, m.id from roles r cross join menus m where r.name = $1 and m.code = any($2::text[])`,
    [name, menuCodes],
  );
  return name;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** China keeps no daylight saving time: its calendar is UTC shifted by eight hours. */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** yyyy-MM-dd on the Shanghai calendar, `daysAgo` days before today (negative: after). */
export const shanghaiDay = (daysAgo = 0) =>
  new Date(Date.now() + SHANGHAI_OFFSET_MS - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** Punches of the given days; a missing time defaults to an ordinary shift, null means no punch. */
export const makeAttendanceDays = async (
  database: Database,
  employee: MadeEmployee,
  days: { date: string; start?: string | null; end?: string | null }[],
) =>
  days.length === 0
    ? []
    : database.db
        .insert(attendanceDays)
        .values(
          days.map(({ date, start = '07:50', end = '17:40' }) => ({
            employeeId: employee.id,
            attDate: date,
            startTime: start,
            endTime: end,
          })),
        )
        .returning();
