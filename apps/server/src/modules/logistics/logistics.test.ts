// Meals, dormitory costs and the cabinet: paging, the caller's own rows only, cabinet commands and who may send them.
import { routes } from '@ess/contract';
import type { Cabinet, DormitoryCost, MealDetail, MealMonth } from '@ess/contract/logistics';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeController, startFakeController } from '../../../test/fake-controller';
import { createTestContext, type TestContext } from '../../../test/harness';

let t: TestContext;
let employeeToken: string;
let colleagueToken: string;
let reviewerToken: string;
beforeAll(async () => {
  t = await createTestContext();
  employeeToken = await t.login('100001');
  colleagueToken = await t.login('100002');
  reviewerToken = await t.login('900001');
});
afterAll(() => t.close());

const rowsOf = async <T>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];

const expectedMealMonths = (empNo: string) =>
  rowsOf<MealMonth>(
    `select m.year_month as "YEAR_MONTH", m.deduction_amt::float8 as "DEDUCTION_AMT"
     from meal_months m join employees e on e.id = m.employee_id
     where e.emp_no = $1 and m.deduction_amt > 0 order by m.year_month desc`,
    [empNo],
  );

const expectedDormitory = (empNo: string) =>
  rowsOf<DormitoryCost>(
    `select d.year_month as "yearMonth", d.water_cost::float8 as "waterCost", d.tariff_cost::float8 as "tariffCost",
            d.accommodation_cost::float8 as "accommodationCost"
     from dormitory_costs d join employees e on e.id = d.employee_id where e.emp_no = $1 order by d.year_month desc`,
    [empNo],
  );

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
    const expected = await expectedMealMonths('100001');
    const all = await rowsOf<{ n: number }>('select count(*)::int as n from meal_months where employee_id = 1');
    expect(expected.length).toBeLessThan(all[0]?.n ?? 0); // the seed has months without deduction to leave out
    const { status, body } = await t.call(routes.getMeals, { query: { CurrentPage: 1, PageSize: 10 } }, employeeToken);
    expect(status).toBe(200);
    expect(body.result).toBe(true);
    expect(body.totalCount).toBe(expected.length);
    expect(JSON.parse(body.data)).toEqual(expected.slice(0, 10));
  });

  it('takes the query as JSON text too, and defaults to the first page', async () => {
    const expected = await expectedMealMonths('100001');
    const text = await t.call(
      routes.getMeals,
      { empNo: '100001', query: '{"CurrentPage":2,"PageSize":5}' },
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
    expect(loaded).toEqual(await expectedMealMonths('100001'));
    expect(new Set(loaded.map((month) => month.YEAR_MONTH)).size).toBe(totalCount);
  });

  it('answers an empty page past the end, with the total still right', async () => {
    const expected = await expectedMealMonths('100001');
    for (const CurrentPage of [4, 999_999]) {
      const { status, body } = await t.call(routes.getMeals, { query: { CurrentPage, PageSize: 10 } }, employeeToken);
      expect(status).toBe(200);
      expect(body).toEqual({ result: true, msg: '操作成功', data: '[]', totalCount: expected.length });
    }
  });

  it('answers an empty list for an employee without deductions', async () => {
    const token = await t.login('100007');
    await t.database.pool.query(
      `update meal_months set deduction_amt = 0 where employee_id = (select id from employees where emp_no = '100007')`,
    );
    const { body } = await t.call(routes.getMeals, { query: { CurrentPage: 1 } }, token);
    expect(body).toMatchObject({ result: true, data: '[]', totalCount: 0 });
  });

  it.each(BAD_PAGING)('refuses %s with a Chinese message', async (_name, query, message) => {
    const { status, body } = await t.call(routes.getMeals, { query }, employeeToken);
    expect(status).toBe(200);
    expect(body).toEqual({ result: false, msg: message, data: null });
  });

  it("never answers another employee's months, whatever empNo the payload carries", async () => {
    const mine = await t.call(routes.getMeals, { empNo: '100002', query: { PageSize: 50 } }, employeeToken);
    const theirs = await t.call(routes.getMeals, { empNo: '100001', query: { PageSize: 50 } }, colleagueToken);
    expect(JSON.parse(mine.body.data)).toEqual(await expectedMealMonths('100001'));
    expect(JSON.parse(theirs.body.data)).toEqual(await expectedMealMonths('100002'));
    expect(mine.body.data).not.toBe(theirs.body.data);
  });
});

