// Authorization per call, walked over the whole route table: a call tied to a menu answers only callers
// whose roles hold that menu, a call tied to a role only holders of the role; the refusal is 403 with
// the envelope, whatever the body, and changes nothing.
import { type RouteSpec, routes } from '@ess/contract';
import { MOBILE_MENUS } from '@ess/contract/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, makeRole } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ALL_MENU_CODES = MOBILE_MENUS.map((menu) => menu.code);
const allRoutes: RouteSpec[] = Object.values(routes);
const menuRoutes = allRoutes.filter((route) => route.menu);
const roleRoutes = allRoutes.filter((route) => route.role);
const signedInRoutes = allRoutes.filter((route) => !route.isPublic && !route.menu && !route.role);

/** Signs in a new employee holding one role with exactly these menus (and no other role). */
const signInWithMenus = async (menuCodes: string[]) => {
  const role = await makeRole(t.database, { menuCodes });
  const employee = await makeEmployee(t.database, { roles: [role] });
  return t.login(employee.empNo, FACTORY_PASSWORD_HASH);
};

const countRows = async () =>
  (
    await t.database.pool.query<{ n: string }>(
      'select (select count(*) from notices) + (select count(*) from outbox_commands) + (select count(*) from audit_log) as n',
    )
  ).rows[0]?.n;

describe('authorization by menu and role', () => {
  it('ties the screens’ calls to their menus', () => {
    expect(menuRoutes.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        'AttDay/GetAttRecordByEmpNo',
        'SalaryPayslip/GetPersonSalaryByOld',
        'LogisticsMeals/GetMeals',
        'LogisticsDormitory/GetDormitoryCostForMobile',
        'LogisticsCabinet/RemoteOpenCabinet',
        'InspectionEhs/GetMyEhs',
        'SystemNotice/GetPersonNotice',
      ]),
    );
  });

  it.each(menuRoutes.map((route) => [route.path, route] as const))(
    '%s refuses a caller whose roles lack its menu, and serves one whose roles hold it',
    async (_path, route) => {
      const menu = route.menu as string;
      const without = await signInWithMenus(ALL_MENU_CODES.filter((code) => code !== menu));
      const before = await countRows();
      for (const body of [{}, { boxId: 1, day: 3, date: '2026-01', query: { CurrentPage: 1 } }]) {
        const refused = await t.call(route, body, without);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ result: false, msg: '权限不足', data: null });
      }
      expect(await countRows()).toBe(before);

      const holder = await signInWithMenus([menu]);
      const served = await t.call(route, {}, holder);
      expect(served.status).toBe(200);
    },
  );

  it.each(roleRoutes.map((route) => [route.path, route] as const))(
    '%s refuses a caller without its role',
    async (_path, route) => {
      const token = await signInWithMenus(ALL_MENU_CODES);
      const refused = await t.call(route, {}, token);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ result: false, msg: '权限不足', data: null });
    },
  );

  it.each(signedInRoutes.map((route) => [route.path, route] as const))(
    '%s serves any signed-in employee, even one without menus',
    async (_path, route) => {
      const token = await signInWithMenus([]);
      expect((await t.call(route, {}, token)).status).toBe(200);
    },
  );

  it('follows a change of the role tables within the permission cache period', async () => {
    const role = await makeRole(t.database, { menuCodes: ['M04'] });
    const employee = await makeEmployee(t.database, { roles: [role] });
    const token = await t.login(employee.empNo, FACTORY_PASSWORD_HASH);
    expect((await t.call(routes.getMealsDetail, { date: '2026-01' }, token)).status).toBe(403);
    // HR gives the role the meals menu; a new instance (or this one after 30 s) sees it.
    await t.database.pool.query(
      `insert into role_menus (role_id, menu_id) select r.id, m.id from roles r, menus m where r.name = $1 and m.code = 'M05'`,
      [role],
    );
    const { buildApp } = await import('../app');
    const other = await buildApp({ config: t.config, database: t.database });
    try {
      const response = await other.inject({
        method: 'POST',
        url: '/api/LogisticsMeals/GetMealsDetail',
        headers: { token },
        payload: { date: '2026-01' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().result).toBe(true);
    } finally {
      await other.close();
    }
  });
});
