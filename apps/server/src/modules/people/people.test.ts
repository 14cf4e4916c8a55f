// People and accounts through the real server: an HRAdmin of NT is refused on every call about an HZ employee;
// a leaver cannot sign in and their open token is refused at once; a reset code issued in the console works
// once; their socket closes; unlock, transfer, roles (SysAdmin only) and the audit log's search and plant scope.
import { type RouteSpec, routes } from '@ess/contract';
import { WS_CLOSE } from '@ess/contract/realtime-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { FACTORY_PASSWORD_HASH, makeEmployee } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { sha256Hex } from '../../lib/passwords';

let t: TestContext;
let hr: string;
let ntOnly: string;
let sysAdmin: string;
beforeAll(async () => {
  t = await createTestContext();
  hr = await t.login('900001');
  ntOnly = await t.login('900002');
  const admin = await makeEmployee(t.database, { roles: ['Employee', 'SysAdmin'] });
  sysAdmin = await t.login(admin.empNo, FACTORY_PASSWORD_HASH);
});
afterAll(() => t.close());

const signIn = (empNo: string, password = FACTORY_PASSWORD_HASH) =>
  t.app.inject({ method: 'POST', url: '/api/Account/CheckLogin', payload: { userAccount: empNo, password } });

const auditCount = async () =>
  Number((await t.database.pool.query<{ n: string }>('select count(*) as n from audit_log')).rows[0]?.n);

describe('plant scope', () => {
  it('refuses an HRAdmin of NT every call about an HZ employee, and changes nothing', async () => {
    const worker = await makeEmployee(t.database, { plant: 'HZ' });
    const before = await auditCount();
    const calls: [RouteSpec, Record<string, unknown>][] = [
      [routes.searchPeople, { bu: 'HZ' }],
      [routes.createPerson, { empNo: 'HZNEW1', name: '新人', bu: 'HZ' }],
      [routes.updatePerson, { id: worker.id, name: '改名' }],
      [routes.transferPerson, { id: worker.id, bu: 'NT' }],
      [routes.markPersonLeft, { id: worker.id, leftOn: '2026-01-31' }],
      [routes.reinstatePerson, { id: worker.id }],
      [routes.issuePersonResetCode, { id: worker.id }],
      [routes.unlockPerson, { id: worker.id }],
      [routes.unbindPlatformAccount, { id: worker.id, platform: 'wecom' }],
      [routes.setPersonRoles, { id: worker.id, roles: ['AppVerify'] }],
      [routes.searchAuditLog, { bu: 'HZ' }],
    ];
    for (const [route, body] of calls) {
      const answer = await t.call(route, body, ntOnly);
      expect(answer.body.result, route.path).toBe(false);
    }
    // A search without a plant lists only NT.
    const listed = await t.call(routes.searchPeople, { empNo: worker.empNo }, ntOnly);
    expect(listed.body.data).toEqual([]);
    const nt = await t.call(routes.searchPeople, { PageSize: 50 }, ntOnly);
    expect(nt.body.data.every((row: { bu: string }) => row.bu === 'NT')).toBe(true);
    expect(await auditCount()).toBe(before);
    const [row] = (await t.database.pool.query('select name, bu, left_on from employees where id = $1', [worker.id]))
      .rows;
    expect(row).toEqual({ name: '测试员工', bu: 'HZ', left_on: null });
  });

  it('lets the HRAdmin of every plant search, create, edit and transfer, each with an audit row', async () => {
    const created = await t.call(
      routes.createPerson,
      { empNo: 'P9001', name: '新员工', bu: 'HZ', deptName: '总装车间', enterDate: '2026-01-05' },
      hr,
    );
    expect(created.body.result).toBe(true);
    // The clerk is told the password the new hire signs in with, not only that there is one.
    const initial = t.config.INITIAL_PASSWORD;
    expect(created.body).toMatchObject({
      msg: `已新建，初始密码为 ${initial}，首次登录须修改`,
      data: { initialPassword: initial },
    });
    const id = created.body.data.id as number;
    expect((await t.call(routes.createPerson, { empNo: 'P9001', name: '重复', bu: 'HZ' }, hr)).body.msg).toBe(
      '工号 P9001 已存在',
    );
    expect((await t.call(routes.createPerson, { empNo: '', name: '', bu: 'XX' }, hr)).body.result).toBe(false);
    // The initial password signs in and must be changed.
    const first = await signIn('P9001', sha256Hex(t.config.INITIAL_PASSWORD));
    expect(first.json().result).toBe(true);
    expect((await t.call(routes.updatePerson, { id, name: '新员工甲', titleName: '组长' }, hr)).body.result).toBe(true);
    expect((await t.call(routes.transferPerson, { id, bu: 'HZ' }, hr)).body.msg).toBe(
      '该员工已在 HZ 厂，请选择其他工厂',
    );
    expect((await t.call(routes.transferPerson, { id, bu: 'NT', deptName: '仓库' }, hr)).body.result).toBe(true);
    // The old token carried HZ: it ends; the NT clerk now sees the employee.
    expect((await t.call(routes.checkUserToken, {}, first.json().data.token)).status).toBe(401);
    const found = await t.call(routes.searchPeople, { name: '新员工甲' }, ntOnly);
    expect(found.body.data).toMatchObject([
      { empNo: 'P9001', bu: 'NT', deptName: '仓库', titleName: '组长', roles: ['Employee'], adminPlants: [] },
    ]);
    const clerk = await t.call(routes.searchPeople, { empNo: '900002' }, ntOnly);
    expect(clerk.body.data).toMatchObject([{ roles: ['Employee', 'HRAdmin'], adminPlants: ['NT'] }]);
    const log = await t.call(routes.searchAuditLog, { subjectEmpNo: 'P9001' }, hr);
    expect(log.body.data.map((entry: { action: string }) => entry.action)).toEqual([
      'person.transfer',
      'person.update',
      'person.create',
    ]);
    expect(log.body.data[1]).toMatchObject({
      actorEmpNo: '900001',
      before: { name: '新员工', titleName: '' },
      after: { name: '新员工甲', titleName: '组长' },
    });
  });
});

