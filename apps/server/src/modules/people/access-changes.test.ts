// Changes of roles and menus reach open sessions at once through the real server: the next call of a holder after
// People/SetRoleMenus or People/SetRoles is decided on the new access (no 30 s of the old), their open app is told
// to re-read its menus, and — on the real Redis — the same holds on another instance sharing the database.
import { routes } from '@ess/contract';
import { type ServerMessage, WS_CLOSE } from '@ess/contract/realtime-protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { FACTORY_PASSWORD_HASH, makeEmployee, makeRole, TINY_PNG } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { TEST_REDIS_URL, useTwoInstances } from '../../../test/two-instances';
import { uploadFile } from '../../../test/uploads';

let t: TestContext;
let sysAdmin: string;
beforeAll(async () => {
  t = await createTestContext();
  const admin = await makeEmployee(t.database, { roles: ['Employee', 'SysAdmin'] });
  sysAdmin = await t.login(admin.empNo, FACTORY_PASSWORD_HASH);
});
afterAll(() => t.close());

const FORBIDDEN = { result: false, msg: '权限不足', data: null };

type Client = { socket: WebSocket; received: ServerMessage[]; closed: Promise<number> };

const connect = async (app: FastifyInstance, token: string): Promise<Client> => {
  const socket: WebSocket = await app.injectWS('/ws');
  const received: ServerMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString()) as ServerMessage));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.send(JSON.stringify({ type: 'AUTH', token }));
  await expect.poll(() => received.some((message) => message.type === 'AUTH_OK')).toBe(true);
  return { socket, received, closed };
};

const menuPushes = (client: Client) =>
  client.received.filter((message) => message.type === 'NOTIFY' && message.kind === 'menus').length;

/** A call on the given instance, as the test context's `call` makes it on its own. */
const callOn = async (app: FastifyInstance, path: string, body: Record<string, unknown>, token: string) => {
  const response = await app.inject({ method: 'POST', url: `/api/${path}`, headers: { token }, payload: body });
  return { status: response.statusCode, body: response.json() };
};

/** Someone whose only role holds 我的考勤 (M03), signed in. */
const attendanceHolder = async () => {
  const role = await makeRole(t.database, { menuCodes: ['M03'] });
  const roleId = (await t.database.pool.query<{ id: number }>('select id from roles where name = $1', [role])).rows[0]
    ?.id as number;
  const holder = await makeEmployee(t.database, { roles: [role] });
  return { roleId, token: await t.login(holder.empNo, FACTORY_PASSWORD_HASH) };
};

/** An HRAdmin of NT granted by the SysAdmin, signed in. */
const plantClerk = async () => {
  const clerk = await makeEmployee(t.database, { plant: 'NT' });
  const granted = await t.call(
    routes.setPersonRoles,
    { id: clerk.id, roles: ['HRAdmin'], adminPlants: ['NT'] },
    sysAdmin,
  );
  expect(granted.body.result).toBe(true);
  return { id: clerk.id, token: await t.login(clerk.empNo, FACTORY_PASSWORD_HASH) };
};

const attendance = routes.getAttRecordByEmpNo.path;
const people = routes.searchPeople.path;

describe('on one instance', () => {
  it('refuses a holder the next call of a menu their role lost, and serves it again as soon as it is back', async () => {
    const { roleId, token } = await attendanceHolder();
    const app = await connect(t.app, token);
    const bystander = await connect(t.app, (await attendanceHolder()).token);
    // The holder's access is remembered by now.
    expect((await t.call(routes.getAttRecordByEmpNo, {}, token)).body.result).toBe(true);

    expect((await t.call(routes.setRoleMenus, { roleId, menuCodes: [] }, sysAdmin)).body.result).toBe(true);
    const refused = await t.call(routes.getAttRecordByEmpNo, {}, token);
    expect(refused).toEqual({ status: 403, body: FORBIDDEN });
    expect((await t.call(routes.getMenuList, {}, token)).body.data).toEqual([]);
    // The holder's open app is told to re-read its menus; a holder of another role is not.
    await expect.poll(() => menuPushes(app)).toBe(1);
    bystander.socket.send(JSON.stringify({ type: 'PING' }));
    await expect.poll(() => bystander.received.some((message) => message.type === 'PONG')).toBe(true);
    expect(menuPushes(bystander)).toBe(0);

    expect((await t.call(routes.setRoleMenus, { roleId, menuCodes: ['M03'] }, sysAdmin)).body.result).toBe(true);
    expect((await t.call(routes.getAttRecordByEmpNo, {}, token)).body.result).toBe(true);
    await expect.poll(() => menuPushes(app)).toBe(2);
    app.socket.terminate();
    bystander.socket.terminate();
  });

  it('refuses the next console call of someone whose HRAdmin was taken', async () => {
    const clerk = await plantClerk();
    const app = await connect(t.app, clerk.token);
    expect((await t.call(routes.searchPeople, {}, clerk.token)).body.result).toBe(true);

    expect((await t.call(routes.setPersonRoles, { id: clerk.id, roles: [] }, sysAdmin)).body.result).toBe(true);
    expect(await t.call(routes.searchPeople, {}, clerk.token)).toEqual({ status: 403, body: FORBIDDEN });
    expect((await t.call(routes.getConsoleSession, {}, clerk.token)).body.data).toMatchObject({
      roles: ['Employee'],
      adminPlants: [],
    });
    await expect.poll(() => menuPushes(app)).toBe(1);
    app.socket.terminate();
  });
});

