// What each kind of import writes: the rows it replaces (its scope: a month of a plant's employees in the file, or
// for cabinets every assignment of those employees), how a staged row becomes a table row, what counts as the same
// row twice, and the checks beyond a cell's type. The replaced rows are kept whole (to_jsonb) with their table's
// name, so a rollback puts them back as they were.
import type { ImportKind } from '@ess/contract/import-kinds';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/transaction';

/** A staged row: the field values as typed (amounts in yuan with cents, dates yyyy-MM-dd). */
export type RowData = Record<string, unknown>;

type KindSpec = {
  /** The tables it writes and the scope condition on each (`$month` is the job's month). */
  tables: { name: string; scope: string; hasIdentity?: boolean }[];
  /** Two rows with the same key in one file: the second is a duplicate. */
  duplicateKey: (row: RowData) => string;
  /** A reason to refuse the row beyond the cells' types, e.g. a date outside the import's month. */
  check?: (row: RowData, month: string | null) => string | undefined;
  /** Writes the staged rows of the job (after the scope's rows were deleted). */
  insert: (tx: Tx, jobId: number, month: string | null, batchId: number | null) => Promise<void>;
  /** A number nobody has is a new employee (the roster), not a refusal; staged with employee id 0. */
  createsEmployees?: boolean;
  /** For a kind whose rows are not employees' rows of a table (the roster): its own commit and rollback. */
  replace?: (tx: Tx, job: { jobId: number; bu: string }) => Promise<void>;
  restore?: (tx: Tx, jobId: number) => Promise<void>;
};

/**
 * The roster: keeps each known employee's row whole, updates the columns the file has, and creates the new
 * numbers as employees of the plant (role Employee, no password: HR issues each a reset code in 员工与账号). The
 * ids it created are kept too, so a rollback deletes them and puts the updated rows back.
 */
const ROSTER_COLUMNS = [
  ['name', 'name'],
  ['deptName', 'dept_name'],
  ['teamName', 'team_name'],
  ['titleName', 'title_name'],
  ['empType', 'emp_type'],
  ['enterDate', 'enter_date'],
] as const;

const replaceRoster = async (tx: Tx, { jobId, bu }: { jobId: number; bu: string }) => {
  await tx.execute(sql`
    insert into import_replaced (job_id, data)
    select ${jobId}, jsonb_build_object('table', 'employees', 'row', to_jsonb(e))
    from employees e where e.id in (select employee_id from import_rows where job_id = ${jobId} and employee_id > 0)`);
  const sets = ROSTER_COLUMNS.map(([key, column]) =>
    column === 'enter_date'
      ? sql`${sql.identifier(column)} = coalesce((r.data->>${key})::date, e.enter_date)`
      : sql`${sql.identifier(column)} = coalesce(r.data->>${key}, e.${sql.identifier(column)})`,
  );
  await tx.execute(sql`
    update employees e set ${sql.join(sets, sql`, `)}
    from import_rows r where r.job_id = ${jobId} and r.employee_id = e.id and e.bu = ${bu}`);
  await tx.execute(sql`
    with created as (
      insert into employees (emp_no, name, bu, dept_name, team_name, title_name, emp_type, enter_date, password_hash,
                             must_change_password)
      select data->>'empNo', data->>'name', ${bu}, coalesce(data->>'deptName', ''), coalesce(data->>'teamName', ''),
             coalesce(data->>'titleName', ''), coalesce(data->>'empType', 'PS01'), (data->>'enterDate')::date, '', true
      from import_rows where job_id = ${jobId} and employee_id = 0
      on conflict (emp_no) do nothing
      returning id
    ), roles_given as (
      insert into employee_roles (employee_id, role_id)
      select created.id, roles.id from created, roles where roles.name = 'Employee'
    )
    insert into import_replaced (job_id, data)
    select ${jobId}, jsonb_build_object('table', 'employees-created', 'id', id) from created`);
};

const restoreRoster = async (tx: Tx, jobId: number) => {
  await tx.execute(sql`
    delete from employees where id in (
      select (data->>'id')::int from import_replaced where job_id = ${jobId} and data->>'table' = 'employees-created')`);
  const sets = ROSTER_COLUMNS.map(([, column]) => sql`${sql.identifier(column)} = kept.${sql.identifier(column)}`);
  await tx.execute(sql`
    update employees e set ${sql.join(sets, sql`, `)}
    from (select (jsonb_populate_record(null::employees, data->'row')).*
          from import_replaced where job_id = ${jobId} and data->>'table' = 'employees') kept
    where kept.id = e.id`);
};

