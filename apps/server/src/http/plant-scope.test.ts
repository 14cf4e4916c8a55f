// Plant scope over every call of the HR console, walked from the route table. Each call has a body naming HZ's
// data (an import job, a payslip batch, a question, an employee, a submission, or bu 'HZ'), made fresh for it by
// 900001 or the factories. The HRAdmin of NT only (900002) is refused with the envelope and not one row of the
// database changes; the HRAdmin of every plant (900001) is served the same body, so the refusal is the plant's and
// not the body's. Lists naming no plant answer 900002 NT's rows only. The SysAdmin calls refuse 900002, who is no
// SysAdmin; the reviewer's calls (AppVerify) are company-wide by design and refuse 900002 for the role alone.

import * as XLSX from '@e965/xlsx';
import { type RouteSpec, routes } from '@ess/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, makeRole, makeStudyMaterial } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { makePdf } from '../../test/pdf';
import { improveForm, PDF, uploadPublic } from '../../test/public-forms';
import { tusClient } from '../../test/tus';
import { postMultipart } from '../../test/uploads';
import type { JobDefinition, JobQueue } from '../jobs/queue';
import { drawPng } from '../seed/demo-images';

let t: TestContext;
let allPlants: string; // 900001: HRAdmin of every plant, SysAdmin, AppVerify
let ntOnly: string; // 900002: HRAdmin of NT only
let tables: string[];

type Body = Record<string, unknown>;
type Answer = { status: number; body: { result: boolean; msg: string; data: unknown; totalCount?: number } };

const send = async (route: RouteSpec, body: Body, token: string): Promise<Answer> =>
  (await t.call(route, body, token)) as Answer;

// ——— Nothing changes ———