describe('mark as left', () => {
  it('ends the open session at once, refuses sign-in and refresh, and can be undone', async () => {
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    const signedIn = (await signIn(worker.empNo)).json().data;
    expect((await t.call(routes.checkUserToken, {}, signedIn.token)).status).toBe(200);
    const socket: WebSocket = await t.app.injectWS('/ws');
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    let isSignedIn = false;
    socket.on('message', (data) => {
      if (JSON.parse(data.toString()).type === 'AUTH_OK') isSignedIn = true;
    });
    socket.send(JSON.stringify({ type: 'AUTH', token: signedIn.token }));
    await expect.poll(() => isSignedIn).toBe(true);
    const left = await t.call(routes.markPersonLeft, { id: worker.id, leftOn: '2026-02-28' }, ntOnly);
    expect(left.body).toMatchObject({ result: true });
    expect((await t.call(routes.checkUserToken, {}, signedIn.token)).status).toBe(401);
    // The open socket is closed as a disabled account: the app signs out at once and does not reconnect.
    expect(await closed).toBe(WS_CLOSE.ACCOUNT_DISABLED);
    const refreshed = await t.call(routes.refreshToken, { refreshToken: signedIn.refreshToken });
    expect(refreshed.body.result).toBe(false);
    expect((await signIn(worker.empNo)).json()).toMatchObject({
      result: false,
      msg: '该账号已停用（已离职），如有疑问请联系人事',
    });
    // A wrong password tells a guesser nothing about a leaver.
    expect((await signIn(worker.empNo, sha256Hex('wrong'))).json().msg).toBe('账号或密码错误');
    expect((await t.call(routes.issuePersonResetCode, { id: worker.id }, ntOnly)).body.msg).toBe(
      '该员工已离职，请先恢复在职',
    );
    expect((await t.call(routes.markPersonLeft, { id: worker.id, leftOn: '2026-02-28' }, ntOnly)).body.result).toBe(
      false,
    );
    const listed = await t.call(routes.searchPeople, { empNo: worker.empNo, status: 'left' }, ntOnly);
    expect(listed.body.data).toMatchObject([{ leftOn: '2026-02-28' }]);
    expect((await t.call(routes.reinstatePerson, { id: worker.id }, ntOnly)).body.result).toBe(true);
    expect((await signIn(worker.empNo)).json().result).toBe(true);
  });

  it('refuses to mark oneself as left', async () => {
    const me = (await t.call(routes.getConsoleSession, {}, ntOnly)).body.data.id;
    expect((await t.call(routes.markPersonLeft, { id: me, leftOn: '2026-02-28' }, ntOnly)).body.msg).toBe(
      '不能对自己执行此操作',
    );
  });
});

