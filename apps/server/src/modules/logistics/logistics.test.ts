// Meals, dormitory costs and the cabinet: paging, the caller's own rows only, cabinet commands and who may send them.
import { routes } from '@ess/contract';
import type { Cabinet, DormitoryCost, MealDetail, MealMonth } from '@ess/contract/logistics';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FACTORY_PASSWORD_HASH,
  type MadeEmployee,
  makeCabinet,
  makeDormitoryCosts,
  makeEmployee,
  makeMealDetails,
  makeMealMonths,
  shanghaiMonth as month,
} from '../../../test/factories';
import { type FakeController, startFakeController } from '../../../test/fake-controller';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createOutsideSystems, endpointsOf } from '../../integrations/outside-systems';

type MadeMealMonth = Awaited<ReturnType<typeof makeMealMonths>>[number];
type MadeDormitoryCost = Awaited<ReturnType<typeof makeDormitoryCosts>>[number];
type MadeCabinet = Awaited<ReturnType<typeof makeCabinet>>;

let t: TestContext;
const signIn = (made: MadeEmployee, context = t) => context.login(made.empNo, FACTORY_PASSWORD_HASH);

let employee: MadeEmployee;
let employeeToken: string;
let colleague: MadeEmployee;
let colleagueToken: string;
/** Each one's rows as made, newest month first. */
let employeeMeals: MadeMealMonth[];
let colleagueMeals: MadeMealMonth[];
let employeeCosts: MadeDormitoryCost[];
let colleagueCosts: MadeDormitoryCost[];
let employeeCabinet: MadeCabinet;
let colleagueCabinet: MadeCabinet;
/** The month of the meal lines below. */
let lineMonth: string;

beforeAll(async () => {
  t = await createTestContext();
  employee = await makeEmployee(t.database);
  colleague = await makeEmployee(t.database);
  // Two years of meals, every fifth month without a deduction for the list to leave out; amounts in cents.
  employeeMeals = await makeMealMonths(
    t.database,
    employee,
    Array.from({ length: 24 }, (_, back) => ({
      month: month(back + 1),
      deduction: back % 5 === 2 ? 0 : (15050 + back * 735) / 100,
    })),
  );
  colleagueMeals = await makeMealMonths(t.database, colleague, [
    { month: month(1), deduction: 321.4 },
    { month: month(2), deduction: 0 },
    { month: month(3), deduction: 288 },
  ]);
  lineMonth = month(1);
  // Made out of time order; lunch at 11:xx and dinner at 17:xx Shanghai time, a line of another month too.
  await makeMealDetails(t.database, employee, [
    { at: `${lineMonth}-05 17:20`, cost: 14, subsidy: 4 },
    { at: `${lineMonth}-02 11:35`, cost: 16, subsidy: 0 },
    { at: `${lineMonth}-05 11:05`, cost: 12.5, subsidy: 4 },
    { at: `${month(2)}-10 11:40` },
  ]);
  await makeMealDetails(t.database, colleague, [{ at: `${lineMonth}-03 11:15`, cost: 15, subsidy: 5 }]);
  // Fifteen months of dormitory costs, water and electricity with cents.
  employeeCosts = await makeDormitoryCosts(
    t.database,
    employee,
    Array.from({ length: 15 }, (_, back) => ({
      month: month(back + 1),
      water: (1550 + back * 125) / 100,
      tariff: (4080 + back * 713) / 100,
    })),
  );
  colleagueCosts = await makeDormitoryCosts(t.database, colleague, [
    { month: month(1), water: 31.2, tariff: 102.35, accommodation: 150 },
    { month: month(2), water: 28.75, tariff: 96.1, accommodation: 150 },
  ]);
  employeeCabinet = await makeCabinet(t.database, employee, { areaDesc: 'NT 厂区 2 号更衣室' });
  colleagueCabinet = await makeCabinet(t.database, colleague, { teamName: '焊接二班', equipmentDesc: '焊装车间' });
  employeeToken = await signIn(employee);
  colleagueToken = await signIn(colleague);
});
afterAll(() => t.close());

const rowsOf = async <T>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];