/** Every table of the database as a count and an order-free sum of its rows' hashes: any row written shows. */
const fingerprint = async () => {
  const { rows } = await t.database.pool.query<{ name: string; hash: string }>(
    tables
      .map(
        (name) =>
          `select '${name}' as name, (select count(*) || ':' || coalesce(sum(hashtextextended(r::text, 0)::numeric), 0)
                                       from "${name}" r) as hash`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
};

/** Until the import worker has nothing left to do (a served upload, remap or commit sets it to work). */
const importsSettled = async () => {
  for (let attempt = 0; attempt < 600; attempt++) {
    t.app.importRunner.kick();
    await t.app.importRunner.idle();
    // A notice's reminder, sent after its call answered.
    await t.app.announcementReminders.idle();
    const { rows } = await t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from import_jobs
       where status in ('queued', 'parsing', 'validating', 'committing') or (status = 'ready' and is_commit_requested = 1)`,
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import worker never settled');
};

// ——— HZ's data, made fresh for each case ———

let monthsUsed = 0;
/** A month no other import here uses: imports of one plant, kind and month replace each other. */
const freshMonth = () => {
  const index = 2023 * 12 + monthsUsed++;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

const DORMITORY_HEADERS = ['工号', '水费', '电费', '住宿费'];
const PAYSLIP_HEADERS = ['工号', '工资单类型', '基本工资', '应发工资', '实发工资'];

const uploadImport = (
  token: string,
  { bu, kind, month, rows }: { bu: string; kind: string; month: string; rows: unknown[][] },
) => {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const file = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return postMultipart(
    t.app,
    routes.uploadImport.path,
    [
      { field: 'bu', value: bu },
      { field: 'kind', value: kind },
      { field: 'month', value: month },
      { field: 'file', file, filename: `${bu}-${kind}.xlsx` },
    ],
    token,
  );
};

const jobRow = async (id: number) =>
  (
    await t.database.pool.query<{ status: string; batch_id: number | null }>(
      'select status, batch_id from import_jobs where id = $1',
      [id],
    )
  ).rows[0];

/** An import of the plant: read and checked (ready), or committed (done). */
const importOf = async (
  token: string,
  { bu, kind, rows, commit }: { bu: string; kind: 'dormitory' | 'payslip'; rows: unknown[][]; commit: boolean },
) => {
  const uploaded = await uploadImport(token, { bu, kind, month: freshMonth(), rows });
  expect(uploaded.body.result).toBe(true);
  const { id } = uploaded.body.data as { id: number };
  await importsSettled();
  if (commit) {
    expect((await t.call(routes.commitImport, { id }, token)).body.result).toBe(true);
    await importsSettled();
  }
  const job = await jobRow(id);
  expect(job?.status).toBe(commit ? 'done' : 'ready');
  return { id, batchId: job?.batch_id ?? 0 };
};

/** An HZ dormitory import by 900001 with one valid row and one refused (an unknown employee). */
const hzImport = async ({ commit = false } = {}) => {
  const worker = await makeEmployee(t.database, { plant: 'HZ' });
  const rows = [DORMITORY_HEADERS, [worker.empNo, 20.5, 60, 120], ['999999999', 1, 1, 1]];
  return (await importOf(allPlants, { bu: 'HZ', kind: 'dormitory', rows, commit })).id;
};

/** An HZ payslip batch of a month of its own: a draft, published, or published with the employee's open question. */
const hzBatch = async ({ publish = false, question = false } = {}) => {
  const worker = await makeEmployee(t.database, { plant: 'HZ' });
  const rows = [PAYSLIP_HEADERS, [worker.empNo, 'PS01', 3000, 3000, 2700]];
  const { id: jobId, batchId } = await importOf(allPlants, { bu: 'HZ', kind: 'payslip', rows, commit: true });
  if (publish || question)
    expect((await t.call(routes.publishPayslipBatch, { id: batchId }, allPlants)).body.result).toBe(true);
  let disputeId = 0;
  if (question) {
    const token = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
    const { rows: months } = await t.database.pool.query<{ year_month: string }>(
      'select year_month from import_jobs where id = $1',
      [jobId],
    );
    const asked = await t.call(
      routes.disputePayslipLine,
      { day: months[0]?.year_month, itemKey: 'BASIC_PAY', question: '基本工资是否有误？' },
      token,
    );
    expect(asked.body.result).toBe(true);
    const { rows: disputes } = await t.database.pool.query<{ id: number }>(
      'select id from payslip_disputes where employee_id = $1',
      [worker.id],
    );
    disputeId = disputes[0]?.id as number;
  }
  return { batchId, worker, disputeId };
};

const hzWorker = () => makeEmployee(t.database, { plant: 'HZ' });

const hzLeaver = async () => {
  const worker = await hzWorker();
  expect((await t.call(routes.markPersonLeft, { id: worker.id, leftOn: '2026-01-31' }, allPlants)).body.result).toBe(
    true,
  );
  return worker;
};

/** Locked by wrong passwords right now. */
const hzLocked = async () => {
  const worker = await hzWorker();
  await t.database.pool.query(
    "insert into login_failures (account, failures, locked_until) values ($1, 5, now() + interval '30 minutes')",
    [worker.empNo],
  );
  return worker;
};

/** An HZ worker whose WeCom account is bound. */
const hzBound = async () => {
  const worker = await hzWorker();
  await t.database.pool.query(
    "insert into platform_accounts (platform, account_id, employee_id) values ('wecom', $1, $2)",
    [`wecom-${worker.empNo}`, worker.id],
  );
  return worker;
};

const latestId = async (table: 'proposals' | 'candidates', bu: string) =>
  (await t.database.pool.query<{ id: number }>(`select max(id) as id from ${table} where bu = $1`, [bu])).rows[0]
    ?.id as number;

/** An improvement proposal of the plant, sent through the public form. */
/** A feedback an HZ worker sent (SystemNotice/ModifyNotice): its notice's id. */
const hzFeedback = async () => {
  const worker = await hzWorker();
  const token = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
  const sent = await t.call(routes.modifyNotice, { NoticeType: 'AppMeals', NoticeDesc: '餐费扣了两次' }, token);
  expect(sent.body.result).toBe(true);
  const { rows } = await t.database.pool.query<{ id: number }>('select id from notices where employee_id = $1', [
    worker.id,
  ]);
  return rows[0]?.id as number;
};

/** A notice to HZ (公告) that 900001 published, read by one HZ worker: its id. */
const hzAnnouncement = async () => {
  const worker = await hzWorker();
  const published = await t.call(
    routes.publishAnnouncement,
    { title: '杭州厂区停水通知', body: '<p>周六停水。</p>', audience: { plants: ['HZ'] } },
    allPlants,
  );
  expect(published.body.result).toBe(true);
  const id = published.body.data.id as number;
  await t.call(routes.getMyAnnouncement, { id }, await t.login(worker.empNo, FACTORY_PASSWORD_HASH));
  return id;
};
/** A ready material (学习资料) of the plant, as an upload leaves it: its id. */
const materialOf = async (bu = 'HZ') => {
  const { rows } = await t.database.pool.query<{ id: number }>(
    `insert into training_materials (name, file_name, bu, kind, state, original_file_name)
     values ($1, 'materials/walk.pdf', $2, 'document', 'ready', 'walk.pdf') returning id`,
    [`${bu} 厂安全须知`, bu],
  );
  return rows[0]?.id as number;
};
/** A handbook version of HZ alone (or of the plants given), published by 900001: its id. */
const handbookOf = async (plants: string[] = ['HZ'], kind = 'handbook') => {
  const published = await uploadHandbook(allPlants, { plants, kind, label: `${plants.join('、') || '全公司'}版` });
  expect(published.body.result).toBe(true);
  return (published.body.data as { id: number }).id;
};
const uploadHandbook = (token: string, { plants, kind, label }: { plants: string[]; kind: string; label: string }) =>
  postMultipart(
    t.app,
    routes.uploadHandbookVersion.path,
    [
      { field: 'kind', value: kind },
      { field: 'label', value: label },
      { field: 'effectiveDate', value: '2024-01-01' },
      { field: 'plants', value: JSON.stringify(plants) },
      { field: 'file', file: makePdf([label]), filename: 'handbook.pdf' },
    ],
    token,
  );

let hzCategoriesMade = 0;
/** A category of HZ's bank, made by 900001, with one question in it. */
const hzCategory = async () => {
  const made = await t.call(
    routes.saveQuestionCategory,
    { bu: 'HZ', name: `走查分类${++hzCategoriesMade}` },
    allPlants,
  );
  const id = (made.body.data as { id: number }).id;
  await t.call(routes.saveBankQuestion, bankQuestionOf(id), allPlants);
  return id;
};
const bankQuestionOf = (categoryId: number) => ({
  categoryId,
  subjectType: 'ST03',
  subject: `走查判断题${hzCategoriesMade}-${Math.random()}`,
  judge: 'Y',
  score: 1,
});
const hzBankQuestion = async () => {
  const categoryId = await hzCategory();
  const rows = (await t.call(routes.getBankQuestions, { categoryId }, allPlants)).body.data as { id: number }[];
  return (rows[0] as { id: number }).id;
};
const BANK_SHEET_HEADERS = ['分类', '题型', '题目', '正确答案'];
const bankSheet = () => {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet([BANK_SHEET_HEADERS, ['走查导入', '判断题', `导入题${Math.random()}`, '对']]),
    '题库',
  );
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

/** An exam of HZ's bank for HZ, published by 900001: open from yesterday to next month. */
const hzPaperDraft = async () => ({
  examType: 'EXAM',
  title: `走查考试${Math.random()}`,
  audience: { plants: ['HZ'] },
  opensAt: '2020-01-01 08:00',
  closesAt: '2099-01-01 08:00',
  questions: [{ bankQuestionId: await hzBankQuestion(), score: 5 }],
});
const hzPaper = async () => {
  const published = await t.call(routes.publishPaper, await hzPaperDraft(), allPlants);
  return (published.body.data as { id: number }).id;
};

/** A message to an HZ worker that the WeCom relay took up: the event's key, as 消息送达 names it. */
const hzDeliveryKey = async () => {
  const worker = await hzWorker();
  const { rows } = await t.database.pool.query<{ key: string }>(
    `with message as (
       insert into messages (employee_id, title, body, link) values ($1, $2, '走查', '') returning id, title, body, link,
         created_at),
     delivery as (insert into platform_deliveries (message_id, employee_id, channel, status, error)
       select id, $1, 'wecom', 'invalid', '企业微信中没有这个成员' from message)
     select (extract(epoch from created_at) * 1000000)::bigint::text || '.' ||
            md5(title || chr(31) || body || chr(31) || link) as key from message`,
    [worker.id, `走查消息${Math.random()}`],
  );
  return { key: rows[0]?.key as string, bu: 'HZ', empNo: worker.empNo };
};

/** An HZ exam with an HZ worker's attempt under way. */
const hzPaperAttempt = async () => {
  const id = await hzPaper();
  const worker = await hzWorker();
  const started = await t.call(
    routes.startPaperAttempt,
    { id, type: 'EXAM' },
    await t.login(worker.empNo, FACTORY_PASSWORD_HASH),
  );
  expect(started.body.result).toBe(true);
  return { id, employeeId: worker.id };
};

/** A ready PDF of HZ, as an upload leaves it, and an assignment of it to HZ made by 900001. */
const hzReadyMaterial = async () => {
  const material = await makeStudyMaterial(t.database, [], {
    name: `走查资料${Math.random()}`,
    fileName: 'safety-rules.pdf',
  });
  await t.database.pool.query(
    "update training_materials set bu = 'HZ', kind = 'document', state = 'ready' where id = $1",
    [material.id],
  );
  return material.id;
};
const hzAssignment = async () => {
  const made = await t.call(
    routes.assignMaterial,
    { materialId: await hzReadyMaterial(), trainTheme: '走查主题', audience: { plants: ['HZ'] } },
    allPlants,
  );
  return (made.body.data as { id: number }).id;
};

const proposalOf = async (bu: 'HZ' | 'NT') => {
  const form =
    bu === 'HZ'
      ? improveForm({ Bu: 'HZ', ImproveDept: 'HZ-D01', TeamNo: 'HZ-T01', AssistDept: 'HZ-D02' })
      : improveForm();
  const sent = await t.call(routes.modifyProposalImproveDetail, { modify: JSON.stringify(form) });
  expect(sent.body.result).toBe(true);
  return latestId('proposals', bu);
};

/** A candidate registered through a referral link of an employee of the plant. */
const candidateOf = async (bu: 'HZ' | 'NT') => {
  const referrer = await makeEmployee(t.database, { plant: bu });
  const resume = await uploadPublic(t.app, { upType: 'RESUME', file: PDF, filename: '简历.pdf' });
  const form = {
    UserName: '陈小红',
    UserAge: '24',
    PositionApply: '装配工',
    FilePath: resume,
    ReferrerEmp: referrer.empNo,
  };
  expect((await t.call(routes.insertRecruitmentRegister, { modify: JSON.stringify(form) })).body.result).toBe(true);
  return latestId('candidates', bu);
};

/** An HZ employee's edit of their work history, waiting for a reviewer. */
const hzChange = async () => {
  const worker = await hzWorker();
  const token = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
  const records = [{ schoolName: '某机械厂', title: '装配工', quitReason: '合同到期' }];
  const sent = await t.call(
    routes.modifyNotice,
    { NoticeType: 'APP_EDIT_WORK', NoticeBody: JSON.stringify({ records }) },
    token,
  );
  expect(sent.body.result).toBe(true);
  const { rows } = await t.database.pool.query<{ id: number }>(
    "select id from change_requests where employee_id = $1 and status = 'pending'",
    [worker.id],
  );
  return rows[0]?.id as number;
};

/** A banner of the plant's (轮播图), published by 900001 on a picture of the demo's. */
const bannerFields = async (plants: string[]) => {
  const { rows } = await t.database.pool.query<{ id: number }>('select min(id) as id from banner_images');
  return { title: `${plants.join('、')} 的轮播图`, imageId: rows[0]?.id, startsOn: '2026-01-01', plants };
};
const bannerOf = async (plants: string[]) => {
  const created = await t.call(routes.createBanner, await bannerFields(plants), allPlants);
  expect(created.body.result).toBe(true);
  return (created.body.data as { id: number }).id;
};

beforeAll(async () => {
  t = await createTestContext(
    { PUBLIC_SUBMIT_RATE_LIMIT: '10000', PUBLIC_UPLOAD_RATE_LIMIT: '10000' },
    { jobs: [alwaysFailing] },
  );
  allPlants = await t.login('900001');
  ntOnly = await t.login('900002');
  tables = (
    await t.database.pool.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    )
  ).rows.map((row) => row.tablename);
  // Both plants have data in every list, so a list of NT's rows only is not merely an empty one.
  const ntWorker = await makeEmployee(t.database, { plant: 'NT' });
  await importOf(ntOnly, {
    bu: 'NT',
    kind: 'payslip',
    rows: [PAYSLIP_HEADERS, [ntWorker.empNo, 'PS01', 3000, 3000, 2700]],
    commit: true,
  });
  await hzBatch();
  await proposalOf('NT');
  await proposalOf('HZ');
  await candidateOf('NT');
  await candidateOf('HZ');
  const ntNotice = await t.call(
    routes.publishAnnouncement,
    { title: '南通厂区通知', body: '<p>内容</p>', audience: { plants: ['NT'] } },
    ntOnly,
  );
  expect(ntNotice.body.result).toBe(true);
  await hzAnnouncement();
  await bannerOf(['NT']);
  await bannerOf(['HZ']);
  await importsSettled();
});
afterAll(() => t.close());

// ——— The cases ———

type Refusal = { status: number; msg: string };
const FORBIDDEN: Refusal = { status: 403, msg: '权限不足' };
const absent = (msg: string): Refusal => ({ status: 200, msg });
const IMPORT_ABSENT = absent('导入记录不存在');
const BATCH_ABSENT = absent('工资单批次不存在');
const PERSON_ABSENT = absent('员工不存在');
const SUBMISSION_ABSENT = absent('记录不存在，请刷新后重试');
const HANDBOOK_ABSENT = absent('版本不存在');
const CATEGORY_ABSENT = absent('分类不存在');
const ASSIGNMENT_ABSENT = absent('分配记录不存在');

type Case = {
  /** What the case is about, when a call has more than one. */
  name?: string;
  /** Fresh HZ data and the body naming it. */
  body: () => Promise<Body>;
  /** How 900002 is refused: 403, or the module's "not found" (another plant's data is as absent as none). */
  refusal: Refusal;
  /** The served call writes (the fingerprint then moves, which proves it covers what the call touches). */
  writes?: boolean;
  /** The call, when it is not a JSON post. */
  call?: (body: Body, token: string) => Promise<Answer>;
  /** What 900001's answer shows of HZ's data, beyond result true. */
  reached?: (data: unknown, body: Body) => void;
};

const byId = (make: () => Promise<number>) => async () => ({ id: await make() });
const rowsOf = (data: unknown) => data as { id: number; bu: string }[];

/** Every call of role HRAdmin, by path. */
const HR_CASES: Record<string, Case[]> = {
  'Import/Upload': [
    {
      body: async () => ({
        bu: 'HZ',
        kind: 'dormitory',
        month: freshMonth(),
        rows: [DORMITORY_HEADERS, [(await hzWorker()).empNo, 1, 2, 3]],
      }),
      call: (body, token) => uploadImport(token, body as Parameters<typeof uploadImport>[1]) as Promise<Answer>,
      refusal: FORBIDDEN,
      writes: true,
    },
  ],
  'Import/GetJob': [
    {
      body: byId(() => hzImport()),
      refusal: IMPORT_ABSENT,
      reached: (data) => expect(data).toMatchObject({ bu: 'HZ', status: 'ready' }),
    },
  ],
  'Import/GetJobList': [
    {
      body: async () => ({ bu: 'HZ', PageSize: 50 }),
      refusal: FORBIDDEN,
      reached: (data) => expect(rowsOf(data).some((job) => job.bu === 'HZ')).toBe(true),
    },
  ],
  'Import/Remap': [
    {
      // The mapping it already has: a remap is remembered for the plant's next imports, which later cases make.
      body: async () => ({ id: await hzImport(), columns: { 水费: 'waterCost' } }),
      refusal: IMPORT_ABSENT,
      writes: true,
    },
  ],
  'Import/Commit': [{ body: byId(() => hzImport()), refusal: IMPORT_ABSENT, writes: true }],
  'Import/Rollback': [{ body: byId(() => hzImport({ commit: true })), refusal: IMPORT_ABSENT, writes: true }],
  'Import/GetRejectedRows': [
    {
      body: byId(() => hzImport()),
      refusal: IMPORT_ABSENT,
      reached: (data) => expect(data).toMatchObject({ contentBase64: expect.any(String) }),
    },
  ],
  // The same blank template for every plant: it names no plant and holds no plant's data (proven below).
  'Import/GetTemplate': [],
  'PayslipBatch/GetList': [
    {
      body: async () => ({ bu: 'HZ', PageSize: 50 }),
      refusal: FORBIDDEN,
      reached: (data) => expect(rowsOf(data).some((batch) => batch.bu === 'HZ')).toBe(true),
    },
  ],
  'PayslipBatch/Publish': [
    { body: async () => ({ id: (await hzBatch()).batchId }), refusal: BATCH_ABSENT, writes: true },
  ],
  'PayslipBatch/Withdraw': [
    {
      body: async () => ({ id: (await hzBatch({ publish: true })).batchId, reason: '加班费计算有误' }),
      refusal: BATCH_ABSENT,
      writes: true,
    },
  ],
  'PayslipBatch/Preview': [
    {
      body: async () => {
        const { batchId, worker } = await hzBatch();
        return { id: batchId, empNo: worker.empNo };
      },
      refusal: BATCH_ABSENT,
      reached: (data) =>
        expect(JSON.parse(data as string).ITEMS).toContainEqual(expect.objectContaining({ amount: 2700 })),
    },
  ],
  'PayslipBatch/GetDisputes': [
    {
      body: async () => ({ id: (await hzBatch({ question: true })).batchId }),
      refusal: BATCH_ABSENT,
      reached: (data) => expect(data).toEqual([expect.objectContaining({ itemKey: 'BASIC_PAY', status: 'open' })]),
    },
  ],
  'PayslipBatch/AnswerDispute': [
    {
      body: async () => ({ id: (await hzBatch({ question: true })).disputeId, answer: '已核对，无误。' }),
      refusal: absent('疑问不存在'),
      writes: true,
    },
  ],
  'PayslipBatch/GetViews': [
    {
      body: async () => {
        const { batchId, worker } = await hzBatch({ publish: true });
        // The batch's month is one of its own, outside the two the payslip screen reads: its view is written here.
        await t.database.pool.query('insert into payslip_views (batch_id, version, employee_id) values ($1, 1, $2)', [
          batchId,
          worker.id,
        ]);
        return { id: batchId };
      },
      refusal: BATCH_ABSENT,
      reached: (data) => expect(data).toEqual([expect.objectContaining({ version: 1 })]),
    },
  ],
  'PayslipBatch/Export': [
    {
      body: async () => ({ id: (await hzBatch({ publish: true })).batchId }),
      refusal: BATCH_ABSENT,
      reached: (data) => expect(data).toMatchObject({ fileName: expect.stringMatching(/^HZ-/) }),
    },
  ],
  'People/Search': [
    {
      body: async () => ({ bu: 'HZ', empNo: (await hzWorker()).empNo }),
      refusal: FORBIDDEN,
      reached: (data, body) => expect(data).toEqual([expect.objectContaining({ empNo: body.empNo, bu: 'HZ' })]),
    },
  ],
  'People/GetPlantTeams': [
    {
      body: async () => {
        await hzWorker();
        return { bu: 'HZ' };
      },
      refusal: FORBIDDEN,
      reached: (data) => expect((data as { departments: string[] }).departments.length).toBeGreaterThan(0),
    },
  ],
  'People/Create': [
    {
      body: async () => ({ empNo: `HZ${Date.now()}`, name: '新员工', bu: 'HZ', deptName: '总装车间' }),
      refusal: FORBIDDEN,
      writes: true,
    },
  ],
  'People/Update': [
    {
      body: async () => ({ id: (await hzWorker()).id, name: '改名', titleName: '组长' }),
      refusal: PERSON_ABSENT,
      writes: true,
    },
  ],
  'People/Transfer': [
    {
      name: 'out of HZ into NT',
      body: async () => ({ id: (await hzWorker()).id, bu: 'NT', deptName: '仓库' }),
      refusal: PERSON_ABSENT,
      writes: true,
    },
    {
      name: 'out of NT into HZ',
      body: async () => ({ id: (await makeEmployee(t.database, { plant: 'NT' })).id, bu: 'HZ', deptName: '仓库' }),
      refusal: FORBIDDEN,
      writes: true,
    },
  ],
  'People/MarkLeft': [
    { body: async () => ({ id: (await hzWorker()).id, leftOn: '2026-01-31' }), refusal: PERSON_ABSENT, writes: true },
  ],
  'People/Reinstate': [{ body: byId(async () => (await hzLeaver()).id), refusal: PERSON_ABSENT, writes: true }],
  'People/IssueResetCode': [
    {
      body: byId(async () => (await hzWorker()).id),
      refusal: PERSON_ABSENT,
      writes: true,
      reached: (data) => expect(data).toMatchObject({ code: expect.any(String) }),
    },
  ],
  'People/Unlock': [{ body: byId(async () => (await hzLocked()).id), refusal: PERSON_ABSENT, writes: true }],
  'People/UnbindPlatformAccount': [
    {
      body: async () => ({ id: (await hzBound()).id, platform: 'wecom' }),
      refusal: PERSON_ABSENT,
      writes: true,
    },
  ],
  'AuditLog/Search': [
    {
      body: async () => ({ bu: 'HZ', PageSize: 50 }),
      refusal: FORBIDDEN,
      reached: (data) => expect(data).not.toEqual([]),
    },
  ],
  'Inbox/GetFeedbackList': [
    {
      body: async () => {
        await hzFeedback();
        return { bu: 'HZ', PageSize: 50 };
      },
      refusal: FORBIDDEN,
      reached: (data) => expect(rowsOf(data).some((row) => row.bu === 'HZ')).toBe(true),
    },
  ],
  'Inbox/AnswerFeedback': [
    {
      body: async () => ({ id: await hzFeedback(), answer: '已退回多扣的餐费' }),
      refusal: absent('反馈不存在'),
      writes: true,
    },
  ],
  'Console/GetDashboard': [
    {
      body: async () => ({ bu: 'HZ' }),
      refusal: FORBIDDEN,
      reached: (data) => expect(data).toMatchObject([{ bu: 'HZ' }]),
    },
  ],
  'Inbox/GetAssignees': [
    {
      body: async () => ({ bu: 'HZ' }),
      refusal: FORBIDDEN,
      reached: (data) => expect(data).toContainEqual({ empNo: '900001', name: expect.any(String) }),
    },
  ],
  // Each kind of item, assigned to 900001 (a SysAdmin, who works on every plant).
  'Inbox/Assign': [
    {
      body: async () => ({ kind: 'feedback', id: await hzFeedback(), assigneeEmpNo: '900001' }),
      refusal: SUBMISSION_ABSENT,
      writes: true,
    },
    {
      body: async () => ({ kind: 'proposal', id: await proposalOf('HZ'), assigneeEmpNo: '900001' }),
      refusal: SUBMISSION_ABSENT,
      writes: true,
    },
    {
      body: async () => ({ kind: 'candidate', id: await candidateOf('HZ'), assigneeEmpNo: '900001' }),
      refusal: SUBMISSION_ABSENT,
      writes: true,
    },
  ],
  'Announcement/GetList': [
    {
      body: async () => {
        await hzAnnouncement();
        return { bu: 'HZ', PageSize: 50 };
      },
      refusal: FORBIDDEN,
      reached: (data) => expect((data as { plants: string[] }[]).some((row) => row.plants.includes('HZ'))).toBe(true),
    },
  ],
  'Announcement/Get': [{ body: byId(hzAnnouncement), refusal: absent('公告不存在') }],
  'Announcement/Publish': [
    {
      body: async () => ({ title: '杭州厂区通知', body: '<p>内容</p>', audience: { plants: ['HZ'] } }),
      refusal: absent('您不管理厂区 HZ，不能向其发布'),
      writes: true,
    },
  ],
  'Announcement/Withdraw': [{ body: byId(hzAnnouncement), refusal: absent('公告不存在'), writes: true }],
  'Announcement/GetReceipts': [
    {
      body: byId(hzAnnouncement),
      refusal: absent('公告不存在'),
      reached: (data) => expect(data).toMatchObject({ readCount: 1 }),
    },
  ],
  'Announcement/GetPending': [{ body: byId(hzAnnouncement), refusal: absent('公告不存在') }],
  'Announcement/ExportReceipts': [{ body: byId(hzAnnouncement), refusal: absent('公告不存在') }],
  'Announcement/Remind': [{ body: byId(hzAnnouncement), refusal: absent('公告不存在'), writes: true }],
  // Plant-free (a picture or a PDF the uploader alone reads until a notice uses it): its own test below.
  'Announcement/UploadFile': [],
  'Banner/GetList': [
    {
      body: async () => {
        await bannerOf(['HZ']);
        return { bu: 'HZ', PageSize: 50 };
      },
      refusal: FORBIDDEN,
      reached: (data) =>
        expect(rowsOf(data).some((row) => (row as unknown as { plants: string[] }).plants.includes('HZ'))).toBe(true),
    },
  ],
  // A picture belongs to no plant (proven below): a banner of a plant is what is scoped.
  'Banner/UploadImage': [],
  'Banner/Create': [{ body: () => bannerFields(['HZ']), refusal: FORBIDDEN, writes: true }],
  'Banner/Update': [
    {
      name: 'a banner of HZ',
      body: async () => ({ id: await bannerOf(['HZ']), ...(await bannerFields(['HZ'])), title: '改名' }),
      refusal: absent('轮播图不存在'),
      writes: true,
    },
    {
      name: 'a banner of NT and HZ',
      body: async () => ({ id: await bannerOf(['NT', 'HZ']), ...(await bannerFields(['NT'])), title: '只给南通' }),
      refusal: absent('轮播图不存在'),
      writes: true,
    },
    {
      name: 'a banner of NT moved to HZ',
      body: async () => ({ id: await bannerOf(['NT']), ...(await bannerFields(['HZ'])) }),
      refusal: FORBIDDEN,
      writes: true,
    },
  ],
  'Banner/Withdraw': [
    { name: 'a banner of HZ', body: byId(() => bannerOf(['HZ'])), refusal: absent('轮播图不存在'), writes: true },
    { name: 'a company-wide banner', body: byId(() => bannerOf([])), refusal: absent('轮播图不存在'), writes: true },
  ],
  'QuestionBank/GetCategories': [
    {
      body: async () => {
        await hzCategory();
        return { bu: 'HZ' };
      },
      refusal: FORBIDDEN,
      reached: (data) => expect(rowsOf(data).some((row) => row.bu === 'HZ')).toBe(true),
    },
  ],
  'QuestionBank/SaveCategory': [
    {
      name: 'a new one',
      body: async () => ({ bu: 'HZ', name: `走查新分类${Math.random()}` }),
      refusal: FORBIDDEN,
      writes: true,
    },
    {
      name: 'a rename',
      body: async () => ({ id: await hzCategory(), bu: 'HZ', name: `走查改名${Math.random()}` }),
      refusal: FORBIDDEN,
      writes: true,
    },
  ],
  'QuestionBank/DeleteCategory': [
    {
      body: async () => {
        const made = await t.call(
          routes.saveQuestionCategory,
          { bu: 'HZ', name: `走查空分类${Math.random()}` },
          allPlants,
        );
        return { id: (made.body.data as { id: number }).id };
      },
      refusal: CATEGORY_ABSENT,
      writes: true,
    },
  ],
  'QuestionBank/GetQuestions': [
    {
      body: async () => ({ categoryId: await hzCategory() }),
      refusal: CATEGORY_ABSENT,
      reached: (data) => expect(rowsOf(data)).toHaveLength(1),
    },
    {
      name: 'by plant',
      body: async () => {
        await hzCategory();
        return { bu: 'HZ' };
      },
      refusal: FORBIDDEN,
      reached: (data) => expect(rowsOf(data).some((row) => row.bu === 'HZ')).toBe(true),
    },
  ],
  'QuestionBank/SaveQuestion': [
    { name: 'a new one', body: async () => bankQuestionOf(await hzCategory()), refusal: CATEGORY_ABSENT, writes: true },
    {
      name: 'an edit',
      body: async () => {
        const id = await hzBankQuestion();
        const rows = (await t.call(routes.getBankQuestions, { bu: 'HZ', PageSize: 50 }, allPlants)).body.data as {
          id: number;
          categoryId: number;
        }[];
        const categoryId = rows.find((row) => row.id === id)?.categoryId;
        return { ...bankQuestionOf(categoryId as number), id };
      },
      refusal: CATEGORY_ABSENT,
      writes: true,
    },
  ],
  'QuestionBank/DeleteQuestions': [
    { body: async () => ({ ids: [await hzBankQuestion()] }), refusal: absent('题目不存在'), writes: true },
  ],
  // The same template for everyone: it holds no plant's data.
  'QuestionBank/GetTemplate': [],
  'QuestionBank/Import': [
    {
      body: async () => ({ bu: 'HZ' }),
      call: (body, token) =>
        postMultipart(
          t.app,
          routes.importBankQuestions.path,
          [
            { field: 'bu', value: String(body.bu) },
            { field: 'file', file: bankSheet(), filename: '题库.xlsx' },
          ],
          token,
        ) as Promise<Answer>,
      refusal: FORBIDDEN,
      writes: true,
      reached: (data) => expect(data).toMatchObject({ created: 1 }),
    },
  ],
  'QuestionBank/Export': [
    { body: async () => ({ categoryId: await hzCategory() }), refusal: CATEGORY_ABSENT },
    { name: 'by plant', body: async () => ({ bu: 'HZ' }), refusal: FORBIDDEN },
  ],
  'Wechat/GetDeliveries': [
    {
      body: async () => {
        await hzDeliveryKey();
        return { bu: 'HZ' };
      },
      refusal: FORBIDDEN,
      reached: (data) => expect((data as { total: number }[]).length).toBeGreaterThan(0),
    },
  ],
  'Wechat/GetUndelivered': [
    {
      body: hzDeliveryKey,
      refusal: FORBIDDEN,
      reached: (data, body) => expect(data).toEqual([expect.objectContaining({ empNo: body.empNo, bu: 'HZ' })]),
    },
  ],
  'Paper/GetList': [
    {
      body: async () => {
        await hzPaper();
        return { bu: 'HZ', PageSize: 50 };
      },
      refusal: FORBIDDEN,
      reached: (data) => expect((data as { plants: string[] }[]).some((row) => row.plants.includes('HZ'))).toBe(true),
    },
  ],
  'Paper/Publish': [{ body: hzPaperDraft, refusal: absent('您不管理厂区 HZ，不能向其发布'), writes: true }],
  'Paper/Withdraw': [{ body: byId(hzPaper), refusal: absent('试卷不存在'), writes: true }],
  'Paper/GetResults': [
    {
      body: byId(hzPaper),
      refusal: absent('试卷不存在'),
      reached: (data) => expect(data).toMatchObject({ fullMarks: 5, questions: [expect.anything()] }),
    },
  ],
  'Paper/GetResultPeople': [
    {
      body: byId(hzPaper),
      refusal: absent('试卷不存在'),
      reached: (data) => expect(rowsOf(data).every((person) => person.bu === 'HZ')).toBe(true),
    },
  ],
  'Paper/GetPersonAttempts': [
    {
      body: hzPaperAttempt,
      refusal: absent('试卷不存在'),
      reached: (data) =>
        expect(data).toMatchObject({ bu: 'HZ', attempts: [expect.objectContaining({ attemptNo: 1 })] }),
    },
  ],
  'Paper/ExportResults': [{ body: byId(hzPaper), refusal: absent('试卷不存在') }],
  'TrainMaterial/Assign': [
    {
      body: async () => ({ materialId: await hzReadyMaterial(), trainTheme: '走查主题', audience: { plants: ['HZ'] } }),
      refusal: absent('学习资料不存在或已被删除'),
      writes: true,
    },
  ],
  'TrainMaterial/GetAssignments': [
    {
      body: async () => {
        const id = await hzAssignment();
        const { rows } = await t.database.pool.query('select material_id from material_assignments where id = $1', [
          id,
        ]);
        return { materialId: rows[0].material_id };
      },
      refusal: absent('学习资料不存在或已被删除'),
      reached: (data) => expect(rowsOf(data)).toHaveLength(1),
    },
  ],
  'TrainMaterial/GetProgress': [
    { body: byId(hzAssignment), refusal: ASSIGNMENT_ABSENT },
    { name: 'by plant', body: async () => ({ id: await hzAssignment(), bu: 'HZ' }), refusal: FORBIDDEN },
  ],
  'TrainMaterial/GetProgressPeople': [{ body: byId(hzAssignment), refusal: ASSIGNMENT_ABSENT }],
  'TrainMaterial/ExportProgress': [{ body: byId(hzAssignment), refusal: ASSIGNMENT_ABSENT }],
  'TrainMaterial/Remind': [{ body: byId(hzAssignment), refusal: ASSIGNMENT_ABSENT, writes: true }],
  'TrainMaterial/WithdrawAssignment': [{ body: byId(hzAssignment), refusal: ASSIGNMENT_ABSENT, writes: true }],
  'Handbook/GetVersions': [
    {
      body: async () => {
        await handbookOf();
        return { kind: 'handbook', bu: 'HZ' };
      },
      refusal: FORBIDDEN,
      reached: (data) =>
        expect((data as { plants: string[] }[]).some((version) => version.plants.includes('HZ'))).toBe(true),
    },
  ],
  'Handbook/UploadVersion': [
    {
      body: async () => ({ plants: ['HZ'], kind: 'handbook', label: 'HZ 新版' }),
      call: (body, token) => uploadHandbook(token, body as Parameters<typeof uploadHandbook>[1]) as Promise<Answer>,
      refusal: FORBIDDEN,
      writes: true,
    },
  ],
  'Handbook/WithdrawVersion': [
    {
      body: async () => ({ id: await handbookOf(), reason: '文件有误' }),
      refusal: HANDBOOK_ABSENT,
      writes: true,
    },
  ],
  'Handbook/GetAcceptance': [
    {
      body: byId(() => handbookOf()),
      refusal: HANDBOOK_ABSENT,
      reached: (data) => expect(data).toMatchObject({ plants: ['HZ'], employees: expect.any(Number) }),
    },
  ],
  'Handbook/GetPendingList': [
    {
      body: byId(() => handbookOf()),
      refusal: HANDBOOK_ABSENT,
      reached: (data) => expect(rowsOf(data).every((row) => row.bu === 'HZ') && rowsOf(data).length > 0).toBe(true),
    },
  ],
  'Handbook/ExportAcceptance': [
    {
      body: byId(() => handbookOf()),
      refusal: HANDBOOK_ABSENT,
      reached: (data) => expect(data).toMatchObject({ contentBase64: expect.any(String) }),
    },
  ],
  'TrainMaterial/GetList': [
    {
      body: async () => {
        await materialOf('HZ');
        await materialOf('NT'); // for the list naming no plant, below
        return { bu: 'HZ', PageSize: 50 };
      },
      refusal: FORBIDDEN,
      reached: (data) => expect(rowsOf(data).some((row) => row.bu === 'HZ')).toBe(true),
    },
  ],
  'TrainMaterial/Get': [
    {
      body: byId(() => materialOf()),
      refusal: absent('学习资料不存在或已被删除'),
      reached: (data) => expect(data).toMatchObject({ bu: 'HZ' }),
    },
  ],
  'TrainMaterial/Rename': [
    {
      body: async () => ({ id: await materialOf(), name: '杭州厂安全须知（新）' }),
      refusal: absent('学习资料不存在或已被删除'),
      writes: true,
    },
  ],
  'TrainMaterial/Delete': [
    { body: byId(() => materialOf()), refusal: absent('学习资料不存在或已被删除'), writes: true },
  ],
  'Proposal/GetProposalList': [
    {
      body: async () => ({ bu: 'HZ', PageSize: 50 }),
      refusal: FORBIDDEN,
      reached: (data) => expect(rowsOf(data).some((row) => row.bu === 'HZ')).toBe(true),
    },
  ],
  'Proposal/SetProposalStatus': [
    {
      body: async () => ({ id: await proposalOf('HZ'), status: 'ACCEPTED' }),
      refusal: SUBMISSION_ABSENT,
      writes: true,
    },
  ],
  'RecruitmentRegister/GetCandidateList': [
    {
      body: async () => ({ bu: 'HZ', PageSize: 50 }),
      refusal: FORBIDDEN,
      reached: (data) => expect(rowsOf(data).some((row) => row.bu === 'HZ')).toBe(true),
    },
  ],
  'RecruitmentRegister/SetCandidateStatus': [
    {
      body: async () => ({ id: await candidateOf('HZ'), status: 'CONTACTED' }),
      refusal: SUBMISSION_ABSENT,
      writes: true,
    },
  ],
};

/** A job that fails at once and is not retried: a failed job for the console's job calls. */
const alwaysFailing: JobDefinition = {
  name: 'scope-failing',
  label: '测试任务',
  retryLimit: 0,
  run: async () => {
    throw new Error('失败');
  },
};
const failedJob = async () => {
  const id = await (t.jobs as JobQueue).send(alwaysFailing.name);
  await vi.waitFor(async () => expect((await (t.jobs as JobQueue).failed()).map((job) => job.id)).toContain(id), {
    timeout: 30_000,
    interval: 100,
  });
  return { name: alwaysFailing.name, id };
};

let siteSaves = 0;
/** Every call of role SysAdmin: 900002 holds no SysAdmin. */
const SYS_ADMIN_CASES: Record<string, Case[]> = {
  'People/SetRoles': [
    {
      body: async () => ({ id: (await hzWorker()).id, roles: ['HRAdmin'], adminPlants: ['HZ'] }),
      refusal: FORBIDDEN,
      writes: true,
    },
  ],
  'People/GetRoles': [{ body: async () => ({}), refusal: FORBIDDEN }],
  'Console/GetBackups': [{ body: async () => ({}), refusal: FORBIDDEN }],
  'Console/GetFailedJobs': [{ body: async () => ({}), refusal: FORBIDDEN }],
  'Console/RetryJob': [{ body: failedJob, refusal: FORBIDDEN, writes: true }],
  // 公司信息: the company's face, set by the SysAdmin alone (the plants' and departments' names among it).
  'Site/GetSettings': [
    {
      body: async () => ({}),
      refusal: FORBIDDEN,
      reached: (data) =>
        expect((data as { departments: { bu: string }[] }).departments.some((row) => row.bu === 'HZ')).toBe(true),
    },
  ],
  'Site/Save': [
    {
      body: async () => {
        const { version } = (await t.call(routes.getSiteSettings, {}, allPlants)).body.data;
        return { version, companyName: `走查公司${++siteSaves}`, plantNames: { HZ: '杭州工厂' } };
      },
      refusal: FORBIDDEN,
      writes: true,
    },
  ],
  'Site/UploadLogo': [
    {
      body: async () => ({}),
      call: (_body, token) =>
        postMultipart(
          t.app,
          routes.uploadSiteLogo.path,
          [
            {
              field: 'file',
              file: drawPng({ width: 8, height: 8, background: [1, 2, 3], blocks: [] }),
              filename: 'logo.png',
            },
          ],
          token,
        ) as Promise<Answer>,
      refusal: FORBIDDEN,
      writes: true,
    },
  ],
  'People/SetRoleMenus': [
    {
      body: async () => {
        const name = await makeRole(t.database, { menuCodes: ['M01'] });
        const { rows } = await t.database.pool.query<{ id: number }>('select id from roles where name = $1', [name]);
        return { roleId: rows[0]?.id, menuCodes: ['M01', 'M04'] };
      },
      refusal: FORBIDDEN,
      writes: true,
    },
  ],
};

let listedChange = 0;
/** Every call of role AppVerify: the reviewers' work is company-wide, and 900002 holds no AppVerify. */
const REVIEW_CASES: Record<string, Case[]> = {
  'Review/GetChangeList': [
    {
      body: async () => {
        listedChange = await hzChange();
        return { bu: 'HZ', status: 'pending', PageSize: 50 };
      },
      refusal: FORBIDDEN,
      reached: (data) => expect(rowsOf(data).map((row) => row.id)).toContain(listedChange),
    },
  ],
  'Review/GetChangeDetail': [{ body: byId(hzChange), refusal: FORBIDDEN }],
  'Review/ApproveChange': [
    {
      body: async () => {
        const id = await hzChange();
        const detail = await t.call(routes.getChangeDetail, { id }, allPlants);
        return { id, seenVersions: detail.body.data.seenVersions };
      },
      refusal: FORBIDDEN,
      writes: true,
    },
  ],
  'Review/RejectChange': [
    { body: async () => ({ id: await hzChange(), reason: '请补充工作时间' }), refusal: FORBIDDEN, writes: true },
  ],
  'Review/GetPendingCount': [{ body: async () => ({}), refusal: FORBIDDEN }],
};

const routesOfRole = (role: string) => Object.values(routes).filter((route: RouteSpec) => route.role === role);
const pathsOf = (list: RouteSpec[]) => list.map((route) => route.path).sort();

describe('the walk covers the console', () => {
  it.each([
    ['HRAdmin', HR_CASES],
    ['SysAdmin', SYS_ADMIN_CASES],
    ['AppVerify', REVIEW_CASES],
  ] as const)('has a case for every call of role %s, and none for a call the contract lacks', (role, cases) => {
    expect(Object.keys(cases).sort()).toEqual(pathsOf(routesOfRole(role)));
  });
});

/** Refused to 900002 with the envelope, nothing changed; served to 900001. */
const proveCase = async (route: RouteSpec, scopeCase: Case) => {
  const call = scopeCase.call ?? ((body: Body, token: string) => send(route, body, token));
  const body = await scopeCase.body();
  await importsSettled();
  const before = await fingerprint();
  const refused = await call(body, ntOnly);
  expect(refused).toEqual({
    status: scopeCase.refusal.status,
    body: { result: false, msg: scopeCase.refusal.msg, data: null },
  });
  await importsSettled();
  expect(await fingerprint()).toEqual(before);

  const served = await call(body, allPlants);
  expect(served.status).toBe(200);
  expect(served.body).toMatchObject({ result: true });
  scopeCase.reached?.(served.body.data, body);
  if (scopeCase.writes) {
    await importsSettled();
    expect(await fingerprint()).not.toEqual(before);
  }
};

const flatten = (cases: Record<string, Case[]>, role: string) =>
  routesOfRole(role).flatMap((route) =>
    (cases[route.path] ?? []).map(
      (scopeCase) => [`${route.path}${scopeCase.name ? ` (${scopeCase.name})` : ''}`, route, scopeCase] as const,
    ),
  );

describe('every HRAdmin call on HZ’s data', () => {
  it.each(flatten(HR_CASES, 'HRAdmin'))(
    '%s refuses the HRAdmin of NT, changes nothing, and serves the HRAdmin of every plant',
    async (_name, route, scopeCase) => proveCase(route, scopeCase),
    60_000,
  );

  it('Import/GetTemplate hands both the same blank template, with nothing of a plant in it', async () => {
    const sheetOf = (data: unknown) => {
      const { contentBase64 } = data as { contentBase64: string };
      const book = XLSX.read(Buffer.from(contentBase64, 'base64'), { type: 'buffer' });
      return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, { header: 1 });
    };
    const before = await fingerprint();
    const nt = await t.call(routes.getImportTemplate, { kind: 'dormitory' }, ntOnly);
    const all = await t.call(routes.getImportTemplate, { kind: 'dormitory' }, allPlants);
    expect(nt.body.result && all.body.result).toBe(true);
    expect(nt.body.data.fileName).toBe(all.body.data.fileName);
    expect(sheetOf(nt.body.data)).toEqual(sheetOf(all.body.data));
    expect(JSON.stringify(sheetOf(nt.body.data))).not.toMatch(/HZ|NT/);
    expect(await fingerprint()).toEqual(before);
  });
});

describe('every SysAdmin call', () => {
  it.each(flatten(SYS_ADMIN_CASES, 'SysAdmin'))(
    '%s refuses the HRAdmin of NT (no SysAdmin), changes nothing, and serves the SysAdmin',
    async (_name, route, scopeCase) => proveCase(route, scopeCase),
    60_000,
  );

  it('does not let the HRAdmin of NT give themself HZ', async () => {
    const { rows } = await t.database.pool.query<{ id: number }>("select id from employees where emp_no = '900002'");
    const before = await fingerprint();
    const widened = await t.call(
      routes.setPersonRoles,
      { id: rows[0]?.id, roles: ['HRAdmin', 'SysAdmin'], adminPlants: ['NT', 'HZ'] },
      ntOnly,
    );
    expect(widened).toEqual({ status: 403, body: { result: false, msg: '权限不足', data: null } });
    expect(await fingerprint()).toEqual(before);
    expect((await t.call(routes.searchPeople, { bu: 'HZ' }, ntOnly)).status).toBe(403);
  });
});

describe('every reviewer call (company-wide, AppVerify)', () => {
  it.each(flatten(REVIEW_CASES, 'AppVerify'))(
    '%s refuses the HRAdmin of NT (no AppVerify), changes nothing, and serves the reviewer',
    async (_name, route, scopeCase) => proveCase(route, scopeCase),
    60_000,
  );
});

// ——— Lists naming no plant ———

/** Every page of a list. */
const everyRow = async (route: RouteSpec, body: Body, token: string) => {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const answer = await send(route, { ...body, CurrentPage: page, PageSize: 50 }, token);
    expect(answer.body.result).toBe(true);
    const data = answer.body.data as Record<string, unknown>[];
    rows.push(...data);
    if (data.length < 50 || rows.length >= (answer.body.totalCount ?? 0)) return rows;
  }
};

/**
 * The plant an audit entry is about: its employee's (also of an employee's record edit, message or payslip question),
 * its import's, payslip batch's, proposal's or candidate's; none for anything else.
 */
const PLANT_OF_SUBJECT: Record<string, string> = {
  employee: 'select bu from employees where id::text = $1',
  import: 'select bu from import_jobs where id::text = $1',
  'payslip-batch': 'select bu from payslip_batches where id::text = $1',
  proposal: 'select bu from proposals where id::text = $1',
  candidate: 'select bu from candidates where id::text = $1',
  change_request: 'select e.bu from change_requests c join employees e on e.id = c.employee_id where c.id::text = $1',
  notice: 'select e.bu from notices n join employees e on e.id = n.employee_id where n.id::text = $1',
  'payslip-dispute':
    'select b.bu from payslip_disputes d join payslip_batches b on b.id = d.batch_id where d.id::text = $1',
  // A deleted material's plant is in its entry.
  material: `select coalesce((select bu from training_materials where id::text = $1),
               (select coalesce(after->>'bu', before->>'bu') from audit_log
                where subject_type = 'material' and subject_id = $1 limit 1)) as bu`,
};
/** Subjects that reach several plants (none named: every plant). */
const PLANTS_OF_SUBJECT: Record<string, string> = {
  announcement: 'select plants from announcements where id::text = $1',
  banner: 'select plants from banners where id::text = $1',
  'handbook-version': 'select plants from handbook_versions where id::text = $1',
};
/** The entry's plant; of a subject reaching several, NT when NT is among them (the entry is about NT too). */
const plantOfEntry = async (entry: Record<string, unknown>) => {
  const reach = PLANTS_OF_SUBJECT[entry.subjectType as string];
  if (reach) {
    const { rows } = await t.database.pool.query<{ plants: string[] }>(reach, [entry.subjectId]);
    const plants = rows[0]?.plants ?? [];
    return plants.length === 0 || plants.includes('NT') ? 'NT' : plants.join('+');
  }
  const query = PLANT_OF_SUBJECT[entry.subjectType as string];
  if (!query) return null;
  const { rows } = await t.database.pool.query<{ bu: string }>(query, [entry.subjectId]);
  return rows[0]?.bu ?? null;
};

const LISTS: [RouteSpec, (row: Record<string, unknown>) => Promise<string | null> | string][] = [
  [routes.listImportJobs, (row) => row.bu as string],
  [routes.listPayslipBatches, (row) => row.bu as string],
  [routes.searchPeople, (row) => row.bu as string],
  [routes.searchAuditLog, plantOfEntry],
  [routes.getProposalList, (row) => row.bu as string],
  [routes.getCandidateList, (row) => row.bu as string],
  [routes.getFeedbackList, (row) => row.bu as string],
  [routes.getDashboard, (row) => row.bu as string],
  // A notice is NT's when every plant of it is (a company-wide one, plants [], is the SysAdmin's alone).
  [routes.getAnnouncementList, (row) => (row.plants as string[]).join('+') || 'company'],
  // A banner's plants, all of which an HRAdmin must administer to see it.
  [routes.getBannerAdminList, (row) => (row.plants as string[]).join('、')],
  // A material's plant; the whole company's (the demo's) are the SysAdmin's alone.
  [routes.getMaterialList, (row) => (row.bu as string | null) ?? 'company'],
];

describe('lists naming no plant', () => {
  it.each(LISTS.map(([route, plantOf]) => [route.path, route, plantOf] as const))(
    '%s answers the HRAdmin of NT NT’s rows only, where the HRAdmin of every plant sees HZ’s too',
    async (_path, route, plantOf) => {
      const plantsSeen = async (token: string) =>
        new Set(await Promise.all((await everyRow(route, {}, token)).map((row) => plantOf(row))));
      const nt = await plantsSeen(ntOnly);
      expect(nt.has('NT')).toBe(true);
      expect([...nt].filter((plant) => plant !== 'NT')).toEqual([]);
      expect((await plantsSeen(allPlants)).has('HZ')).toBe(true);
    },
    60_000,
  );

  it('Announcement/UploadFile takes any HRAdmin’s picture, which nobody else reads before a notice uses it', async () => {
    const uploaded = await postMultipart(
      t.app,
      routes.uploadAnnouncementFile.path,
      [{ field: 'file', file: PDF, filename: '通知.pdf', contentType: 'application/pdf' }],
      ntOnly,
    );
    expect(uploaded.body).toMatchObject({ result: true, msg: '上传成功' });
    const path = uploaded.body.data as string;
    const read = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } })).statusCode;
    expect(await read(ntOnly)).toBe(200);
    const worker = await hzWorker();
    expect(await read(await t.login(worker.empNo, FACTORY_PASSWORD_HASH))).toBe(404);
  });

  it('shows the HRAdmin of NT the log of NT’s proposals, and not of HZ’s', async () => {
    const [nt, hz] = [await proposalOf('NT'), await proposalOf('HZ')];
    const seen = async (token: string) =>
      (await everyRow(routes.searchAuditLog, { action: 'proposal.' }, token)).map(
        (entry) => `${entry.subjectType}:${entry.subjectId}`,
      );
    const ntSees = await seen(ntOnly);
    expect(ntSees).toContain(`proposal:${nt}`);
    expect(ntSees).not.toContain(`proposal:${hz}`);
    expect(await seen(allPlants)).toEqual(expect.arrayContaining([`proposal:${nt}`, `proposal:${hz}`]));
  });

  it('finds nothing of an HZ employee named without a plant', async () => {
    const worker = await hzWorker();
    await t.call(routes.updatePerson, { id: worker.id, name: '改名' }, allPlants);
    for (const [route, body] of [
      [routes.searchPeople, { empNo: worker.empNo }],
      [routes.searchAuditLog, { subjectEmpNo: worker.empNo }],
    ] as const) {
      expect((await t.call(route, body, ntOnly)).body, route.path).toMatchObject({ result: true, data: [] });
      expect((await t.call(route, body, allPlants)).body.data, route.path).not.toEqual([]);
    }
  });

  it.each(['proposals', 'candidates'])(
    'the %s CSV export refuses HZ to the HRAdmin of NT and holds no HZ row without a plant',
    async (name) => {
      const download = (token: string, query = '') =>
        t.app.inject({ method: 'GET', url: `/api/export/${name}.csv${query}`, headers: { token } });
      const before = await fingerprint();
      const refused = await download(ntOnly, '?bu=HZ');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ result: false, msg: '权限不足', data: null });
      const own = await download(ntOnly);
      expect(own.statusCode).toBe(200);
      expect(own.body).toContain('"NT"');
      expect(own.body).not.toContain('"HZ"');
      expect(await fingerprint()).toEqual(before);
      const served = await download(allPlants, '?bu=HZ');
      expect(served.statusCode).toBe(200);
      expect(served.body).toContain('"HZ"');
    },
  );

  it('Banner/UploadImage takes a picture from either HRAdmin: a picture is no plant’s until a banner uses it', async () => {
    const picture = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    const uploadAs = async (token: string) =>
      (await postMultipart(
        t.app,
        routes.uploadBannerImage.path,
        [{ field: 'file', file: picture, filename: 'banner.jpg', contentType: 'image/jpeg' }],
        token,
      )) as Answer;
    const byNt = await uploadAs(ntOnly);
    expect(byNt.body.result).toBe(true);
    // The same bytes are the same stored picture, whoever sends them.
    expect((await uploadAs(allPlants)).body.data).toEqual(byNt.body.data);
  });

  it('TrainMaterial/Upload (tus, not a contract call) refuses HZ to the HRAdmin of NT before a byte is stored', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const create = (token: string) =>
      tusClient(origin, token).create({ size: 100, metadata: { filename: '杭州安全须知.pdf', bu: 'HZ' } });
    const before = await fingerprint();
    const refused = await create(ntOnly);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ result: false, msg: '您不管理 HZ 厂，不能为其上传学习资料' });
    expect(await fingerprint()).toEqual(before);
    // The HRAdmin of every plant is served the same request: the refusal is the plant's.
    const served = await create(allPlants);
    expect(served.status).toBe(201);
    // An upload HZ's HR began cannot be continued or looked at by NT's.
    const nt = tusClient(origin, ntOnly);
    expect((await nt.head(served.location as string)).status).toBe(403);
    expect((await nt.patch(served.location as string, 0, Buffer.from('%PDF-1.4'))).status).toBe(403);
  });

  it('keeps HZ’s handbook versions, their PDFs and HZ’s acceptance from the HRAdmin of NT', async () => {
    const hzOnly = await handbookOf(['HZ']);
    const both = await handbookOf(['NT', 'HZ']);
    const company = await handbookOf([], 'guide');
    const before = await fingerprint();
    // The list without a plant: NT's versions and the company's, never HZ's alone.
    const listed = (await t.call(routes.getHandbookVersions, { kind: 'handbook' }, ntOnly)).body.data.map(
      (row) => row.id,
    );
    expect(listed).toContain(both);
    expect(listed).not.toContain(hzOnly);
    expect(
      (await t.call(routes.getHandbookVersions, { kind: 'guide' }, ntOnly)).body.data.map((row) => row.id),
    ).toContain(company);
    // A version of NT and HZ: NT's employees are counted, HZ's are not, nor exported, nor asked for.
    const summary = (await t.call(routes.getHandbookAcceptance, { id: both }, ntOnly)).body.data;
    expect(summary.plants).toEqual(['NT']);
    expect(summary.groups.every((group) => group.bu === 'NT')).toBe(true);
    const pending = await t.call(routes.getHandbookPending, { id: both, PageSize: 50 }, ntOnly);
    expect(pending.body.data.every((row) => row.bu === 'NT')).toBe(true);
    const exported = (await t.call(routes.exportHandbookAcceptance, { id: both }, ntOnly)).body.data;
    const book = XLSX.read(Buffer.from(exported.contentBase64, 'base64'), { type: 'buffer' });
    const sheet = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, {
      header: 1,
    });
    expect(new Set(sheet.slice(1).map((row) => row[2]))).toEqual(new Set(['NT']));
    for (const route of [routes.getHandbookAcceptance, routes.getHandbookPending, routes.exportHandbookAcceptance]) {
      expect(await t.call(route, { id: both, bu: 'HZ' }, ntOnly), route.path).toEqual({
        status: 403,
        body: { result: false, msg: '权限不足', data: null },
      });
    }
    // A withdrawal of a version with a plant that is not theirs.
    expect((await t.call(routes.withdrawHandbookVersion, { id: both, reason: '撤回' }, ntOnly)).status).toBe(403);
    // The PDF of HZ's version: not to the HRAdmin of NT; to the HRAdmin of every plant.
    const pdf = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/handbook/${hzOnly}.pdf`, headers: { token } });
    expect((await pdf(ntOnly)).statusCode).toBe(404);
    expect((await pdf(allPlants)).statusCode).toBe(200);
    expect(await fingerprint()).toEqual(before);
  });

  it('keeps an HZ candidate’s resume from the HRAdmin of NT', async () => {
    const id = await candidateOf('HZ');
    const [row] = (await everyRow(routes.getCandidateList, { bu: 'HZ' }, allPlants)).filter((item) => item.id === id);
    const path = row?.filePath as string;
    expect((await t.app.inject({ method: 'GET', url: path, headers: { token: ntOnly } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path, headers: { token: allPlants } })).statusCode).toBe(200);
  });
});