const MONTH_SCOPE = 'year_month = $month';
const inMonth = (column: string) =>
  `${column} >= to_date($month, 'YYYY-MM') and ${column} < to_date($month, 'YYYY-MM') + interval '1 month'`;

const outsideMonth = (value: unknown, month: string | null, label: string) =>
  month && typeof value === 'string' && !value.startsWith(month) ? `${label}不在导入月份 ${month} 内` : undefined;

export const KIND_SPECS: Record<ImportKind, KindSpec> = {
  employees: {
    tables: [],
    duplicateKey: (row) => String(row.empNo),
    createsEmployees: true,
    insert: async () => {},
    replace: replaceRoster,
    restore: (tx, jobId) => restoreRoster(tx, jobId),
  },
  payslip: {
    tables: [{ name: 'payslips', scope: MONTH_SCOPE }],
    duplicateKey: (row) => String(row.empNo),
    check: (row, month) =>
      typeof row.month === 'string' && month && row.month !== month
        ? `月份 ${row.month} 与导入月份 ${month} 不符`
        : undefined,
    insert: async (tx, jobId, month, batchId) => {
      // A payslip the employee could see before batches existed stays in sight until this version is published.
      await tx.execute(sql`
        insert into kept_payslips (employee_id, year_month, emp_type, items)
        select (data->'row'->>'employee_id')::int, data->'row'->>'year_month', data->'row'->>'emp_type', data->'row'->'items'
        from import_replaced
        where job_id = ${jobId} and data->>'table' = 'payslips' and data->'row'->'batch_id' = 'null'::jsonb
        on conflict (employee_id, year_month) do nothing`);
      await tx.execute(sql`
        insert into payslips (employee_id, year_month, emp_type, items, batch_id)
        select employee_id, ${month}, data->>'empType', data->'items', ${batchId}::int
        from import_rows where job_id = ${jobId}`);
    },
  },
  attendance: {
    tables: [{ name: 'attendance_days', scope: inMonth('att_date') }],
    duplicateKey: (row) => `${row.empNo}|${row.attDate}`,
    check: (row, month) => outsideMonth(row.attDate, month, '日期'),
    insert: async (tx, jobId) => {
      await tx.execute(sql`
        insert into attendance_days (employee_id, att_date, start_time, end_time)
        select employee_id, (data->>'attDate')::date, (data->>'startTime')::time, (data->>'endTime')::time
        from import_rows where job_id = ${jobId}`);
    },
  },
  meals: {
    tables: [
      { name: 'meal_months', scope: MONTH_SCOPE },
      { name: 'meal_details', scope: MONTH_SCOPE, hasIdentity: true },
    ],
    duplicateKey: (row) => `${row.empNo}|${row.costTime}`,
    check: (row, month) => outsideMonth(row.costTime, month, '消费时间'),
    insert: async (tx, jobId, month) => {
      await tx.execute(sql`
        insert into meal_details (employee_id, year_month, cost_time, cost_amount, subsidy_amount)
        select employee_id, ${month}, (data->>'costTime')::timestamp at time zone 'Asia/Shanghai',
               (data->>'costAmount')::numeric, coalesce((data->>'subsidyAmount')::numeric, 0)
        from import_rows where job_id = ${jobId}`);
      // The month's deduction is what the lines cost beyond their subsidies.
      await tx.execute(sql`
        insert into meal_months (employee_id, year_month, deduction_amt)
        select employee_id, ${month},
               sum((data->>'costAmount')::numeric - coalesce((data->>'subsidyAmount')::numeric, 0))
        from import_rows where job_id = ${jobId} group by employee_id`);
    },
  },
  dormitory: {
    tables: [{ name: 'dormitory_costs', scope: MONTH_SCOPE }],
    duplicateKey: (row) => String(row.empNo),
    insert: async (tx, jobId, month) => {
      await tx.execute(sql`
        insert into dormitory_costs (employee_id, year_month, water_cost, tariff_cost, accommodation_cost)
        select employee_id, ${month}, (data->>'waterCost')::numeric, (data->>'tariffCost')::numeric,
               (data->>'accommodationCost')::numeric
        from import_rows where job_id = ${jobId}`);
    },
  },
  cabinet: {
    tables: [{ name: 'cabinets', scope: 'true' }],
    duplicateKey: (row) => `${row.areaDesc}|${row.caseNo}`,
    insert: async (tx, jobId) => {
      await tx.execute(sql`
        insert into cabinets (employee_id, team_name, area_desc, equipment_desc, case_no)
        select r.employee_id, coalesce(nullif(r.data->>'teamName', ''), e.team_name), r.data->>'areaDesc',
               coalesce(r.data->>'equipmentDesc', ''), r.data->>'caseNo'
        from import_rows r join employees e on e.id = r.employee_id where r.job_id = ${jobId}`);
    },
  },
  safety: {
    tables: [{ name: 'safety_issues', scope: inMonth('inspection_date'), hasIdentity: false }],
    duplicateKey: (row) => `${row.empNo}|${row.inspectionDate}|${row.typeCode}|${row.issueDescr}`,
    check: (row, month) => outsideMonth(row.inspectionDate, month, '检查日期'),
    insert: async (tx, jobId) => {
      await tx.execute(sql`
        insert into safety_issues (employee_id, issue_descr, work_process, inspection_date, type_code, bad_qty)
        select employee_id, data->>'issueDescr', coalesce(data->>'workProcess', ''), (data->>'inspectionDate')::date,
               data->>'typeCode', coalesce((data->>'badQty')::int, 0)
        from import_rows where job_id = ${jobId}`);
    },
  },
};