/** The months the list shows: those with a deduction, newest first. */
const shownMealMonths = (made: MadeMealMonth[]): MealMonth[] =>
  made
    .filter((meal) => meal.deductionAmt > 0)
    .sort((a, b) => b.yearMonth.localeCompare(a.yearMonth))
    .map((meal) => ({ YEAR_MONTH: meal.yearMonth, DEDUCTION_AMT: meal.deductionAmt }));

const shownCosts = (made: MadeDormitoryCost[]): DormitoryCost[] =>
  [...made]
    .sort((a, b) => b.yearMonth.localeCompare(a.yearMonth))
    .map((cost) => ({
      yearMonth: cost.yearMonth,
      waterCost: cost.waterCost,
      tariffCost: cost.tariffCost,
      accommodationCost: cost.accommodationCost,
    }));

const shownCabinet = (cabinet: MadeCabinet): Cabinet => ({
  Id: cabinet.id,
  TeamName: cabinet.teamName,
  AreaDesc: cabinet.areaDesc,
  EquipmentDesc: cabinet.equipmentDesc,
  CaseNo: cabinet.caseNo,
});

const outboxCount = async () => (await rowsOf<{ n: number }>('select count(*)::int as n from outbox_commands'))[0]?.n;

/** Loads every page the way the app does, until loaded ≥ totalCount. */
const loadAllPages = async <T>(load: (page: number) => Promise<{ rows: T[]; totalCount: number }>) => {
  const loaded: T[] = [];
  let totalCount = Number.POSITIVE_INFINITY;
  for (let page = 1; loaded.length < totalCount; page++) {
    const answer = await load(page);
    totalCount = answer.totalCount;
    loaded.push(...answer.rows);
    if (page > 100) throw new Error('paging never ends');
  }
  return { loaded, totalCount };
};

const BAD_PAGING: [string, unknown, string][] = [
  ['PageSize 0', { CurrentPage: 1, PageSize: 0 }, '每页条数至少为 1'],
  ['PageSize 1000', { CurrentPage: 1, PageSize: 1000 }, '每页条数最多 50'],
  ['CurrentPage 0', { CurrentPage: 0 }, '页码从 1 开始'],
  ['CurrentPage -3', { CurrentPage: -3 }, '页码从 1 开始'],
  ['CurrentPage text', { CurrentPage: 'abc' }, '页码应为数字'],
  ['CurrentPage 1.5', { CurrentPage: 1.5 }, '页码应为整数'],
  ['malformed JSON text', '{"CurrentPage":', '查询条件格式无效'],
  ['a JSON array', '[1,2]', '查询条件格式无效'],
  ['a number', 5, '查询条件格式无效'],
  ['null', null, '查询条件格式无效'],
];