describe('the reviewers’ pushes', () => {
  it('stop at once for someone whose AppVerify was taken, and go on to the other reviewers', async () => {
    const setRoles = async (id: number, roles: string[]) =>
      expect((await t.call(routes.setPersonRoles, { id, roles }, sysAdmin)).body.result).toBe(true);
    const [former, reviewer] = [await makeEmployee(t.database), await makeEmployee(t.database)];
    await setRoles(former.id, ['AppVerify']);
    await setRoles(reviewer.id, ['AppVerify']);
    const reviewerToken = await t.login(reviewer.empNo, FACTORY_PASSWORD_HASH);
    const formerSocket = await connect(t.app, await t.login(former.empNo, FACTORY_PASSWORD_HASH));
    const reviewerSocket = await connect(t.app, reviewerToken);
    // Told to every holder of the role (change-request.submitted goes to the holders the database names).
    const decidedPushes = (client: Client) =>
      client.received.filter((message) => message.type === 'NOTIFY' && message.kind === 'change-request.decided')
        .length;
    /** A new worker sends a bank card for review; the reviewer rejects it. */
    const sendAndReject = async () => {
      const worker = await makeEmployee(t.database);
      const token = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
      const scan = await uploadFile(t.app, token, { upType: 'CARD', file: TINY_PNG });
      const sent = await callOn(
        t.app,
        'SystemNotice/ModifyNotice',
        {
          NoticeType: 'APP_EDIT_BANK',
          NoticeBody: { bank: { filePath: scan, bankNo: '6217001234567890122', bankName: '中国银行' } },
        },
        token,
      );
      expect(sent.body.result).toBe(true);
      const { rows } = await t.database.pool.query<{ id: number }>(
        'select id from change_requests where employee_id = $1',
        [worker.id],
      );
      const rejected = await t.call(routes.rejectChange, { id: rows[0]?.id, reason: '照片不清晰' }, reviewerToken);
      expect(rejected.body.result).toBe(true);
    };

    // Both hold the role: both hear of a decision.
    await sendAndReject();
    await expect.poll(() => decidedPushes(reviewerSocket)).toBe(1);
    await expect.poll(() => decidedPushes(formerSocket)).toBe(1);

    await setRoles(former.id, []);
    await sendAndReject();
    await expect.poll(() => decidedPushes(reviewerSocket)).toBe(2);
    // The former reviewer's socket is still open (a ping is answered) but no longer hears the reviewers' pushes.
    formerSocket.socket.send(JSON.stringify({ type: 'PING' }));
    await expect.poll(() => formerSocket.received.some((message) => message.type === 'PONG')).toBe(true);
    expect(decidedPushes(formerSocket)).toBe(1);
    formerSocket.socket.terminate();
    reviewerSocket.socket.terminate();
  });
});

describe.skipIf(!TEST_REDIS_URL)('on two server instances sharing the database and Redis', () => {
  const instances = useTwoInstances(() => t);

  // The push reaches the other instance through Redis; its token checks heard the same message just before.
  it('takes a menu from a role on one and refuses its holder on the other, then gives it back', async () => {
    const { roleId, token } = await attendanceHolder();
    const app = await connect(instances.second, token);
    expect((await callOn(instances.second, attendance, {}, token)).body.result).toBe(true);

    const taken = await callOn(instances.first, routes.setRoleMenus.path, { roleId, menuCodes: [] }, sysAdmin);
    expect(taken.body.result).toBe(true);
    await expect.poll(() => menuPushes(app)).toBe(1);
    expect(await callOn(instances.second, attendance, {}, token)).toEqual({ status: 403, body: FORBIDDEN });

    const given = await callOn(instances.first, routes.setRoleMenus.path, { roleId, menuCodes: ['M03'] }, sysAdmin);
    expect(given.body.result).toBe(true);
    await expect.poll(() => menuPushes(app)).toBe(2);
    expect((await callOn(instances.second, attendance, {}, token)).body.result).toBe(true);
    app.socket.terminate();
  });

  it('takes HRAdmin on one and refuses the console call on the other', async () => {
    const clerk = await plantClerk();
    const app = await connect(instances.second, clerk.token);
    expect((await callOn(instances.second, people, {}, clerk.token)).body.result).toBe(true);

    const taken = await callOn(instances.first, routes.setPersonRoles.path, { id: clerk.id, roles: [] }, sysAdmin);
    expect(taken.body.result).toBe(true);
    await expect.poll(() => menuPushes(app)).toBe(1);
    expect(await callOn(instances.second, people, {}, clerk.token)).toEqual({ status: 403, body: FORBIDDEN });
    app.socket.terminate();
  });

  it('marks someone as left on one and refuses their open token on the other', async () => {
    const clerk = await plantClerk();
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    const token = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
    const app = await connect(instances.second, token);
    expect((await callOn(instances.second, routes.checkUserToken.path, {}, token)).status).toBe(200);

    const left = await callOn(
      instances.first,
      routes.markPersonLeft.path,
      { id: worker.id, leftOn: '2026-02-28' },
      clerk.token,
    );
    expect(left.body.result).toBe(true);
    expect(await app.closed).toBe(WS_CLOSE.ACCOUNT_DISABLED);
    expect((await callOn(instances.second, routes.checkUserToken.path, {}, token)).status).toBe(401);
  });
});
