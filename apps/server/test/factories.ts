// Test data made to measure: employees, roles, and the rows of their query screens, each with defaults so a
// test states only what matters to it. Tests build what they need here instead of borrowing demo employees
// and editing them with SQL.
import { randomBytes } from 'node:crypto';
import type { EmpType, PayItemKey } from '@ess/contract/salary';
import { asc, eq } from 'drizzle-orm';
import { maskBankNo, maskIdCard, type PersonalDataCipher } from '../src/core/personal-data';
import type { Database } from '../src/db/client';
import { adminPlants } from '../src/db/schema/account';
import {
  attendanceDays,
  cabinets,
  dormitoryCosts,
  mealDetails,
  mealMonths,
  payslips,
  safetyIssues,
} from '../src/db/schema/index';
import { certificates } from '../src/db/schema/records';
import {
  paperAssignments,
  paperQuestions,
  papers,
  type StoredAnswerKey,
  studyAssignments,
  trainingMaterials,
} from '../src/db/schema/training';
import { withTransaction } from '../src/db/transaction';
import { hashPassword, sha256Hex } from '../src/lib/passwords';
import { attachFiles, storeFile } from '../src/modules/files/service';
import {
  applyProposedRecords,
  type BaseValues,
  type CertificateValues,
  type ProposedRecords,
  raiseVersions,
  readVersions,
  setsOfProposed,
} from '../src/modules/records/live-records';
import { drawPng } from '../src/seed/demo-images';
import { DEMO_RECORDS, EMPTY_CERTIFICATE } from '../src/seed/demo-record-values';

export const FACTORY_PASSWORD = 'factory-pass-1';
export const FACTORY_PASSWORD_HASH = sha256Hex(FACTORY_PASSWORD);

let created = 0;
const uniqueSuffix = () => {
  created += 1;
  return `${created}${randomBytes(2).toString('hex')}`;
};

export type MadeEmployee = { id: number; empNo: string; name: string; bu: string; empType: EmpType };