describe('LogisticsMeals/GetMeals', () => {
  it('answers the months with a deduction, newest first, as a JSON string with totalCount', async () => {
    const expected = shownMealMonths(employeeMeals);
    expect(expected.length).toBeLessThan(employeeMeals.length); // months without deduction are left out
    const { status, body } = await t.call(routes.getMeals, { query: { CurrentPage: 1, PageSize: 10 } }, employeeToken);
    expect(status).toBe(200);
    expect(body.result).toBe(true);
    expect(body.totalCount).toBe(expected.length);
    expect(JSON.parse(body.data)).toEqual(expected.slice(0, 10));
  });

  it('takes the query as JSON text too, and defaults to the first page', async () => {
    const expected = shownMealMonths(employeeMeals);
    const text = await t.call(
      routes.getMeals,
      { empNo: employee.empNo, query: '{"CurrentPage":2,"PageSize":5}' },
      employeeToken,
    );
    expect(JSON.parse(text.body.data)).toEqual(expected.slice(5, 10));
    const none = await t.call(routes.getMeals, {}, employeeToken);
    expect(JSON.parse(none.body.data)).toEqual(expected.slice(0, 10));
  });

  it('visits every month exactly once when paging until loaded ≥ totalCount', async () => {
    const { loaded, totalCount } = await loadAllPages(async (page) => {
      const { body } = await t.call(routes.getMeals, { query: { CurrentPage: page, PageSize: 7 } }, employeeToken);
      return { rows: JSON.parse(body.data) as MealMonth[], totalCount: body.totalCount ?? 0 };
    });
    expect(loaded).toEqual(shownMealMonths(employeeMeals));
    expect(new Set(loaded.map((month) => month.YEAR_MONTH)).size).toBe(totalCount);
  });

  it('answers an empty page past the end, with the total still right', async () => {
    const expected = shownMealMonths(employeeMeals);
    for (const CurrentPage of [4, 999_999]) {
      const { status, body } = await t.call(routes.getMeals, { query: { CurrentPage, PageSize: 10 } }, employeeToken);
      expect(status).toBe(200);
      expect(body).toEqual({ result: true, msg: '操作成功', data: '[]', totalCount: expected.length });
    }
  });

  it('answers an empty list for an employee without deductions', async () => {
    const nothingOwed = await makeEmployee(t.database);
    await makeMealMonths(
      t.database,
      nothingOwed,
      [1, 2, 3].map((back) => ({ month: month(back), deduction: 0 })),
    );
    const token = await signIn(nothingOwed);
    const { body } = await t.call(routes.getMeals, { query: { CurrentPage: 1 } }, token);
    expect(body).toMatchObject({ result: true, data: '[]', totalCount: 0 });
  });

  it.each(BAD_PAGING)('refuses %s with a Chinese message', async (_name, query, message) => {
    const { status, body } = await t.call(routes.getMeals, { query }, employeeToken);
    expect(status).toBe(200);
    expect(body).toEqual({ result: false, msg: message, data: null });
  });

  it("never answers another employee's months, whatever empNo the payload carries", async () => {
    const mine = await t.call(routes.getMeals, { empNo: colleague.empNo, query: { PageSize: 50 } }, employeeToken);
    const theirs = await t.call(routes.getMeals, { empNo: employee.empNo, query: { PageSize: 50 } }, colleagueToken);
    expect(JSON.parse(mine.body.data)).toEqual(shownMealMonths(employeeMeals));
    expect(JSON.parse(theirs.body.data)).toEqual(shownMealMonths(colleagueMeals));
    expect(mine.body.data).not.toBe(theirs.body.data);
  });
});

describe('LogisticsMeals/GetMealsDetail', () => {
  /** The employee's lines of that month, as made, in time order. */
  const employeeLines = (): MealDetail[] => [
    { COST_TIME: `${lineMonth}-02 11:35`, COST_AMOUNT: 16, SUBSIDY_AMOUNT: 0 },
    { COST_TIME: `${lineMonth}-05 11:05`, COST_AMOUNT: 12.5, SUBSIDY_AMOUNT: 4 },
    { COST_TIME: `${lineMonth}-05 17:20`, COST_AMOUNT: 14, SUBSIDY_AMOUNT: 4 },
  ];

  it("answers the month's lines in time order, times in Shanghai", async () => {
    const { body } = await t.call(routes.getMealsDetail, { date: lineMonth }, employeeToken);
    expect(body.result).toBe(true);
    const lines = JSON.parse(body.data) as MealDetail[];
    expect(lines).toEqual(employeeLines());
    // Lunch at 11:xx and dinner at 17:xx Shanghai time: a UTC rendering would show 03:xx / 09:xx.
    expect(lines.every((line) => /\s(11|17):/.test(line.COST_TIME))).toBe(true);
  });

  it("answers '[]' for a month without lines", async () => {
    const { body } = await t.call(routes.getMealsDetail, { date: '2001-01' }, employeeToken);
    expect(body).toMatchObject({ result: true, data: '[]' });
  });

  it("never answers another employee's lines for the same month", async () => {
    const theirs = await t.call(routes.getMealsDetail, { date: lineMonth, empNo: employee.empNo }, colleagueToken);
    const mine = await t.call(routes.getMealsDetail, { date: lineMonth, empNo: colleague.empNo }, employeeToken);
    expect(JSON.parse(theirs.body.data)).toEqual([
      { COST_TIME: `${lineMonth}-03 11:15`, COST_AMOUNT: 15, SUBSIDY_AMOUNT: 5 },
    ]);
    expect(JSON.parse(mine.body.data)).toEqual(employeeLines());
    expect(theirs.body.data).not.toBe(mine.body.data);
  });

  it.each([['2024-13'], ['2024-1'], ['2024/01'], [202401], [null]])('refuses the month %j', async (date) => {
    const { status, body } = await t.call(routes.getMealsDetail, { date }, employeeToken);
    expect(status).toBe(200);
    expect(body).toEqual({ result: false, msg: '月份格式应为 yyyy-MM', data: null });
  });
});