/** The scope condition with the month bound as a parameter. */
const scopeOf = (scope: string, month: string | null) => {
  const parts = scope.split('$month');
  return sql.join(
    parts.map((part, index) => (index === 0 ? sql.raw(part) : sql`${month}${sql.raw(part)}`)),
    sql``,
  );
};

const EMPLOYEES_OF_JOB = (jobId: number) => sql`(select employee_id from import_rows where job_id = ${jobId})`;

/**
 * In the commit's transaction: keeps the rows of the scope for the job's employees whole, deletes them, and writes
 * the job's rows. Re-importing the same month therefore replaces exactly that month of those employees.
 */
export const replaceRows = async (
  tx: Tx,
  {
    kind,
    jobId,
    month,
    batchId,
    bu,
  }: { kind: ImportKind; jobId: number; month: string | null; batchId: number | null; bu: string },
) => {
  const spec = KIND_SPECS[kind];
  if (spec.replace) return spec.replace(tx, { jobId, bu });
  for (const table of spec.tables) {
    const scope = scopeOf(table.scope, month);
    // One statement: the scope's rows are found once, deleted, and kept whole from what the delete returns.
    await tx.execute(sql`
      with gone as (
        delete from ${sql.identifier(table.name)} t where ${scope} and t.employee_id in ${EMPLOYEES_OF_JOB(jobId)}
        returning t.*)
      insert into import_replaced (job_id, data)
      select ${jobId}, jsonb_build_object('table', ${table.name}::text, 'row', to_jsonb(gone)) from gone`);
  }
  await spec.insert(tx, jobId, month, batchId);
};

/** The tables a job of the kind writes (the roster's are the employees). */
export const tablesWrittenBy = (kind: ImportKind) =>
  KIND_SPECS[kind].createsEmployees ? ['employees'] : KIND_SPECS[kind].tables.map((table) => table.name);

/** In the rollback's transaction: removes what the job wrote and puts back what it replaced. */
export const restoreRows = async (
  tx: Tx,
  { kind, jobId, month }: { kind: ImportKind; jobId: number; month: string | null },
) => {
  const { restore } = KIND_SPECS[kind];
  if (restore) return restore(tx, jobId);
  for (const table of KIND_SPECS[kind].tables) {
    const name = sql.identifier(table.name);
    await tx.execute(
      sql`delete from ${name} where ${scopeOf(table.scope, month)} and employee_id in ${EMPLOYEES_OF_JOB(jobId)}`,
    );
    const overriding = table.hasIdentity ? sql`overriding system value` : sql``;
    await tx.execute(sql`
      insert into ${name} ${overriding}
      select (jsonb_populate_record(null::${name}, data->'row')).*
      from import_replaced where job_id = ${jobId} and data->>'table' = ${table.name}`);
  }
};