describe('LogisticsMeals/GetMealsDetail', () => {
  const expectedLines = (empNo: string, month: string) =>
    rowsOf<MealDetail>(
      `select to_char(d.cost_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as "COST_TIME",
              d.cost_amount::float8 as "COST_AMOUNT", d.subsidy_amount::float8 as "SUBSIDY_AMOUNT"
       from meal_details d join employees e on e.id = d.employee_id
       where e.emp_no = $1 and d.year_month = $2 order by d.cost_time, d.id`,
      [empNo, month],
    );

  it("answers the month's lines in time order, times in Shanghai", async () => {
    const [latest] = await expectedMealMonths('100001');
    const month = latest?.YEAR_MONTH ?? '';
    const expected = await expectedLines('100001', month);
    expect(expected.length).toBeGreaterThan(0);
    const { body } = await t.call(routes.getMealsDetail, { date: month }, employeeToken);
    expect(body.result).toBe(true);
    const lines = JSON.parse(body.data) as MealDetail[];
    expect(lines).toEqual(expected);
    expect(lines[0]?.COST_TIME).toMatch(new RegExp(`^${month}-\\d{2} \\d{2}:\\d{2}$`));
    // The seed puts lunch at 11:xx and dinner at 17:xx Shanghai time: a UTC rendering would show 03:xx / 09:xx.
    expect(lines.every((line) => /\s(11|17):/.test(line.COST_TIME))).toBe(true);
  });

  it("answers '[]' for a month without lines", async () => {
    const { body } = await t.call(routes.getMealsDetail, { date: '2001-01' }, employeeToken);
    expect(body).toMatchObject({ result: true, data: '[]' });
  });

  it("never answers another employee's lines for the same month", async () => {
    const [latest] = await expectedMealMonths('100001');
    const month = latest?.YEAR_MONTH ?? '';
    await t.database.pool.query(
      `update meal_details set cost_amount = cost_amount + 1
       where employee_id = (select id from employees where emp_no = '100002') and year_month = $1`,
      [month],
    );
    const theirs = await t.call(routes.getMealsDetail, { date: month, empNo: '100001' }, colleagueToken);
    const mine = await t.call(routes.getMealsDetail, { date: month, empNo: '100002' }, employeeToken);
    expect(JSON.parse(theirs.body.data)).toEqual(await expectedLines('100002', month));
    expect(JSON.parse(mine.body.data)).toEqual(await expectedLines('100001', month));
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
    const expected = await expectedDormitory('100001');
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
    expect(loaded).toEqual(await expectedDormitory('100001'));
    expect(new Set(loaded.map((cost) => cost.yearMonth)).size).toBe(totalCount);
    const beyond = await t.call(routes.getDormitoryCostForMobile, { query: { CurrentPage: 999_999 } }, employeeToken);
    expect(beyond.body).toMatchObject({ result: true, data: [], totalCount });
  });

  it('answers an empty list for an employee without a dormitory', async () => {
    expect(await expectedDormitory('900001')).toEqual([]);
    const { body } = await t.call(routes.getDormitoryCostForMobile, { query: { CurrentPage: 1 } }, reviewerToken);
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
      { empNo: '100002', query: { PageSize: 50 } },
      employeeToken,
    );
    const theirs = await t.call(
      routes.getDormitoryCostForMobile,
      { empNo: '100001', query: { PageSize: 50 } },
      colleagueToken,
    );
    expect(mine.body.data).toEqual(await expectedDormitory('100001'));
    expect(theirs.body.data).toEqual(await expectedDormitory('100002'));
    expect(mine.body.data).not.toEqual(theirs.body.data);
  });
});