describe('LogisticsDormitory/GetDormitoryCostForMobile', () => {
  it('answers a page of costs, newest first, with totalCount and 2-decimal amounts', async () => {
    const expected = shownCosts(employeeCosts);
    expect(expected.length).toBeGreaterThan(10);
    const { body } = await t.call(routes.getDormitoryCostForMobile, { query: { CurrentPage: 1 } }, employeeToken);
    expect(body.result).toBe(true);
    expect(body.totalCount).toBe(expected.length);
    expect(body.data).toEqual(expected.slice(0, 10));
    expect(body.data.some((cost) => !Number.isInteger(cost.waterCost))).toBe(true);
    for (const cost of body.data) expect(Math.round(cost.tariffCost * 100) / 100).toBe(cost.tariffCost);
  });

  it('visits every month exactly once when paging until loaded ≥ totalCount, JSON text query included', async () => {
    const { loaded, totalCount } = await loadAllPages(async (page) => {
      const { body } = await t.call(
        routes.getDormitoryCostForMobile,
        { query: JSON.stringify({ CurrentPage: page, PageSize: 5 }) },
        employeeToken,
      );
      return { rows: body.data, totalCount: body.totalCount ?? 0 };
    });
    expect(loaded).toEqual(shownCosts(employeeCosts));
    expect(new Set(loaded.map((cost) => cost.yearMonth)).size).toBe(totalCount);
    const beyond = await t.call(routes.getDormitoryCostForMobile, { query: { CurrentPage: 999_999 } }, employeeToken);
    expect(beyond.body).toMatchObject({ result: true, data: [], totalCount });
  });

  it('answers an empty list for an employee without a dormitory', async () => {
    const token = await signIn(await makeEmployee(t.database));
    const { body } = await t.call(routes.getDormitoryCostForMobile, { query: { CurrentPage: 1 } }, token);
    expect(body).toEqual({ result: true, msg: '操作成功', data: [], totalCount: 0 });
  });

  it.each(BAD_PAGING)('refuses %s with a Chinese message', async (_name, query, message) => {
    const { status, body } = await t.call(routes.getDormitoryCostForMobile, { query }, employeeToken);
    expect(status).toBe(200);
    expect(body).toEqual({ result: false, msg: message, data: null });
  });

  it("never answers another employee's costs", async () => {
    const mine = await t.call(
      routes.getDormitoryCostForMobile,
      { empNo: colleague.empNo, query: { PageSize: 50 } },
      employeeToken,
    );
    const theirs = await t.call(
      routes.getDormitoryCostForMobile,
      { empNo: employee.empNo, query: { PageSize: 50 } },
      colleagueToken,
    );
    expect(mine.body.data).toEqual(shownCosts(employeeCosts));
    expect(theirs.body.data).toEqual(shownCosts(colleagueCosts));
    expect(mine.body.data).not.toEqual(theirs.body.data);
  });
});

describe('LogisticsCabinet/GetCabinetForMobile', () => {
  it("answers the caller's cabinet as a JSON string", async () => {
    const { body } = await t.call(routes.getCabinetForMobile, { empNo: colleague.empNo }, employeeToken);
    expect(body.result).toBe(true);
    expect(JSON.parse(body.data)).toEqual(shownCabinet(employeeCabinet));
    const theirs = await t.call(routes.getCabinetForMobile, {}, colleagueToken);
    expect(JSON.parse(theirs.body.data)).toEqual(shownCabinet(colleagueCabinet));
  });

  it("answers '' when no cabinet is assigned", async () => {
    // A box nobody holds is no one's either.
    await makeCabinet(t.database, null);
    const token = await signIn(await makeEmployee(t.database));
    const { body } = await t.call(routes.getCabinetForMobile, {}, token);
    expect(body).toMatchObject({ result: true, data: '' });
  });
});

