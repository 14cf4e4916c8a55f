// Seeds the demo company: reference data, two known accounts and N generated employees with
// 24 months of payslips, meals, dormitory costs, 60 days of attendance, cabinets, safety issues, notices.
// Bulk rows are generated inside PostgreSQL (generate_series) so 80,000 employees take seconds.
import type pg from 'pg';
import type { PersonalDataCipher } from '../core/personal-data';
import {
  DEPARTMENTS,
  DICTIONARIES,
  MENUS,
  PLANT_BANKS,
  PLANT_NAMES,
  plantDepartments,
  plantTeams,
  ROLES,
  SAFETY_ISSUE_TYPES,
  TITLES,
} from '../db/reference-data';
import { hashPassword, sha256Hex } from '../lib/passwords';
import { seedDemoAnnouncements, seedDemoPublishedExam } from './demo-announcements';
import { seedDemoBanners } from './demo-banners';
import { seedDemoHandbook } from './demo-handbook';
import { seedDemoRecords } from './demo-records';
import { seedDemoTraining } from './demo-training';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_EMPLOYEE = '100001';
export const DEMO_REVIEWER = '900001';
/** An HR clerk who administers plant NT only. */
export const DEMO_PLANT_CLERK = '900002';
/** Meal detail lines are many per month: only the first employees get them, enough for every demo screen. */
const MEAL_DETAIL_EMPLOYEES = 500;

export const isDatabaseEmpty = async (pool: pg.Pool) => {
  const { rows } = await pool.query<{ n: string }>('select count(*) as n from employees');
  return Number(rows[0]?.n ?? 0) === 0;
};

/**
 * Reference data every installation needs, applied at every start (idempotent): a new version's roles, menus,
 * dictionary entries and plant banks arrive with it. A menu is granted to roles only when it is new, so menus HR
 * took away from a role stay away.
 */
export const seedReferenceData = async (client: pg.PoolClient | pg.Pool) => {
  for (const role of ROLES) {
    await client.query('insert into roles (name, description) values ($1, $2) on conflict (name) do nothing', [
      role.name,
      role.description,
    ]);
  }
  for (const [index, menu] of MENUS.entries()) {
    const { rows } = await client.query<{ id: number; is_new: boolean }>(
      `insert into menus (code, path, name, icon, is_mobile, terminal_type, sort) values ($1, $2, $3, $4, 'Y', 'MOBILE', $5)
       on conflict (code) do update set path = excluded.path, name = excluded.name, icon = excluded.icon, sort = excluded.sort
       returning id, (xmax = 0) as is_new`,
      [menu.code, menu.path, menu.name, menu.icon, index],
    );
    if (!rows[0]?.is_new) continue;
    // Every employee role sees every mobile menu but those kept for some roles; AppVerify holders are employees too.
    const onlyFor: readonly string[] | null = 'roles' in menu ? menu.roles : null;
    await client.query(
      `insert into role_menus (role_id, menu_id) select r.id, $1 from roles r
       where $2::text[] is null or r.name = any($2::text[]) on conflict do nothing`,
      [rows[0].id, onlyFor],
    );
  }
  for (const [bu, banks] of Object.entries(PLANT_BANKS)) {
    for (const [index, bankName] of banks.entries()) {
      await client.query('insert into plant_banks (bu, bank_name, sort) values ($1, $2, $3) on conflict do nothing', [
        bu,
        bankName,
        index,
      ]);
    }
  }
  const dictionaries = [
    ...Object.entries(DICTIONARIES).map(([stateType, items]) => ({ stateType, sysFunc: 'HR', items })),
    SAFETY_ISSUE_TYPES,
  ];
  for (const { stateType, sysFunc, items } of dictionaries) {
    for (const [index, [stateId, stateDescr]] of items.entries()) {
      await client.query(
        `insert into dictionary_items (state_type, state_id, state_descr, sys_func, sort) values ($1, $2, $3, $4, $5)
         on conflict do nothing`,
        [stateType, stateId, stateDescr, sysFunc, index],
      );
    }
  }
  // One statement each: this runs at every start.
  await client.query(
    `insert into departments (dept_no, bu, name, level, sort)
     select "deptNo", bu, name, level, sort
     from jsonb_to_recordset($1::jsonb) as d("deptNo" text, bu text, name text, level int, sort int)
     on conflict do nothing`,
    [JSON.stringify(plantDepartments())],
  );
  await client.query(
    `insert into teams (team_no, bu, name, dept_no, sort)
     select "teamNo", bu, name, "deptNo", sort
     from jsonb_to_recordset($1::jsonb) as t("teamNo" text, bu text, name text, "deptNo" text, sort int)
     on conflict do nothing`,
    [JSON.stringify(plantTeams())],
  );
};