describe('the departments and teams of a plant', () => {
  it('are those of its employees in service, most used first, for the clerk of that plant only', async () => {
    const place = async (team: string, { hasLeft = false } = {}) => {
      const employee = await makeEmployee(t.database, { plant: 'LZ' });
      await t.database.pool.query('update employees set dept_name = $1, team_name = $2, left_on = $3 where id = $4', [
        `${team.slice(0, 2)}车间`,
        team,
        hasLeft ? '2026-01-31' : null,
        employee.id,
      ]);
    };
    await place('焊装二班');
    await place('焊装二班');
    await place('涂装三班');
    await place('离职班', { hasLeft: true });
    const { departments, teams } = (await t.call(routes.getPlantTeams, { bu: 'LZ' }, hr)).body.data;
    expect(departments).toEqual(expect.arrayContaining(['焊装车间', '涂装车间']));
    expect(teams).toEqual(expect.arrayContaining(['焊装二班', '涂装三班']));
    // Most used first; a leaver's team is no longer offered.
    expect(teams.indexOf('焊装二班')).toBeLessThan(teams.indexOf('涂装三班'));
    expect(teams).not.toContain('离职班');
    expect(departments).not.toContain('离职车间');
    // The clerk of NT alone learns nothing of LZ.
    expect((await t.call(routes.getPlantTeams, { bu: 'LZ' }, ntOnly)).body.result).toBe(false);
  });
});

describe('reset code and unlock', () => {
  it('issues a code shown once that works once', async () => {
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    const issued = await t.call(routes.issuePersonResetCode, { id: worker.id }, ntOnly);
    expect(issued.body.result).toBe(true);
    const { code, path, initialPassword } = issued.body.data;
    expect(path).toBe(`/home/reset-password?code=${encodeURIComponent(code)}`);
    // The clerk's printout names what the worker signs in with after the reset.
    expect(initialPassword).toBe(t.config.INITIAL_PASSWORD);
    expect((await t.call(routes.resetPassword, { code })).body.result).toBe(true);
    expect((await t.call(routes.resetPassword, { code })).body.result).toBe(false);
    expect((await signIn(worker.empNo, sha256Hex(t.config.INITIAL_PASSWORD))).json().result).toBe(true);
    const log = await t.call(routes.searchAuditLog, { subjectEmpNo: worker.empNo, action: 'password.' }, ntOnly);
    expect(log.body.data.map((entry: { action: string }) => entry.action)).toEqual([
      'password.reset',
      'password.reset-code-issued',
    ]);
    // The code itself is never written to the log.
    expect(JSON.stringify(log.body.data)).not.toContain(code);
  });

  it('unlocks an account locked by wrong passwords', async () => {
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i++) await signIn(worker.empNo, sha256Hex('wrong'));
    expect((await signIn(worker.empNo)).json().result).toBe(false);
    const listed = await t.call(routes.searchPeople, { empNo: worker.empNo }, ntOnly);
    expect(listed.body.data[0]?.isLocked).toBe(true);
    expect((await t.call(routes.unlockPerson, { id: worker.id }, ntOnly)).body.result).toBe(true);
    expect((await signIn(worker.empNo)).json().result).toBe(true);
  });
});

describe('WeCom and WeChat accounts bound at a first sign-in there', () => {
  it('are shown with the employee and removed by the HRAdmin of their plant, audited', async () => {
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    await t.database.pool.query(
      "insert into platform_accounts (platform, account_id, employee_id) values ('wecom', $1, $3), ('wechat', $2, $3)",
      [`zhang-${worker.empNo}`, `o-${worker.empNo}`, worker.id],
    );
    const listed = await t.call(routes.searchPeople, { empNo: worker.empNo }, ntOnly);
    expect(listed.body.data[0]?.platformAccounts).toEqual([
      { platform: 'wechat', accountId: `o-${worker.empNo}` },
      { platform: 'wecom', accountId: `zhang-${worker.empNo}` },
    ]);
    expect((await t.call(routes.unbindPlatformAccount, { id: worker.id, platform: 'wecom' }, ntOnly)).body).toEqual({
      result: true,
      msg: '已解除绑定',
      data: null,
    });
    expect((await t.call(routes.searchPeople, { empNo: worker.empNo }, ntOnly)).body.data[0]?.platformAccounts).toEqual(
      [{ platform: 'wechat', accountId: `o-${worker.empNo}` }],
    );
    const { rows } = await t.database.pool.query(
      "select before from audit_log where action = 'platform-account.unbind' and subject_id = $1",
      [String(worker.id)],
    );
    expect(rows).toEqual([{ before: { platform: 'wecom', accountId: `zhang-${worker.empNo}` } }]);
    expect((await t.call(routes.unbindPlatformAccount, { id: worker.id, platform: 'wecom' }, ntOnly)).body).toEqual({
      result: false,
      msg: '该员工未绑定此账号',
      data: null,
    });
    expect((await t.call(routes.unbindPlatformAccount, { id: worker.id, platform: 'qq' }, ntOnly)).body.msg).toBe(
      '账号类型无效',
    );
  });
});

