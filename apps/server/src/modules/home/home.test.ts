// Menus, dictionaries, the handbook flag and banners: each scoped to the caller.
import { routes } from '@ess/contract';
import { MOBILE_MENUS } from '@ess/contract/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, type MadeEmployee, makeEmployee, makeRole } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';

let t: TestContext;
const signIn = (made: MadeEmployee) => t.login(made.empNo, FACTORY_PASSWORD_HASH);

let employeeToken: string;
beforeAll(async () => {
  t = await createTestContext();
  employeeToken = await signIn(await makeEmployee(t.database));
});
afterAll(() => t.close());

const menuCodesOf = async (token: string) =>
  (await t.call(routes.getMenuList, { terminalType: 'MOBILE' }, token)).body.data.map((entry) => entry.rolePageNo);

describe('Menu/GetMenuList', () => {
  it("answers the caller's mobile menus with codes M01–M12, whatever userId is sent", async () => {
    // Someone else whose roles hold one menu only: their id in the payload changes nothing.
    const other = await makeEmployee(t.database, { roles: [await makeRole(t.database, { menuCodes: ['M01'] })] });
    const { body } = await t.call(routes.getMenuList, { userId: other.id, terminalType: 'MOBILE' }, employeeToken);
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
    const everyCode = MOBILE_MENUS.map((menu) => menu.code);
    const withoutSalary = await makeRole(t.database, { menuCodes: everyCode.filter((code) => code !== 'M04') });
    const employee = await makeEmployee(t.database, { roles: [withoutSalary] });
    expect(await menuCodesOf(await signIn(employee))).toEqual(everyCode.filter((code) => code !== 'M04'));
    // Another role of the same employee that holds the menu still shows it.
    const salaryOnly = await makeRole(t.database, { menuCodes: ['M04'] });
    const both = await makeEmployee(t.database, { roles: [withoutSalary, salaryOnly] });
    expect(await menuCodesOf(await signIn(both))).toContain('M04');
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
    const token = await signIn(await makeEmployee(t.database, { handbookRead: false }));
    const colleagueToken = await signIn(await makeEmployee(t.database, { handbookRead: false }));
    expect((await t.call(routes.checkUserToken, {}, token)).body.data.appReadStatus).toBe('N');
    expect((await t.call(routes.modifyReadStatus, { readStatus: 'N' }, token)).body.result).toBe(false);
    expect((await t.call(routes.modifyReadStatus, { readStatus: 'Y' }, token)).body.result).toBe(true);
    expect((await t.call(routes.checkUserToken, {}, token)).body.data.appReadStatus).toBe('Y');
    expect((await t.call(routes.checkUserToken, {}, colleagueToken)).body.data.appReadStatus).toBe('N');
  });

  it('answers the demo’s live banners in order, with their served sizes and links', async () => {
    const { body } = await t.call(routes.getBannerList, {}, employeeToken);
    expect(body.data.map((banner) => banner.title)).toEqual([
      '安全生产 人人有责',
      '员工自助 便捷服务',
      '持续改善 提质增效',
    ]);
    expect(body.data[0]).toMatchObject({
      imageUrl: expect.stringMatching(/^\/api\/banner-images\/[0-9a-f]{64}\.jpg$/),
      imageWebpUrl: expect.stringMatching(/^\/api\/banner-images\/[0-9a-f]{64}\.webp$/),
      width: 750,
      height: 375,
      link: '/inspection/my-ehs',
    });
  });
});