export const seedDemo = async (
  pool: pg.Pool,
  { employees = 200, cipher }: { employees?: number; cipher: PersonalDataCipher },
) => {
  const passwordHash = await hashPassword(sha256Hex(DEMO_PASSWORD));
  await inTransaction(pool, [], async (client) => {
    await seedReferenceData(client);
    await seedEmployees(client, { employees, passwordHash });
  });
  try {
    // The bulk tables load in parallel, one transaction each, so both cores work.
    await Promise.all([
      inTransaction(pool, ['payslips'], seedPayslips),
      inTransaction(
        pool,
        [
          'attendance_days',
          'meal_months',
          'meal_details',
          'dormitory_costs',
          'cabinets',
          'safety_issues',
          'notices',
          // Empty here too; it references notices, so they are truncated together.
          'change_requests',
          'messages',
          // Empty too; it references messages.
          'platform_deliveries',
        ],
        async (client) => {
          await seedMealsAndDormitory(client);
          await seedAttendance(client);
          await seedCabinetsAndSafety(client);
          await seedNotices(client);
        },
      ),
    ]);
    await seedDemoRecords(pool, { empNo: DEMO_EMPLOYEE, cipher });
    await seedDemoTraining(pool);
    await seedDemoAnnouncements(pool, { sysAdmin: DEMO_REVIEWER, plantClerk: DEMO_PLANT_CLERK });
    await seedDemoPublishedExam(pool, { plantClerk: DEMO_PLANT_CLERK });
    await seedDemoBanners(pool, { publisherEmpNo: DEMO_REVIEWER });
    await seedDemoHandbook(pool);
  } catch (error) {
    // A half-seeded company is worse than none: leave the database empty so the next start seeds again.
    await pool.query(
      'truncate employees, roles, menus, banners, banner_images, dictionary_items, plant_banks, departments, teams, training_materials, papers, announcements restart identity cascade',
    );
    throw error;
  }
  // Statistics for the planner, and the visibility map the month lists' index-only scans need.
  await pool.query('vacuum (analyze)');
};

/**
 * Only used on an empty database. Truncating the tables in the loading transaction lets PostgreSQL skip
 * the WAL for their rows when wal_level is minimal (the embedded cluster): the data is fsynced at commit.
 */