/** A signed-in-able employee; `roles` are role names (created by makeRole or seeded: Employee, AppVerify). */
export const makeEmployee = async (
  database: Database,
  {
    plant = 'NT',
    roles = ['Employee'],
    empNo = `F${uniqueSuffix()}`,
    name = '测试员工',
    password = FACTORY_PASSWORD,
    empType = 'PS01',
    handbookRead = true,
    deptName = '总装车间',
    dept = deptName,
    team = '',
    title = '操作工',
    largeText = false,
  }: {
    plant?: string;
    roles?: string[];
    empNo?: string;
    name?: string;
    password?: string;
    empType?: EmpType;
    /**
     * Whether the employee has confirmed reading the handbook: app_read_status, and an acceptance of every handbook
     * version published for their plant by now (the demo's first version among them).
     */
    handbookRead?: boolean;
    deptName?: string;
    /** The same as deptName (either name). */
    dept?: string;
    team?: string;
    /** 职务 (title_name). */
    title?: string;
    /** 长辈版: off unless said; null is an employee never offered it (home offers it once). */
    largeText?: boolean | null;
  } = {},
): Promise<MadeEmployee> => {
  const passwordHash = await hashPassword(sha256Hex(password));
  const { rows } = await database.pool.query<{ id: number }>(
    `insert into employees (emp_no, name, bu, dept_name, team_name, title_name, emp_type, enter_date, app_read_status,
       password_hash, large_text)
     values ($1, $2, $3, $7, $8, $9, $4, current_date - 100, $5, $6, $10) returning id`,
    [empNo, name, plant, empType, handbookRead ? 'Y' : 'N', passwordHash, dept, team, title, largeText],
  );
  const id = rows[0]?.id as number;
  await database.pool.query(
    'insert into employee_roles (employee_id, role_id) select $1, id from roles where name = any($2::text[])',
    [id, roles],
  );
  if (handbookRead) {
    await database.pool.query(
      `insert into handbook_acceptances (version_id, employee_id)
       select id, $1 from handbook_versions
       where kind = 'handbook' and withdrawn_at is null and effective_date <= (now() at time zone 'Asia/Shanghai')::date
         and (cardinality(plants) = 0 or $2 = any(plants))`,
      [id, plant],
    );
  }
  return { id, empNo, name, bu: plant, empType };
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

/** yyyy-MM on the Shanghai calendar, `monthsAgo` months before the current one (negative: after). */
export const shanghaiMonth = (monthsAgo = 0) => {
  const now = new Date(Date.now() + SHANGHAI_OFFSET_MS);
  const index = now.getUTCFullYear() * 12 + now.getUTCMonth() - monthsAgo;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

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

const EARNINGS = ['BASIC_PAY', 'OVERTIME_PAY', 'ATTENDANCE_PAY', 'ALLOWANCE', 'REWARD_PENALTY'] as const;
const DEDUCTIONS = [
  'UNION_FEE',
  'LODGING_DEDUCTION',
  'SOCIAL_INSURANCE',
  'HOUSING_FUND',
  'INCOME_TAX',
  'OTHERS',
] as const;
const toCents = (amount: number) => Math.round(amount * 100);

/**
 * Every pay item of a payslip that adds up: the given amounts over ordinary ones, the gross pay the sum of
 * the earnings and the net pay what the gross leaves after the deductions (unless given too).
 */
export const payslipItems = (amounts: Partial<Record<PayItemKey, number>> = {}): Record<PayItemKey, number> => {
  const parts = {
    BASIC_PAY: 3000,
    OVERTIME_PAY: 812.5,
    ATTENDANCE_PAY: 200,
    ALLOWANCE: 350,
    REWARD_PENALTY: -50,
    UNION_FEE: 19.06,
    LODGING_DEDUCTION: 120,
    SOCIAL_INSURANCE: 315,
    HOUSING_FUND: 210,
    INCOME_TAX: 0,
    OTHERS: 30,
    ...amounts,
  };
  // In whole cents, so the sums carry no binary fractions.
  const gross = EARNINGS.reduce((sum, key) => sum + toCents(parts[key]), 0);
  const net = gross - DEDUCTIONS.reduce((sum, key) => sum + toCents(parts[key]), 0);
  return { ...parts, GROSS_PAY: gross / 100, NET_PAY: net / 100, ...amounts };
};

/** One month's payslip: by default last month's, of the employee's type, with ordinary items. */
export const makePayslip = async (
  database: Database,
  employee: MadeEmployee,
  {
    month = shanghaiMonth(1),
    empType = employee.empType,
    items = payslipItems(),
  }: { month?: string; empType?: EmpType; items?: Partial<Record<PayItemKey, number>> } = {},
) => {
  const [row] = await database.db
    .insert(payslips)
    .values({ employeeId: employee.id, yearMonth: month, empType, items })
    .returning();
  return row!;
};

/** One safety-inspection issue, today unless `date` says otherwise. */
export const makeSafetyIssue = async (
  database: Database,
  employee: MadeEmployee,
  {
    date = shanghaiDay(0),
    issueDescr = '未佩戴安全帽',
    workProcess = '总装',
    typeCode = 'EHS01',
    badQty = 1,
  }: { date?: string; issueDescr?: string; workProcess?: string; typeCode?: string; badQty?: number } = {},
) => {
  const [row] = await database.db
    .insert(safetyIssues)
    .values({ employeeId: employee.id, inspectionDate: date, issueDescr, workProcess, typeCode, badQty })
    .returning();
  return row!;
};

/** Meal deductions of the given months; a deduction of 0 is a month the list leaves out. */
export const makeMealMonths = async (
  database: Database,
  employee: MadeEmployee,
  months: { month: string; deduction?: number }[],
) =>
  months.length === 0
    ? []
    : database.db
        .insert(mealMonths)
        .values(
          months.map(({ month, deduction = 200 }) => ({
            employeeId: employee.id,
            yearMonth: month,
            deductionAmt: deduction,
          })),
        )
        .returning();

/** Meal lines, each at `at` (yyyy-MM-dd HH:mm, Shanghai time), in the month of that date. */
export const makeMealDetails = async (
  database: Database,
  employee: MadeEmployee,
  lines: { at: string; cost?: number; subsidy?: number }[],
) =>
  lines.length === 0
    ? []
    : database.db
        .insert(mealDetails)
        .values(
          lines.map(({ at, cost = 12, subsidy = 4 }) => ({
            employeeId: employee.id,
            yearMonth: at.slice(0, 7),
            costTime: new Date(`${at.replace(' ', 'T')}:00+08:00`),
            costAmount: cost,
            subsidyAmount: subsidy,
          })),
        )
        .returning();

/** Dormitory costs of the given months. */
export const makeDormitoryCosts = async (
  database: Database,
  employee: MadeEmployee,
  months: { month: string; water?: number; tariff?: number; accommodation?: number }[],
) =>
  months.length === 0
    ? []
    : database.db
        .insert(dormitoryCosts)
        .values(
          months.map(({ month, water = 25.5, tariff = 80.8, accommodation = 120 }) => ({
            employeeId: employee.id,
            yearMonth: month,
            waterCost: water,
            tariffCost: tariff,
            accommodationCost: accommodation,
          })),
        )
        .returning();

let cabinetsMade = 0;

/** A shoe cabinet box, the employee's or (null) nobody's. */
export const makeCabinet = async (
  database: Database,
  employee: MadeEmployee | null,
  {
    teamName = '总装一班',
    areaDesc = 'NT 厂区 1 号更衣室',
    equipmentDesc = '总装车间',
    caseNo = String(++cabinetsMade).padStart(3, '0'),
  }: { teamName?: string; areaDesc?: string; equipmentDesc?: string; caseNo?: string } = {},
) => {
  const [row] = await database.db
    .insert(cabinets)
    .values({ employeeId: employee?.id ?? null, teamName, areaDesc, equipmentDesc, caseNo })
    .returning();
  return row!;
};

/** A small valid PNG, the smallest picture every image upload takes. */
export const TINY_PNG = drawPng({ width: 4, height: 4, background: [200, 30, 30], blocks: [] });

/**
 * Notices the employee submitted, oldest first (the list shows the newest first): by default pending feedback; a
 * reviewed one (`verified`) carries the reviewer's `reply`.
 */
export const makeNotices = async (
  database: Database,
  employee: MadeEmployee,
  notices: { type?: string; title?: string; description?: string; verified?: boolean; reply?: string }[],
) => {
  const made: { id: number }[] = [];
  for (const { type = 'AppSalary', title = '工资疑问', description = '', verified = false, reply = '' } of notices) {
    const { rows } = await database.pool.query<{ id: number }>(
      `insert into notices (employee_id, bu, notice_type, title, description, is_verify, message_content, verified_at)
       values ($1, $2, $3, $4, $5, case when $6::boolean then 'Y' else 'N' end, $7, case when $6::boolean then now() end)
       returning id`,
      [employee.id, employee.bu, type, title, description, verified, reply],
    );
    made.push(rows[0] as { id: number });
  }
  return made;
};

/** Messages addressed to the employee, unread unless `read`: the home page pops the unread ones up once. */
export const makeMessages = async (
  database: Database,
  employee: MadeEmployee,
  messages: { title: string; body?: string; read?: boolean }[],
) => {
  const made: { id: number }[] = [];
  for (const { title, body = '', read = false } of messages) {
    const { rows } = await database.pool.query<{ id: number }>(
      `insert into messages (employee_id, title, body, read_at) values ($1, $2, $3, case when $4::boolean then now() end)
       returning id`,
      [employee.id, title, body, read],
    );
    made.push(rows[0] as { id: number });
  }
  return made;
};

/**
 * An HR clerk of the console: HRAdmin of `plants` (their own plant unless given); `roles` adds roles to Employee and
 * HRAdmin (AppVerify for one who reviews too, SysAdmin for every plant).
 */
export const makeHrClerk = async (
  database: Database,
  {
    plants,
    roles = [],
    ...employee
  }: Omit<NonNullable<Parameters<typeof makeEmployee>[1]>, 'roles'> & { plants?: string[]; roles?: string[] } = {},
): Promise<MadeEmployee> => {
  const clerk = await makeEmployee(database, {
    name: '人事文员',
    ...employee,
    roles: ['Employee', 'HRAdmin', ...roles],
  });
  await database.db.insert(adminPlants).values((plants ?? [clerk.bu]).map((bu) => ({ employeeId: clerk.id, bu })));
  return clerk;
};

/** Plain pictures standing in for the scans of the records: ID card sides, diplomas, certificates, the bank card. */
const RECORD_PICTURES = {
  idCardFront: drawPng({ width: 160, height: 100, background: [230, 240, 250], blocks: [] }),
  idCardBack: drawPng({ width: 160, height: 100, background: [235, 245, 240], blocks: [] }),
  diploma: drawPng({ width: 140, height: 100, background: [250, 245, 230], blocks: [] }),
  certificate: drawPng({ width: 140, height: 100, background: [245, 240, 250], blocks: [] }),
  bankCard: drawPng({ width: 160, height: 100, background: [30, 80, 160], blocks: [] }),
};

type RecordInput = Partial<Omit<CertificateValues, 'filePath'>>;

/**
 * Personal records on file, as an approved change leaves them (files stored and attached, numbers sealed, versions
 * raised; nothing waiting for review): base data with both ID card scans, education, title, skill and work records
 * and a bank card. Each set has ordinary values unless given; an empty list, or null for the base data and the bank
 * card, leaves a set without records. `cipher` is the server's (its SECRET_KEY).
 */
export const makeRecords = async (
  { database, cipher }: { database: Database; cipher: PersonalDataCipher },
  employee: MadeEmployee,
  {
    idCard = DEMO_RECORDS.idCard,
    base = {},
    educations = DEMO_RECORDS.educations,
    titles = [DEMO_RECORDS.title],
    skills = [DEMO_RECORDS.skill],
    works = [DEMO_RECORDS.work],
    bank = {},
  }: {
    idCard?: string;
    base?: Partial<Omit<BaseValues, 'empCardScanUp' | 'empCardScanDown'>> | null;
    educations?: RecordInput[];
    titles?: RecordInput[];
    skills?: RecordInput[];
    works?: RecordInput[];
    bank?: { bankName?: string; bankAddress?: string; bankNo?: string } | null;
  } = {},
) => {
  const owner = { id: employee.id };
  const uses: { path: string; upTypes: ['CARD', 'SCHOOL', 'TITLE'] }[] = [];
  const store = async (upType: 'CARD' | 'SCHOOL' | 'TITLE', bytes: Buffer, originalName: string) => {
    const { path } = await storeFile(database.db, { owner, upType, upload: { bytes, originalName } });
    uses.push({ path, upTypes: ['CARD', 'SCHOOL', 'TITLE'] });
    return path;
  };
  const certificatesOf = async (records: RecordInput[], file?: { upType: 'SCHOOL' | 'TITLE'; bytes: Buffer }) => {
    const add: CertificateValues[] = [];
    for (const record of records) {
      const filePath = file ? await store(file.upType, file.bytes, `${record.title || record.schoolName}.png`) : null;
      add.push({ ...EMPTY_CERTIFICATE, ...record, filePath });
    }
    return { add, edit: [], remove: [] };
  };
  const approved: ProposedRecords = {
    ...(base && {
      base: {
        empCard: { sealed: cipher.seal(idCard), masked: maskIdCard(idCard) },
        ...DEMO_RECORDS.base,
        empCardScanUp: await store('CARD', RECORD_PICTURES.idCardFront, '身份证正面.png'),
        empCardScanDown: await store('CARD', RECORD_PICTURES.idCardBack, '身份证反面.png'),
        ...base,
      },
    }),
    certificates: {
      ...(educations.length > 0 && {
        CER01: await certificatesOf(educations, { upType: 'SCHOOL', bytes: RECORD_PICTURES.diploma }),
      }),
      ...(titles.length > 0 && {
        CER02: await certificatesOf(titles, { upType: 'TITLE', bytes: RECORD_PICTURES.certificate }),
      }),
      ...(skills.length > 0 && {
        CER03: await certificatesOf(skills, { upType: 'TITLE', bytes: RECORD_PICTURES.certificate }),
      }),
      ...(works.length > 0 && { CER04: await certificatesOf(works) }),
    },
    ...(bank && {
      bank: {
        bankName: bank.bankName ?? DEMO_RECORDS.bank.bankName,
        bankAddress: bank.bankAddress ?? DEMO_RECORDS.bank.bankAddress,
        filePath: await store('CARD', RECORD_PICTURES.bankCard, '银行卡.png'),
        bankNo: {
          sealed: cipher.seal(bank.bankNo ?? DEMO_RECORDS.bank.bankNo),
          masked: maskBankNo(bank.bankNo ?? DEMO_RECORDS.bank.bankNo),
        },
      },
    }),
  };
  await attachFiles(database.db, owner, uses);
  await withTransaction(database.db, async (tx) => {
    await raiseVersions(tx, employee.id, await readVersions(tx, employee.id, setsOfProposed(approved)));
    await applyProposedRecords(tx, employee.id, approved);
  });
  return database.db
    .select()
    .from(certificates)
    .where(eq(certificates.employeeId, employee.id))
    .orderBy(asc(certificates.id));
};

/**
 * A study material assigned to the employees under `theme`: a video unless `fileName` says otherwise; its file is
 * `fileName` in MEDIA_DIR, `duration` the video's seconds.
 */
export const makeStudyMaterial = async (
  database: Database,
  employees: MadeEmployee[],
  {
    name = '安全生产第一课（视频）',
    fileName = 'safety-lesson.mp4',
    duration = fileName.endsWith('.pdf') ? null : 8.003,
    theme = '新员工三级安全教育',
  }: { name?: string; fileName?: string; duration?: number | null; theme?: string } = {},
) => {
  const [material] = await database.db
    .insert(trainingMaterials)
    .values({ name, fileName, durationSeconds: duration })
    .returning();
  if (employees.length > 0) {
    await database.db
      .insert(studyAssignments)
      .values(employees.map((employee) => ({ employeeId: employee.id, materialId: material!.id, trainTheme: theme })));
  }
  return material!;
};

/** A question of a paper: options get ids 1, 2, … in order; `[text, 'fill']` is an option asking for text. */
export type PaperQuestion = {
  type: 'ST01' | 'ST02' | 'ST03' | 'ST04' | 'ST05';
  subject: string;
  isMust?: boolean;
  options?: (string | [string, 'fill'])[];
  key?: StoredAnswerKey;
  score?: number;
};

/** An exam (EXAM) or a survey (DEMAND) with its questions, assigned to the employees. */
export const makePaper = async (
  database: Database,
  employees: MadeEmployee[],
  {
    examType = 'EXAM',
    title = examType === 'EXAM' ? '安全知识考试' : '培训需求调查',
    description = '',
    questions = [{ type: 'ST03', subject: '设备运转时，可以伸手清理模具里的铁屑。', key: { judge: 'N' }, score: 100 }],
  }: { examType?: 'EXAM' | 'DEMAND'; title?: string; description?: string; questions?: PaperQuestion[] } = {},
) => {
  const [paper] = await database.db.insert(papers).values({ examType, title, description }).returning();
  const paperId = paper!.id;
  await database.db.insert(paperQuestions).values(
    questions.map((question, index) => ({
      paperId,
      sort: index + 1,
      subject: question.subject,
      subjectType: question.type,
      isMust: question.isMust === false ? 'N' : 'Y',
      options: (question.options ?? []).map((option, optionIndex) =>
        typeof option === 'string'
          ? { id: optionIndex + 1, content: option, isFill: false }
          : { id: optionIndex + 1, content: option[0], isFill: true },
      ),
      answerKey: question.key ?? null,
      score: question.score ?? 0,
    })),
  );
  if (employees.length > 0) {
    await database.db
      .insert(paperAssignments)
      .values(employees.map((employee) => ({ paperId, employeeId: employee.id })));
  }
  return paper!;
};