describe('LogisticsCabinet open and photo, through the outbox', () => {
  beforeEach(async () => {
    await t.database.pool.query('delete from outbox_commands');
  });

  it('queues an open command for the caller’s own box', async () => {
    const cabinet = employeeCabinet;
    const { status, body } = await t.call(routes.remoteOpenCabinet, { boxId: cabinet.id }, employeeToken);
    expect(status).toBe(200);
    expect(body).toEqual({
      result: true,
      msg: '正在开柜，请稍候',
      data: { id: expect.any(Number), status: 'pending', message: '正在开柜，请稍候' },
    });
    const rows = await rowsOf('select target, command, payload, requested_by, status from outbox_commands');
    expect(rows).toEqual([
      {
        target: 'cabinet',
        command: 'OPEN',
        payload: { boxId: cabinet.id, caseNo: cabinet.caseNo, areaDesc: cabinet.areaDesc },
        requested_by: employee.id,
        status: 'pending',
      },
    ]);
  });

  it('queues a photo update for the attendance system for the caller’s own box', async () => {
    const cabinet = employeeCabinet;
    const { body } = await t.call(routes.updatePhotoToAtt, { boxId: String(cabinet.id) }, employeeToken);
    expect(body).toMatchObject({ result: true, msg: '照片已提交，正在同步到考勤系统', data: { status: 'pending' } });
    const rows = await rowsOf('select target, command, payload, requested_by, status from outbox_commands');
    expect(rows).toEqual([
      {
        target: 'attendance',
        command: 'UPDATE_CABINET_PHOTO',
        payload: { boxId: cabinet.id, caseNo: cabinet.caseNo, empNo: employee.empNo },
        requested_by: employee.id,
        status: 'pending',
      },
    ]);
  });

  it.each([
    ['open', routes.remoteOpenCabinet],
    ['photo', routes.updatePhotoToAtt],
  ] as const)("refuses %s on someone else's box or an unknown one, and records nothing", async (_name, route) => {
    for (const boxId of [colleagueCabinet.id, 999_999]) {
      const { status, body } = await t.call(route, { boxId }, employeeToken);
      expect(status).toBe(200);
      expect(body).toEqual({ result: false, msg: '未找到您的柜子', data: null });
    }
    expect(await outboxCount()).toBe(0);
  });

  it.each([
    [{}],
    [{ boxId: 'abc' }],
    [{ boxId: '' }],
    [{ boxId: -1 }],
    [{ boxId: 1.5 }],
    [{ boxId: 1e12 }],
    [{ boxId: [1] }],
    [{ boxId: true }],
    [{ boxId: null }],
  ])('refuses the box %j with a Chinese message', async (payload) => {
    const { status, body } = await t.call(routes.remoteOpenCabinet, payload, employeeToken);
    expect(status).toBe(200);
    expect(body).toEqual({ result: false, msg: '柜子编号无效', data: null });
    expect(await outboxCount()).toBe(0);
  });

  it('refuses open-all to everyone when no employee is configured', async () => {
    const reviewerToken = await signIn(await makeEmployee(t.database, { roles: ['Employee', 'AppVerify'] }));
    const boxId = [employeeCabinet.id, colleagueCabinet.id];
    for (const token of [employeeToken, reviewerToken]) {
      const { status, body } = await t.call(routes.remoteOpenAllCabinet, { boxId }, token);
      expect(status).toBe(200);
      expect(body).toEqual({ result: false, msg: '无权限执行此操作', data: null });
    }
    expect(await outboxCount()).toBe(0);
  });
});

