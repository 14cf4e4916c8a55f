// Menus, dictionaries, the handbook flag and banners: each scoped to the caller.
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
