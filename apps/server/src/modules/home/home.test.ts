// Menus, dictionaries, the handbook flag, banners and notices: each scoped to the caller.
import { routes } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';

let t: TestContext;
let employeeToken: string;
let colleagueToken: string;
beforeAll(async () => {
  t = await createTestContext();
  employeeToken = await t.login('100001');
  colleagueToken = await t.login('100002');
});
afterAll(() => t.close());

describe('Menu/GetMenuList', () => {
  it("answers the caller's mobile menus with codes M01–M12, whatever userId is sent", async () => {
    const { body } = await t.call(routes.getMenuList, { userId: 2, terminalType: 'MOBILE' }, employeeToken);
    expect(body.result).toBe(true);
    const codes = body.data.map((entry) => entry.rolePageNo);
    for (let n = 1; n <= 12; n++) expect(codes).toContain(`M${String(n).padStart(2, '0')}`);
    expect(body.data.find((entry) => entry.rolePageNo === 'M04')).toEqual({
      menuPath: '/salary/my-salary',
      menuName: '我的工资',
      menuIcon: 'pay',
      rolePageNo: 'M04',
      isMobile: 'Y',
    });
  });

  it('follows the role tables: a role without a menu hides it', async () => {
    await t.database.pool.query(
      `delete from role_menus where menu_id = (select id from menus where code = 'M04')
         and role_id = (select id from roles where name = 'Employee')`,
    );
    const employee = await t.call(routes.getMenuList, { terminalType: 'MOBILE' }, colleagueToken);
    expect(employee.body.data.map((entry) => entry.rolePageNo)).not.toContain('M04');
    // The reviewer still sees it through AppVerify.
    const reviewer = await t.call(routes.getMenuList, { terminalType: 'MOBILE' }, await t.login('900001'));
    expect(reviewer.body.data.map((entry) => entry.rolePageNo)).toContain('M04');
    await t.database.pool.query(
      `insert into role_menus select r.id, m.id from roles r, menus m where r.name = 'Employee' and m.code = 'M04'`,
    );
  });

  it('refuses an unknown terminal type with a message', async () => {
    const { body } = await t.call(routes.getMenuList, { terminalType: 'TV' }, employeeToken);
    expect(body).toMatchObject({ result: false, msg: '终端类型无效' });
  });
});

describe('Home/GetStateBaseInfo', () => {
  it.each(['MAJOR', 'CARD', 'POLI', 'REL', 'FERT'])('answers the %s dictionary', async (stateType) => {
    const { body } = await t.call(routes.getStateBaseInfo, { stateType, sysFunc: 'HR' }, employeeToken);
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from dictionary_items where state_type = $1',
      [stateType],
    );
    expect(body.data).toHaveLength(rows[0].n);
    expect(body.data[0]).toEqual({ stateId: expect.any(String), stateDescr: expect.any(String) });
  });

  it('refuses an unknown dictionary', async () => {
    const { body } = await t.call(routes.getStateBaseInfo, { stateType: 'NOPE' }, employeeToken);
    expect(body).toMatchObject({ result: false, msg: '字典类型无效' });
  });
});

describe('handbook read flag and banners', () => {
  it('sets appReadStatus to Y for the caller only', async () => {
    const token = await t.login('100004'); // colleague g = 3: appReadStatus N
    expect((await t.call(routes.checkUserToken, {}, token)).body.data.appReadStatus).toBe('N');
    expect((await t.call(routes.modifyReadStatus, { readStatus: 'N' }, token)).body.result).toBe(false);
    expect((await t.call(routes.modifyReadStatus, { readStatus: 'Y' }, token)).body.result).toBe(true);
    expect((await t.call(routes.checkUserToken, {}, token)).body.data.appReadStatus).toBe('Y');
    expect((await t.call(routes.checkUserToken, {}, employeeToken)).body.data.appReadStatus).toBe('N');
  });

  it('answers the active banners in order', async () => {
    const { body } = await t.call(routes.getBannerList, {}, employeeToken);
    expect(body.data.length).toBeGreaterThanOrEqual(3);
    expect(body.data[0]?.imageUrl).toMatch(/^\/banners\/.+\.svg$/);
  });
});

describe('SystemNotice', () => {
  it('stores feedback as a notice of the caller, shown in their notice list only', async () => {
    const submitted = await t.call(
      routes.modifyNotice,
      { NoticeType: 'AppMeals', NoticeTitle: '', NoticeDesc: '食堂周二晚餐重复扣款', NoticeBody: '', Bu: 'HZ' },
      colleagueToken,
    );
    expect(submitted.body).toMatchObject({ result: true, msg: '提交成功' });
    const mine = await t.call(routes.getPersonNotice, { currentPage: 1 }, colleagueToken);
    expect(mine.body.data[0]).toMatchObject({ noticeTitle: '食堂周二晚餐重复扣款', isVerify: 'N' });
    const { rows } = await t.database.pool.query(
      "select n.bu from notices n join employees e on e.id = n.employee_id where e.emp_no = '100002' order by n.id desc limit 1",
    );
    expect(rows[0].bu).toBe('GT'); // the caller's plant, not the payload's
    const others = await t.call(routes.getPersonNotice, { currentPage: 1, pageSize: 50 }, employeeToken);
    expect(others.body.data.map((notice) => notice.noticeTitle)).not.toContain('食堂周二晚餐重复扣款');
  });

  it.each([
    [{ NoticeType: 'AppMeals', NoticeDesc: '   ' }, '反馈类型或描述为空'],
    [{ NoticeType: 'Nope', NoticeDesc: '内容' }, '反馈类型或描述为空'],
    [{ NoticeDesc: '内容' }, '反馈类型或描述为空'],
  ])('refuses feedback %j', async (payload, message) => {
    const before = await t.database.pool.query('select count(*)::int as n from notices');
    const { status, body } = await t.call(routes.modifyNotice, payload, colleagueToken);
    expect(status).toBe(200);
    expect(body).toMatchObject({ result: false, msg: message });
    const after = await t.database.pool.query('select count(*)::int as n from notices');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('pages notices until loaded ≥ totalCount, each exactly once', async () => {
    const seen: number[] = [];
    let total = Number.POSITIVE_INFINITY;
    for (let page = 1; seen.length < total; page++) {
      const { body } = await t.call(routes.getPersonNotice, { currentPage: page, pageSize: 3 }, employeeToken);
      total = body.totalCount ?? 0;
      seen.push(...body.data.map((notice) => notice.id));
      if (page > 10) break;
    }
    const { rows } = await t.database.pool.query('select count(*)::int as n from notices where employee_id = 1');
    expect(total).toBe(rows[0].n);
    expect(new Set(seen).size).toBe(total);
    const beyond = await t.call(routes.getPersonNotice, { currentPage: 99_999 }, employeeToken);
    expect(beyond.body).toMatchObject({ result: true, data: [] });
    expect((await t.call(routes.getPersonNotice, { currentPage: 'x' }, employeeToken)).body.result).toBe(false);
  });

  it('shows unread messages until they are marked read, for the caller only', async () => {
    const token = await t.login('100011');
    const unread = await t.call(routes.getPersonMsg, {}, token);
    expect(unread.body.data.length).toBe(2);
    await t.call(routes.modifyReadMsg, {}, token);
    expect((await t.call(routes.getPersonMsg, {}, token)).body.data).toEqual([]);
    expect((await t.call(routes.getPersonMsg, {}, employeeToken)).body.data.length).toBe(2);
  });
});