describe('LogisticsCabinet/RemoteOpenAllCabinet for a configured employee', () => {
  // The list is read at start, so the opener's number is chosen before the employee is made.
  const OPENER = 'F-OPEN-ALL-1';
  let allowed: TestContext;
  let opener: MadeEmployee;
  let allowedToken: string;
  let otherToken: string;
  /** Boxes of someone else and of nobody, in the order they were made (their ids rise). */
  let boxes: MadeCabinet[];
  beforeAll(async () => {
    allowed = await createTestContext({ CABINET_OPEN_ALL_EMPLOYEES: ` ${OPENER} , 123456` });
    opener = await makeEmployee(allowed.database, { empNo: OPENER });
    const other = await makeEmployee(allowed.database);
    boxes = [
      await makeCabinet(allowed.database, other),
      await makeCabinet(allowed.database, null),
      await makeCabinet(allowed.database, null),
    ];
    allowedToken = await signIn(opener, allowed);
    otherToken = await signIn(other, allowed);
  });
  afterAll(() => allowed.close());
  beforeEach(async () => {
    await allowed.database.pool.query('delete from outbox_commands');
  });
  const recorded = async () =>
    (await allowed.database.pool.query('select target, command, payload, requested_by, status from outbox_commands'))
      .rows;

  it('queues one command for every listed box, duplicates once', async () => {
    const [first, second, third] = boxes.map((box) => box.id);
    const { body } = await allowed.call(
      routes.remoteOpenAllCabinet,
      { boxId: [third, first, second, first] },
      allowedToken,
    );
    expect(body).toMatchObject({ result: true, msg: '正在开柜，共 3 个柜子，请稍候', data: { status: 'pending' } });
    expect(await recorded()).toEqual([
      {
        target: 'cabinet',
        command: 'OPEN_ALL',
        payload: { boxes: boxes.map((box) => ({ boxId: box.id, caseNo: box.caseNo })) },
        requested_by: opener.id,
        status: 'pending',
      },
    ]);
  });

  it('refuses an employee who is not configured, and sends nothing', async () => {
    const { body } = await allowed.call(routes.remoteOpenAllCabinet, { boxId: [boxes[0]?.id] }, otherToken);
    expect(body).toEqual({ result: false, msg: '无权限执行此操作', data: null });
    expect(await recorded()).toEqual([]);
  });

  it('refuses a list naming an unknown box, and sends nothing', async () => {
    const { body } = await allowed.call(routes.remoteOpenAllCabinet, { boxId: [boxes[0]?.id, 777_777] }, allowedToken);
    expect(body).toEqual({ result: false, msg: '未找到柜子：777777', data: null });
    expect(await recorded()).toEqual([]);
  });

  it.each([
    ['an empty list', { boxId: [] }, '柜子编号列表为空'],
    ['a single number', { boxId: 5 }, '柜子编号列表无效'],
    ['a bad box', { boxId: [1, 'x'] }, '柜子编号无效'],
    ['501 boxes', { boxId: Array.from({ length: 501 }, (_, i) => i + 1) }, '一次最多开 500 个柜子'],
  ])('refuses %s with a Chinese message', async (_name, payload, message) => {
    const { status, body } = await allowed.call(routes.remoteOpenAllCabinet, payload, allowedToken);
    expect(status).toBe(200);
    expect(body).toEqual({ result: false, msg: message, data: null });
    expect(await recorded()).toEqual([]);
  });
});