const expectedCabinet = async (empNo: string) =>
  (
    await rowsOf<Cabinet>(
      `select c.id as "Id", c.team_name as "TeamName", c.area_desc as "AreaDesc", c.equipment_desc as "EquipmentDesc",
              c.case_no as "CaseNo"
       from cabinets c join employees e on e.id = c.employee_id where e.emp_no = $1 order by c.id limit 1`,
      [empNo],
    )
  )[0];

describe('LogisticsCabinet/GetCabinetForMobile', () => {
  it("answers the caller's cabinet as a JSON string", async () => {
    const expected = await expectedCabinet('100001');
    expect(expected).toBeDefined();
    const { body } = await t.call(routes.getCabinetForMobile, { empNo: '100002' }, employeeToken);
    expect(body.result).toBe(true);
    expect(JSON.parse(body.data)).toEqual(expected);
    const theirs = await t.call(routes.getCabinetForMobile, {}, colleagueToken);
    expect(JSON.parse(theirs.body.data)).toEqual(await expectedCabinet('100002'));
  });

  it("answers '' when no cabinet is assigned", async () => {
    const token = await t.login('100008');
    await t.database.pool.query(
      `update cabinets set employee_id = null where employee_id = (select id from employees where emp_no = '100008')`,
    );
    const { body } = await t.call(routes.getCabinetForMobile, {}, token);
    expect(body).toMatchObject({ result: true, data: '' });
  });
});