const inTransaction = async (pool: pg.Pool, truncate: string[], work: (client: pg.PoolClient) => Promise<void>) => {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await skipForeignKeyChecks(client);
    if (truncate.length > 0) await client.query(`truncate ${truncate.join(', ')}`);
    await work(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
};

const seedEmployees = async (
  client: pg.PoolClient,
  { employees, passwordHash }: { employees: number; passwordHash: string },
) => {
  const plants = Object.keys(PLANT_NAMES);
  // The two known accounts first, so they get ids 1 and 2 on a fresh database.
  await client.query(
    `insert into employees (emp_no, name, bu, dept_name, team_name, title_name, emp_type, enter_date, app_read_status, password_hash)
     values ($1, '张伟', 'NT', '总装车间', '总装一班', '操作工', 'PS01', (now() at time zone 'Asia/Shanghai')::date - 400, 'N', $3),
            ($2, '李娜', 'NT', '人力资源部', '人事组', '主管', 'PS04', date '2018-03-01', 'Y', $3)`,
    [DEMO_EMPLOYEE, DEMO_REVIEWER, passwordHash],
  );
  // Generated colleagues: 100002, 100003, …
  await client.query(
    `insert into employees (emp_no, name, bu, dept_name, team_name, title_name, emp_type, enter_date, app_read_status, password_hash)
     select (100001 + g)::text,
            (array['王','李','赵','刘','陈','杨','黄','周','吴','孙'])[1 + g % 10] || (array['明','芳','强','敏','磊','静','军','丽','勇','艳'])[1 + (g / 10) % 10],
            ($1::text[])[1 + g % array_length($1::text[], 1)],
            ($2::text[])[1 + (g / 3) % array_length($2::text[], 1)],
            '班组' || (1 + g % 12),
            ($3::text[])[1 + (g / 7) % array_length($3::text[], 1)],
            'PS0' || (1 + (g / 5) % 4),
            date '2015-01-01' + (g * 37) % 3600,
            case when g % 3 = 0 then 'N' else 'Y' end,
            $4
     from generate_series(1, $5::int) as g`,
    [plants, DEPARTMENTS, TITLES, passwordHash, Math.max(0, employees - 2)],
  );
  const { rows: roleRows } = await client.query<{ id: number; name: string }>('select id, name from roles');
  const roleId = (name: string) => roleRows.find((role) => role.name === name)?.id;
  await client.query('insert into employee_roles (employee_id, role_id) select id, $1 from employees', [
    roleId('Employee'),
  ]);
  await client.query(
    'insert into employee_roles (employee_id, role_id) select id, $1 from employees where emp_no = $2',
    [roleId('AppVerify'), DEMO_REVIEWER],
  );
  // HR: the reviewer administers every plant and is the system administrator (roles and menus); a second clerk
  // administers only NT (the HR console's plant scope).
  await client.query(
    `insert into employees (emp_no, name, bu, dept_name, team_name, title_name, emp_type, enter_date, app_read_status, password_hash)
     values ($1, '周敏', 'NT', '人力资源部', '人事组', '文员', 'PS02', date '2020-05-06', 'Y', $2)`,
    [DEMO_PLANT_CLERK, passwordHash],
  );
  await client.query(
    `insert into employee_roles (employee_id, role_id) select e.id, r.id from employees e, roles r
     where (e.emp_no = $1 and r.name in ('HRAdmin', 'Employee')) or (e.emp_no = $2 and r.name in ('HRAdmin', 'SysAdmin'))
     on conflict do nothing`,
    [DEMO_PLANT_CLERK, DEMO_REVIEWER],
  );
  await client.query(
    `insert into admin_plants (employee_id, bu)
     select e.id, p.bu from employees e cross join unnest($1::text[]) as p(bu) where e.emp_no = $2
     union all select e.id, 'NT' from employees e where e.emp_no = $3`,
    [plants, DEMO_REVIEWER, DEMO_PLANT_CLERK],
  );
};

/**
 * Bulk rows reference employees inserted in the same transaction, so the per-row foreign-key triggers
 * only cost time (most of it, at 80,000 employees). Needs a superuser, as the embedded cluster's is;
 * elsewhere the checks simply stay on.
 */
const skipForeignKeyChecks = async (client: pg.PoolClient) => {
  await client.query('savepoint replication_role');
  try {
    await client.query("set local session_replication_role = 'replica'");
    await client.query('release savepoint replication_role');
  } catch {
    await client.query('rollback to savepoint replication_role');
  }
};

/** The 24 months before the current one (Asia/Shanghai). */
const MONTHS = `(select to_char((date_trunc('month', now() at time zone 'Asia/Shanghai') - make_interval(months => m)), 'YYYY-MM') as ym, m
                   from generate_series(1, 24) as m)`;

/** Payslips, with the amounts worked out in whole cents (integer arithmetic is much faster than numeric). */
const seedPayslips = async (client: pg.PoolClient) => {
  await client.query(`
    insert into payslips (employee_id, year_month, emp_type, items)
    select e.id, mo.ym, e.emp_type, jsonb_build_object(
      'BASIC_PAY', a.basic * 0.01, 'OVERTIME_PAY', a.overtime * 0.01, 'ATTENDANCE_PAY', a.attendance * 0.01,
      'ALLOWANCE', a.allowance * 0.01, 'REWARD_PENALTY', a.reward * 0.01, 'GROSS_PAY', b.gross * 0.01,
      'UNION_FEE', b.union_fee * 0.01, 'LODGING_DEDUCTION', a.lodging * 0.01, 'SOCIAL_INSURANCE', b.social * 0.01,
      'HOUSING_FUND', b.housing * 0.01, 'INCOME_TAX', t.tax * 0.01, 'OTHERS', a.others * 0.01,
      'NET_PAY', (b.gross - b.union_fee - a.lodging - b.social - b.housing - t.tax - a.others) * 0.01)
    from employees e cross join ${MONTHS} mo
    cross join lateral (
      select 260000 + (e.id % 10) * 15000 as basic,
             case when e.emp_type in ('PS01', 'PS03') then ((e.id * 7 + mo.m * 13) % 1600) * 100 + 50 else 0 end as overtime,
             case when e.emp_type in ('PS01', 'PS02') and (e.id + mo.m) % 5 <> 0 then 20000 else 0 end as attendance,
             30000 + (mo.m % 3) * 5000 as allowance,
             case when e.emp_type = 'PS03' then 0 else ((e.id + mo.m) % 7 - 2) * 5000 end as reward,
             case when e.emp_type in ('PS01', 'PS03') then 12000 else 0 end as lodging,
             case when (e.id + mo.m) % 4 = 0 then 3000 else 0 end as others) a
    cross join lateral (
      select a.basic + a.overtime + a.attendance + a.allowance + a.reward as gross,
             (a.basic + a.overtime) * 5 / 1000 as union_fee, a.basic * 105 / 1000 as social, a.basic * 7 / 100 as housing) b
    cross join lateral (select greatest(b.gross - 500000, 0) * 3 / 100 as tax) t`);
};

const seedMealsAndDormitory = async (client: pg.PoolClient) => {
  await client.query(`
    insert into meal_months (employee_id, year_month, deduction_amt)
    select e.id, mo.ym, case when (e.id + mo.m) % 9 = 0 then 0 else round((150 + (e.id * 11 + mo.m * 17) % 250)::numeric, 2) end
    from employees e cross join ${MONTHS} mo`);
  await client.query(
    `insert into meal_details (employee_id, year_month, cost_time, cost_amount, subsidy_amount)
     select mm.employee_id, mm.year_month,
            (to_date(mm.year_month, 'YYYY-MM') + (d - 1) + make_interval(hours => case when d % 2 = 0 then 11 else 17 end, mins => (d * 7) % 50))
              at time zone 'Asia/Shanghai',
            (12 + (d % 4) * 2)::numeric, case when d % 3 = 0 then 0 else 4 end::numeric
     from meal_months mm cross join generate_series(1, 20) as d
     where mm.employee_id <= $1 and mm.deduction_amt > 0`,
    [MEAL_DETAIL_EMPLOYEES],
  );
  await client.query(`
    insert into dormitory_costs (employee_id, year_month, water_cost, tariff_cost, accommodation_cost)
    select e.id, mo.ym, round((15 + (e.id + mo.m) % 20)::numeric + 0.5, 2), round((40 + (e.id * 3 + mo.m * 7) % 90)::numeric + 0.8, 2), 120
    from employees e cross join ${MONTHS} mo
    where e.emp_type in ('PS01', 'PS03')`);
};

/** The last 60 days; every ninth day without punches, a few with only one. */
const seedAttendance = async (client: pg.PoolClient) => {
  await client.query(`
    insert into attendance_days (employee_id, att_date, start_time, end_time)
    select e.id, (now() at time zone 'Asia/Shanghai')::date - d,
           case when (e.id + d) % 9 = 0 then null else time '07:40' + make_interval(mins => (e.id * 3 + d * 7) % 20) end,
           case when (e.id + d) % 9 = 0 or (e.id + d) % 13 = 0 then null else time '17:30' + make_interval(mins => (e.id + d * 5) % 90) end
    from employees e cross join generate_series(0, 59) as d`);
};

const seedCabinetsAndSafety = async (client: pg.PoolClient) => {
  await client.query(`
    insert into cabinets (employee_id, team_name, area_desc, equipment_desc, case_no)
    select e.id, e.team_name, e.bu || ' 厂区 ' || (1 + e.id % 4) || ' 号更衣室', e.dept_name,
           lpad(((e.id - 1) % 240 + 1)::text, 3, '0')
    from employees e`);
  // Two issues inside the 30-day window and one outside it, for a third of the employees (and the demo one).
  await client.query(`
    insert into safety_issues (employee_id, issue_descr, work_process, inspection_date, type_code, bad_qty)
    select e.id, (array['未佩戴安全帽','工位物料堆放超高','安全通道被占用','未按规定佩戴防护眼镜'])[1 + (e.id + x.n) % 4],
           (array['总装','焊接','涂装','冲压'])[1 + (e.id + x.n) % 4],
           (now() at time zone 'Asia/Shanghai')::date - x.days_ago,
           (array['EHS01','EHS02','EHS03'])[1 + x.n % 3], 1 + (e.id + x.n) % 3
    from employees e cross join (values (1, 3), (2, 17), (3, 45)) as x(n, days_ago)
    where e.id % 3 = 1`);
};

const seedNotices = async (client: pg.PoolClient) => {
  await client.query(`
    insert into notices (employee_id, bu, notice_type, title, description, body, is_verify, message_content, verified_at)
    select e.id, e.bu, n.type, n.title, n.descr, '', n.verified, n.reply, case when n.verified = 'Y' then now() else null end
    from employees e cross join lateral (values
      ('AppSalary', '工资疑问', '上月加班费与实际加班时长不符', 'Y', '已核对，差额将在下月补发'),
      ('AppMeals', '餐费扣款', '本月餐费扣款偏多', 'N', ''),
      ('APP_EDIT_BANK', '银行卡变更', '员工 ' || e.emp_no || ' 修改了银行卡信息', 'Y', '审核通过'),
      ('AppAtt', '考勤异常', '周三下班卡未记录', 'N', '')) as n(type, title, descr, verified, reply)
    where e.id <= 50`);
  await client.query(`
    insert into messages (employee_id, title, body)
    select e.id, m.title, m.body
    from employees e cross join (values
      ('工资单已发布', '上月工资单已可查询，如有疑问请在“反馈”中提交。'),
      ('安全月活动', '本月为安全生产月，请按规定佩戴劳保用品。')) as m(title, body)
    where e.id <= 50`);
};