describe('LogisticsCabinet with a cabinet controller configured', () => {
  let wired: TestContext;
  let controller: FakeController;
  let token: string;
  let box: MadeCabinet;
  let theirBox: MadeCabinet;
  beforeAll(async () => {
    controller = await startFakeController();
    wired = await createTestContext({ CABINET_CONTROLLER_URL: controller.url, CABINET_CONTROLLER_TIMEOUT_MS: '3000' });
    const holder = await makeEmployee(wired.database);
    box = await makeCabinet(wired.database, holder);
    theirBox = await makeCabinet(wired.database, await makeEmployee(wired.database));
    token = await signIn(holder, wired);
  });
  afterAll(async () => {
    await wired.close();
    await controller.close();
  });
  beforeEach(async () => {
    controller.setMode('ok');
    controller.received.length = 0;
    await wired.database.pool.query('delete from outbox_commands');
  });
  const recorded = async () =>
    (await wired.database.pool.query('select target, command, status, detail from outbox_commands order by id')).rows;

  it('opens the box at once and says so', async () => {
    const { body } = await wired.call(routes.remoteOpenCabinet, { boxId: box.id }, token);
    expect(body).toEqual({
      result: true,
      msg: '已开柜',
      data: { id: expect.any(Number), status: 'sent', message: '已开柜' },
    });
    expect(controller.received).toEqual([
      {
        id: body.data?.id,
        target: 'cabinet',
        command: 'OPEN',
        payload: { boxId: box.id, caseNo: box.caseNo, areaDesc: box.areaDesc },
      },
    ]);
    expect(await recorded()).toMatchObject([{ target: 'cabinet', command: 'OPEN', status: 'sent' }]);
  });

  it('keeps trying a controller that answers 500, and the screen follows the command until the box opens', async () => {
    controller.answerNext('error');
    const { status, body } = await wired.call(routes.remoteOpenCabinet, { boxId: box.id }, token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ result: true, msg: '正在开柜，请稍候', data: { status: 'pending' } });
    const id = body.data?.id as number;
    const followed = await wired.call(routes.getCommandState, { id }, token);
    expect(followed.body).toMatchObject({ result: true, data: { id, status: 'pending' } });

    // The job's next pass, once the retry's delay is over.
    await wired.database.pool.query('update outbox_commands set next_attempt_at = now() where id = $1', [id]);
    await createOutsideSystems({ db: wired.database.db, endpoints: endpointsOf(wired.config) }).deliverDue();
    expect((await wired.call(routes.getCommandState, { id }, token)).body).toEqual({
      result: true,
      msg: '已开柜',
      data: { id, status: 'sent', message: '已开柜' },
    });
    expect(controller.received).toHaveLength(2);
  });

  it('answers 开柜失败，请联系总务, not 5xx, when the controller refuses the box', async () => {
    controller.setMode('refuse');
    const { status, body } = await wired.call(routes.remoteOpenCabinet, { boxId: box.id }, token);
    expect(status).toBe(200);
    expect(body).toEqual({ result: false, msg: '开柜失败，请联系总务', data: null });
    expect(await recorded()).toMatchObject([{ status: 'failed', detail: expect.stringContaining('HTTP 400') }]);
  });

  it('answers while the controller does not answer, and keeps trying', async () => {
    controller.answerNext('hang');
    const { status, body } = await wired.call(routes.remoteOpenCabinet, { boxId: box.id }, token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ result: true, msg: '正在开柜，请稍候' });
    expect(await recorded()).toMatchObject([{ status: 'pending', detail: 'no answer within 3000 ms' }]);
  });

  it("follows only the caller's own commands", async () => {
    const { body } = await wired.call(routes.remoteOpenCabinet, { boxId: box.id }, token);
    const other = await signIn(await makeEmployee(wired.database), wired);
    for (const id of [body.data?.id, 999_999]) {
      expect((await wired.call(routes.getCommandState, { id }, other)).body).toEqual({
        result: false,
        msg: '未找到该指令',
        data: null,
      });
    }
    for (const id of ['x', -1, null]) {
      expect((await wired.call(routes.getCommandState, { id }, token)).body).toEqual({
        result: false,
        msg: '指令编号无效',
        data: null,
      });
    }
  });

  it("sends nothing for someone else's box", async () => {
    const { body } = await wired.call(routes.remoteOpenCabinet, { boxId: theirBox.id }, token);
    expect(body).toMatchObject({ result: false, msg: '未找到您的柜子' });
    expect(controller.received).toEqual([]);
    expect(await recorded()).toEqual([]);
  });

  it('leaves the photo update to the attendance relay', async () => {
    const { body } = await wired.call(routes.updatePhotoToAtt, { boxId: box.id }, token);
    expect(body).toMatchObject({ result: true, msg: '照片已提交，正在同步到考勤系统' });
    expect(controller.received).toEqual([]);
    expect(await recorded()).toMatchObject([{ target: 'attendance', status: 'pending' }]);
  });
});