describe('LogisticsCabinet open and photo, through the outbox', () => {
  beforeEach(async () => {
    await t.database.pool.query('delete from outbox_commands');
  });

  it('queues an open command for the caller’s own box', async () => {
    const cabinet = await expectedCabinet('100001');
    const { status, body } = await t.call(routes.remoteOpenCabinet, { boxId: cabinet?.Id }, employeeToken);
    expect(status).toBe(200);
    expect(body).toEqual({ result: true, msg: '开柜指令已发送', data: null });
    const rows = await rowsOf('select target, command, payload, requested_by, status from outbox_commands');
    expect(rows).toEqual([
      {
        target: 'cabinet',
        command: 'OPEN',
        payload: { boxId: cabinet?.Id, caseNo: cabinet?.CaseNo, areaDesc: cabinet?.AreaDesc },
        requested_by: 1,
        status: 'pending',
      },
    ]);
  });

  it('queues a photo update for the attendance system for the caller’s own box', async () => {
    const cabinet = await expectedCabinet('100001');
    const { body } = await t.call(routes.updatePhotoToAtt, { boxId: String(cabinet?.Id) }, employeeToken);
    expect(body).toEqual({ result: true, msg: '照片更新指令已发送', data: null });
    const rows = await rowsOf('select target, command, payload, requested_by, status from outbox_commands');
    expect(rows).toEqual([
      {
        target: 'attendance',
        command: 'UPDATE_CABINET_PHOTO',
        payload: { boxId: cabinet?.Id, caseNo: cabinet?.CaseNo, empNo: '100001' },
        requested_by: 1,
        status: 'pending',
      },
    ]);
  });

  it.each([
    ['open', routes.remoteOpenCabinet],
    ['photo', routes.updatePhotoToAtt],
  ] as const)("refuses %s on someone else's box or an unknown one, and records nothing", async (_name, route) => {
    const theirs = await expectedCabinet('100002');
    for (const boxId of [theirs?.Id, 999_999]) {
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
    for (const token of [employeeToken, reviewerToken]) {
      const { status, body } = await t.call(routes.remoteOpenAllCabinet, { boxId: [1, 2] }, token);
      expect(status).toBe(200);
      expect(body).toEqual({ result: false, msg: '无权限执行此操作', data: null });
    }
    expect(await outboxCount()).toBe(0);
  });
});

describe('LogisticsCabinet/RemoteOpenAllCabinet for a configured employee', () => {
  let allowed: TestContext;
  let allowedToken: string;
  let otherToken: string;
  beforeAll(async () => {
    allowed = await createTestContext({ CABINET_OPEN_ALL_EMPLOYEES: ' 900001 , 123456' });
    allowedToken = await allowed.login('900001');
    otherToken = await allowed.login('100001');
  });
  afterAll(() => allowed.close());
  beforeEach(async () => {
    await allowed.database.pool.query('delete from outbox_commands');
  });
  const recorded = async () =>
    (await allowed.database.pool.query('select target, command, payload, requested_by, status from outbox_commands'))
      .rows;

  it('queues one command for every listed box, duplicates once', async () => {
    const { rows: boxes } = await allowed.database.pool.query<{ id: number; case_no: string }>(
      'select id, case_no from cabinets where id in (3, 5, 9) order by id',
    );
    const { body } = await allowed.call(routes.remoteOpenAllCabinet, { boxId: [9, 3, 5, 3] }, allowedToken);
    expect(body).toEqual({ result: true, msg: '开柜指令已发送,共 3 个柜子', data: null });
    expect(await recorded()).toEqual([
      {
        target: 'cabinet',
        command: 'OPEN_ALL',
        payload: { boxes: boxes.map((box) => ({ boxId: box.id, caseNo: box.case_no })) },
        requested_by: 2,
        status: 'pending',
      },
    ]);
  });

  it('refuses an employee who is not configured, and sends nothing', async () => {
    const { body } = await allowed.call(routes.remoteOpenAllCabinet, { boxId: [1] }, otherToken);
    expect(body).toEqual({ result: false, msg: '无权限执行此操作', data: null });
    expect(await recorded()).toEqual([]);
  });

  it('refuses a list naming an unknown box, and sends nothing', async () => {
    const { body } = await allowed.call(routes.remoteOpenAllCabinet, { boxId: [1, 777_777] }, allowedToken);
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
  let box: Cabinet | undefined;
  beforeAll(async () => {
    controller = await startFakeController();
    wired = await createTestContext({ CABINET_CONTROLLER_URL: controller.url, CABINET_CONTROLLER_TIMEOUT_MS: '200' });
    token = await wired.login('100001');
    box = await expectedCabinet('100001');
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

  it('sends the open command to the controller and records it as sent', async () => {
    const { body } = await wired.call(routes.remoteOpenCabinet, { boxId: box?.Id }, token);
    expect(body).toEqual({ result: true, msg: '开柜指令已发送', data: null });
    expect(controller.received).toEqual([
      { target: 'cabinet', command: 'OPEN', payload: { boxId: box?.Id, caseNo: box?.CaseNo, areaDesc: box?.AreaDesc } },
    ]);
    expect(await recorded()).toMatchObject([{ target: 'cabinet', command: 'OPEN', status: 'sent' }]);
  });

  it('answers result:false, not 5xx, when the controller answers 500', async () => {
    controller.setMode('error');
    const { status, body } = await wired.call(routes.remoteOpenCabinet, { boxId: box?.Id }, token);
    expect(status).toBe(200);
    expect(body).toEqual({ result: false, msg: '柜子控制器处理失败,请稍后重试', data: null });
    expect(await recorded()).toMatchObject([{ status: 'failed', detail: expect.stringContaining('HTTP 500') }]);
  });

  it('answers result:false, not 5xx, when the controller does not answer in time', async () => {
    controller.setMode('hang');
    const { status, body } = await wired.call(routes.remoteOpenCabinet, { boxId: box?.Id }, token);
    expect(status).toBe(200);
    expect(body).toEqual({ result: false, msg: '柜子控制器无响应,请稍后重试', data: null });
    expect(await recorded()).toMatchObject([{ status: 'failed', detail: 'no answer within 200 ms' }]);
  });

  it("sends nothing for someone else's box", async () => {
    const theirs = await expectedCabinet('100002');
    const { body } = await wired.call(routes.remoteOpenCabinet, { boxId: theirs?.Id }, token);
    expect(body).toMatchObject({ result: false, msg: '未找到您的柜子' });
    expect(controller.received).toEqual([]);
    expect(await recorded()).toEqual([]);
  });

  it('leaves the photo update to the attendance relay', async () => {
    const { body } = await wired.call(routes.updatePhotoToAtt, { boxId: box?.Id }, token);
    expect(body).toMatchObject({ result: true, msg: '照片更新指令已发送' });
    expect(controller.received).toEqual([]);
    expect(await recorded()).toMatchObject([{ target: 'attendance', status: 'pending' }]);
  });
});