describe('roles and menus', () => {
  it('are granted by a SysAdmin only', async () => {
    const worker = await makeEmployee(t.database, { plant: 'HZ' });
    expect(
      (await t.call(routes.setPersonRoles, { id: worker.id, roles: ['HRAdmin'], adminPlants: ['NT'] }, ntOnly)).status,
    ).toBe(403);
    expect((await t.call(routes.setPersonRoles, { id: worker.id, roles: ['HRAdmin'] }, sysAdmin)).body.msg).toBe(
      '请选择人事管理员负责的工厂',
    );
    const granted = await t.call(
      routes.setPersonRoles,
      { id: worker.id, roles: ['HRAdmin', 'AppVerify'], adminPlants: ['HZ'] },
      sysAdmin,
    );
    expect(granted.body.result).toBe(true);
    const token = (await signIn(worker.empNo)).json().data.token;
    const session = await t.call(routes.getConsoleSession, {}, token);
    expect(session.body.data).toMatchObject({ roles: ['AppVerify', 'Employee', 'HRAdmin'], adminPlants: ['HZ'] });
    const catalog = await t.call(routes.getRoleCatalog, {}, sysAdmin);
    const verify = catalog.body.data.roles.find((role) => role.name === 'AppVerify') as {
      id: number;
      menuCodes: string[];
    };
    expect(
      (await t.call(routes.setRoleMenus, { roleId: verify.id, menuCodes: ['M18', 'M99'] }, sysAdmin)).body.msg,
    ).toBe('菜单不存在：M99');
    expect(
      (await t.call(routes.setRoleMenus, { roleId: verify.id, menuCodes: verify.menuCodes }, sysAdmin)).body.result,
    ).toBe(true);
    expect((await t.call(routes.getRoleCatalog, {}, ntOnly)).status).toBe(403);
    // The demo's HR of every plant is the system administrator too.
    expect((await t.call(routes.getRoleCatalog, {}, hr)).status).toBe(200);
  });
});

describe('audit log search', () => {
  it('pages, filters by date and refuses a reversed range in Chinese', async () => {
    const page = await t.call(routes.searchAuditLog, { PageSize: 2 }, hr);
    expect(page.body.data.length).toBeLessThanOrEqual(2);
    expect(page.body.totalCount).toBeGreaterThan(0);
    expect((await t.call(routes.searchAuditLog, { from: '2026-02-01', to: '2026-01-01' }, hr)).body.msg).toBe(
      '开始日期不能晚于结束日期',
    );
    expect((await t.call(routes.searchAuditLog, { from: '2999-01-01' }, hr)).body.data).toEqual([]);
    expect((await t.call(routes.searchAuditLog, { from: 'bad' }, hr)).body.result).toBe(false);
    // The NT clerk sees no entry about an HZ employee.
    const nt = await t.call(routes.searchAuditLog, { PageSize: 50 }, ntOnly);
    const hzSubjects = nt.body.data.filter((entry: { subjectEmpNo: string }) => entry.subjectEmpNo === 'HZNEW1');
    expect(hzSubjects).toEqual([]);
  });

  it('shows a notice’s entries to the HR of the plants it reaches, a company-wide one to every plant’s', async () => {
    const publish = async (title: string, plants: string[]) => {
      const answer = await t.call(
        routes.publishAnnouncement,
        { title, body: '<p>正文</p>', audience: { plants } },
        hr, // 900001: every plant
      );
      expect(answer.body.result).toBe(true);
      return String((answer.body.data as { id: number }).id);
    };
    const toHz = await publish('杭州停水', ['HZ']);
    const toNtAndHz = await publish('两厂体检', ['NT', 'HZ']);
    const toEveryone = await publish('全公司放假', []);
    const seenBy = async (token: string, bu?: string) =>
      (
        (await t.call(routes.searchAuditLog, { action: 'announcement.publish', bu, PageSize: 50 }, token)).body
          .data as { subjectId: string }[]
      ).map((entry) => entry.subjectId);
    const nt = await seenBy(ntOnly);
    expect(nt).toEqual(expect.arrayContaining([toNtAndHz, toEveryone]));
    expect(nt).not.toContain(toHz);
    expect(await seenBy(hr, 'HZ')).toEqual(expect.arrayContaining([toHz, toNtAndHz, toEveryone]));
    expect(await seenBy(hr, 'NT')).not.toContain(toHz);
  });
});
