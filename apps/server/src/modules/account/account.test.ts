// Sign-in, lockout, refresh rotation and theft detection, password change and one-time reset codes,
// through the API, each test on employees of its own.
import { randomInt } from 'node:crypto';
import { routes } from '@ess/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee } from '../../../test/factories';
import { createTestContext, DEMO_PASSWORD_HASH, type TestContext } from '../../../test/harness';
import { buildApp } from '../../app';
import { sha256Hex } from '../../lib/passwords';
import { createResetCode } from './service';

const MAX_FAILURES = 3;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    LOGIN_MAX_FAILURES: String(MAX_FAILURES),
    LOGIN_LOCK_MINUTES: '15',
    INITIAL_PASSWORD: 'init123456',
  });
});
afterAll(() => t.close());

const login = (userAccount: string, password = FACTORY_PASSWORD_HASH, isRemember = true) =>
  t.call(routes.checkLogin, { userAccount, password, isRemember });
const newEmployee = () => makeEmployee(t.database);
const LOCKED = '密码错误次数过多，账号已锁定，请 15 分钟后再试';

describe('Account/CheckLogin', () => {
  it('signs in with the demo account and answers tokens and the login user', async () => {
    const { status, body } = await login('100001', DEMO_PASSWORD_HASH);
    expect(status).toBe(200);
    expect(body.result).toBe(true);
    expect(body.data).toMatchObject({
      userAccount: '100001',
      userName: '张伟',
      baseBu: 'NT',
      deptName: '总装车间',
      titleName: '操作工',
    });
    expect(body.data.token.split('.')).toHaveLength(3);
    expect(body.data.refreshToken.length).toBeGreaterThan(30);
  });

  it('refuses a wrong password with a text that does not tell whether the account exists', async () => {
    const { empNo } = await newEmployee();
    const wrong = await login(empNo, sha256Hex('wrong'));
    const unknown = await login('no-such-account-1', sha256Hex('wrong'));
    expect(wrong.body).toEqual({ result: false, msg: '账号或密码错误', data: null });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a password that is not a SHA-256 hex with a clear message', async () => {
    const { status, body } = await t.call(routes.checkLogin, { userAccount: '100001', password: 'demo1234' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ result: false, msg: '密码格式无效' });
  });

  it('locks a real and an unknown account at the same attempt, even for the right password', async () => {
    const { empNo } = await newEmployee();
    for (const account of [empNo, 'no-such-account-2']) {
      for (let attempt = 1; attempt < MAX_FAILURES; attempt++) {
        expect((await login(account, sha256Hex('bad'))).body.msg, `${account} #${attempt}`).toBe('账号或密码错误');
      }
      expect((await login(account, sha256Hex('bad'))).body.msg, account).toBe(LOCKED);
      expect((await login(account, sha256Hex('bad'))).body.msg, account).toBe(LOCKED);
    }
    const right = await login(empNo);
    expect(right.body).toEqual({ result: false, msg: LOCKED, data: null });
  });

  it('keeps the counters in the database: another instance (or a restart) continues the count', async () => {
    const other = await buildApp({ config: t.config, database: t.database });
    try {
      for (const account of [(await newEmployee()).empNo, 'no-such-account-3']) {
        for (let attempt = 1; attempt < MAX_FAILURES; attempt++) await login(account, sha256Hex('bad'));
        const onOther = await other.inject({
          method: 'POST',
          url: '/api/Account/CheckLogin',
          payload: { userAccount: account, password: sha256Hex('bad') },
        });
        expect(onOther.json().msg, account).toBe(LOCKED);
      }
    } finally {
      await other.close();
    }
  });

  it('lets the right password in once the lock has run out, and forgets the failures', async () => {
    const { empNo } = await newEmployee();
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) await login(empNo, sha256Hex('bad'));
    expect((await login(empNo)).body.msg).toBe(LOCKED);
    // Fifteen minutes later:
    await t.database.pool.query(
      "update login_failures set locked_until = now() - interval '1 second' where account = $1",
      [empNo],
    );
    expect((await login(empNo)).body.result).toBe(true);
    expect((await t.database.pool.query('select 1 from login_failures where account = $1', [empNo])).rowCount).toBe(0);
  });

  it('refuses control characters in the account with a Chinese message, changing nothing', async () => {
    for (const userAccount of ['1000\u000001', '100001\u0007', '\u001b[2J']) {
      const { status, body } = await t.call(routes.checkLogin, { userAccount, password: DEMO_PASSWORD_HASH });
      expect(status).toBe(200);
      expect(body).toEqual({ result: false, msg: '账号不能包含控制字符', data: null });
    }
  });

  it('limits sign-in attempts per IP', async () => {
    const limited = await createTestContext({ LOGIN_RATE_LIMIT: '2' });
    try {
      const attempt = () => limited.call(routes.checkLogin, { userAccount: '100001', password: DEMO_PASSWORD_HASH });
      expect((await attempt()).body.result).toBe(true);
      expect((await attempt()).body.result).toBe(true);
      expect((await attempt()).body).toEqual({ result: false, msg: '登录尝试过于频繁，请稍后再试', data: null });
    } finally {
      await limited.close();
    }
  });
});

describe('the per-IP sign-in limit across instances', () => {
  /** A second app on the same database with its own Redis connection, as another server instance. */
  const withInstances = async (
    { redisUrl, isReachable }: { redisUrl: string; isReachable: boolean },
    run: (attemptOn: (instance: number) => Promise<string>) => Promise<void>,
  ) => {
    const config = { ...t.config, LOGIN_RATE_LIMIT: 2, TRUST_PROXY: 'true' as const };
    const clients = [0, 1].map(() => new Redis(redisUrl, { maxRetriesPerRequest: 0, enableOfflineQueue: false }));
    for (const client of clients) client.on('error', () => {});
    // Commands sent before the connection is up would fail, and a failed count lets the sign-in through.
    if (isReachable)
      await Promise.all(clients.map((client) => new Promise((resolve) => client.once('ready', resolve))));
    const apps = await Promise.all(clients.map((redis) => buildApp({ config, database: t.database, redis })));
    // A fresh address per run: counters of earlier runs in the same minute stay out of it.
    const ip = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
    try {
      await run(async (instance) => {
        const app = apps[instance] as FastifyInstance;
        const response = await app.inject({
          method: 'POST',
          url: '/api/Account/CheckLogin',
          headers: { 'x-forwarded-for': ip },
          payload: { userAccount: '100001', password: DEMO_PASSWORD_HASH },
        });
        return response.json().msg;
      });
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      for (const client of clients) client.disconnect();
    }
  };

  // Redis is optional for users; CI sets TEST_REDIS_URL to prove the shared path.
  it.skipIf(!process.env.TEST_REDIS_URL)('counts one limit for all instances through Redis', async () => {
    await withInstances({ redisUrl: process.env.TEST_REDIS_URL ?? '', isReachable: true }, async (attemptOn) => {
      expect([await attemptOn(0), await attemptOn(1)]).toEqual(['登录成功', '登录成功']);
      expect(await attemptOn(0)).toBe('登录尝试过于频繁，请稍后再试');
      expect(await attemptOn(1)).toBe('登录尝试过于频繁，请稍后再试');
    });
  });

  it('keeps sign-in working while Redis is unreachable (the account lockout lives in the database)', async () => {
    await withInstances({ redisUrl: 'redis://127.0.0.1:1', isReachable: false }, async (attemptOn) => {
      expect(await attemptOn(0)).toBe('登录成功');
    });
  });
});

describe('Account/RefreshToken', () => {
  const refresh = (refreshToken: string) => t.call(routes.refreshToken, { refreshToken });

  it('rotates: the new pair works and the old token alone no longer does', async () => {
    const { empNo } = await newEmployee();
    const first = (await login(empNo)).body.data;
    const second = await refresh(first.refreshToken);
    expect(second.body.result).toBe(true);
    expect(second.body.data.refreshToken).not.toBe(first.refreshToken);
    const profile = await t.call(routes.checkUserToken, {}, second.body.data.token);
    expect(profile.body.data.userAccount).toBe(empNo);
    const third = await refresh(second.body.data.refreshToken);
    expect(third.body.result).toBe(true);
    // The first token's successor has been used: a copy of the first is now a second copy in use.
    expect((await refresh(first.refreshToken)).body.result).toBe(false);
  });

  it('answers again when the answer of a rotation was lost, and the lost successor no longer works', async () => {
    const { empNo } = await newEmployee();
    const held = (await login(empNo)).body.data.refreshToken;
    const lost = (await refresh(held)).body.data.refreshToken; // the phone never received this answer
    const again = await refresh(held);
    expect(again.body.result).toBe(true);
    expect((await refresh(again.body.data.refreshToken)).body.result).toBe(true);
    // The answer that was lost, found and played later by someone else, is a second copy: the family ends.
    expect((await refresh(lost)).body.result).toBe(false);
  });

  it('takes a rotated token used again after its successor for theft and ends the whole family', async () => {
    const { empNo, id } = await newEmployee();
    const stolen = (await login(empNo)).body.data.refreshToken;
    const successor = (await refresh(stolen)).body.data.refreshToken;
    const current = (await refresh(successor)).body.data.refreshToken;
    const otherDevice = (await login(empNo)).body.data.refreshToken;
    expect((await refresh(stolen)).body).toEqual({ result: false, msg: '登录已过期,请重新登录', data: null });
    expect((await refresh(current)).body.result).toBe(false);
    // Another sign-in is another family.
    expect((await refresh(otherDevice)).body.result).toBe(true);
    const audit = await t.database.pool.query(
      "select 1 from audit_log where action = 'session.refresh-token-replayed' and subject_id = $1",
      [String(id)],
    );
    expect(audit.rowCount).toBe(1);
  });

  it('refuses an unknown or empty refresh token', async () => {
    expect((await refresh('nope')).body.result).toBe(false);
    expect((await refresh('')).body).toMatchObject({ result: false, msg: '缺少刷新令牌' });
  });

  it('refuses a refresh token revoked by logout', async () => {
    const { empNo } = await newEmployee();
    const session = (await login(empNo)).body.data;
    await t.call(routes.logout, { refreshToken: session.refreshToken });
    expect((await refresh(session.refreshToken)).body.result).toBe(false);
  });
});

describe('Account/CheckUserToken', () => {
  it("answers the token's own profile", async () => {
    const token = await t.login('100001');
    const { body } = await t.call(routes.checkUserToken, {}, token);
    expect(body.data).toMatchObject({ userAccount: '100001', appReadStatus: 'N', mustChangePassword: false });
    expect(body.data.empEnterDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('Account/SetLargeText (长辈版)', () => {
  it('is kept for the employee, so a sign-in on another phone has it, and never touches anyone else', async () => {
    const worker = await makeEmployee(t.database, { largeText: null });
    const colleague = await makeEmployee(t.database, { largeText: null });
    const profileOf = async (token: string) => (await t.call(routes.checkUserToken, {}, token)).body.data;
    const firstPhone = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
    // Never offered yet: the app offers it.
    expect((await profileOf(firstPhone)).largeText).toBeNull();
    expect((await t.call(routes.setLargeText, { largeText: true }, firstPhone)).body).toMatchObject({
      result: true,
      msg: '已开启长辈版',
    });
    const secondPhone = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
    expect((await profileOf(secondPhone)).largeText).toBe(true);
    expect((await profileOf(await t.login(colleague.empNo, FACTORY_PASSWORD_HASH))).largeText).toBeNull();

    expect((await t.call(routes.setLargeText, { largeText: false }, secondPhone)).body.msg).toBe('已切换为标准版');
    expect((await profileOf(firstPhone)).largeText).toBe(false);
    // A value that is not on or off changes nothing; nobody signed out may set it.
    expect((await t.call(routes.setLargeText, { largeText: 'yes' }, firstPhone)).body).toMatchObject({
      result: false,
      msg: '“长辈版”应为开或关',
    });
    expect((await profileOf(firstPhone)).largeText).toBe(false);
    expect((await t.call(routes.setLargeText, { largeText: true })).status).toBe(401);
  });
});

describe('Account/ChangePwd', () => {
  it('needs the old password and then ends every session', async () => {
    const { empNo, id } = await newEmployee();
    const session = (await login(empNo)).body.data;
    const other = (await login(empNo)).body.data;
    const wrongOld = await t.call(
      routes.changePwd,
      { oldPwd: sha256Hex('nope'), newPwd: sha256Hex('n3w-pass') },
      session.token,
    );
    expect(wrongOld.body).toMatchObject({ result: false, msg: '原密码错误' });

    const changed = await t.call(
      routes.changePwd,
      { oldPwd: FACTORY_PASSWORD_HASH, newPwd: sha256Hex('n3w-pass') },
      session.token,
    );
    expect(changed.body).toMatchObject({ result: true, msg: '修改成功' });

    expect((await t.call(routes.refreshToken, { refreshToken: other.refreshToken })).body.result).toBe(false);
    expect((await t.call(routes.checkUserToken, {}, other.token)).status).toBe(401);
    expect((await t.call(routes.checkUserToken, {}, session.token)).status).toBe(401);
    expect((await login(empNo)).body.result).toBe(false);
    expect((await login(empNo, sha256Hex('n3w-pass'))).body.result).toBe(true);
    const audit = await t.database.pool.query(
      "select actor_id, after from audit_log where action = 'password.change' and subject_id = $1",
      [String(id)],
    );
    expect(audit.rows).toEqual([{ actor_id: id, after: { mustChangePassword: false } }]);
  });

  it('ends a token issued in the same instant as the change, and keeps the one issued after it', async () => {
    const { empNo } = await newEmployee();
    // The clock stands still: both tokens carry the same issue time, only their epochs differ.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Math.floor(Date.now() / 1000) * 1000);
      const before = (await login(empNo)).body.data.token;
      const changed = await t.call(
        routes.changePwd,
        { oldPwd: FACTORY_PASSWORD_HASH, newPwd: sha256Hex('same-second') },
        before,
      );
      expect(changed.body.result).toBe(true);
      const after = (await login(empNo, sha256Hex('same-second'))).body.data.token;
      const issuedAt = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()).iat;
      expect(issuedAt(after)).toBe(issuedAt(before));
      expect((await t.call(routes.checkUserToken, {}, before)).status).toBe(401);
      expect((await t.call(routes.checkUserToken, {}, after)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a new password equal to the old one', async () => {
    const { empNo } = await newEmployee();
    const token = await t.login(empNo, FACTORY_PASSWORD_HASH);
    const same = await t.call(
      routes.changePwd,
      { oldPwd: FACTORY_PASSWORD_HASH, newPwd: FACTORY_PASSWORD_HASH },
      token,
    );
    expect(same.body).toMatchObject({ result: false, msg: '新密码不能与原密码相同' });
  });
});

describe('Account/ResetPassword', () => {
  it('works once: the password returns to the initial one, which must be changed', async () => {
    const { empNo } = await newEmployee();
    const { code } = await createResetCode(t.database.db, empNo);
    const reset = await t.call(routes.resetPassword, { code });
    // The page that took the code tells the worker what to sign in with.
    expect(reset.body).toMatchObject({
      result: true,
      msg: '密码已重置，请关闭本页面',
      data: { empNo, initialPassword: 'init123456' },
    });
    const again = await t.call(routes.resetPassword, { code });
    expect(again.body.result).toBe(false);
    expect((await login(empNo)).body.result).toBe(false);
    const initial = await login(empNo, sha256Hex('init123456'));
    expect(initial.body.result).toBe(true);
    const profile = await t.call(routes.checkUserToken, {}, initial.body.data.token);
    expect(profile.body.data.mustChangePassword).toBe(true);
  });

  it('refuses an expired or unknown code', async () => {
    const { empNo, id } = await newEmployee();
    const { code } = await createResetCode(t.database.db, empNo);
    // A day later:
    await t.database.pool.query(
      "update reset_codes set expires_at = now() - interval '1 second' where employee_id = $1",
      [id],
    );
    expect((await t.call(routes.resetPassword, { code })).body.result).toBe(false);
    expect((await t.call(routes.resetPassword, { code: 'made-up' })).body.result).toBe(false);
    expect((await login(empNo)).body.result).toBe(true);
  });
});

describe('the plants a caller administers', () => {
  it('are every plant for the all-plant HR admin, NT for the NT clerk, none for an employee or a bare admin role', async () => {
    const { loadCallerAccess } = await import('./service');
    const idOf = async (empNo: string) =>
      (await t.database.pool.query<{ id: number }>('select id from employees where emp_no = $1', [empNo])).rows[0]
        ?.id as number;
    expect([...((await loadCallerAccess(t.database.db, await idOf('900001')))?.adminPlants ?? [])].sort()).toEqual([
      'AQ',
      'BJ',
      'GT',
      'HZ',
      'JY',
      'LZ',
      'NT',
      'NY',
    ]);
    expect([...((await loadCallerAccess(t.database.db, await idOf('900002')))?.adminPlants ?? [])]).toEqual(['NT']);
    expect((await loadCallerAccess(t.database.db, await idOf('100001')))?.adminPlants.size).toBe(0);
    // Plants listed for someone who no longer holds the role count for nothing.
    const former = await makeEmployee(t.database);
    await t.database.pool.query("insert into admin_plants (employee_id, bu) values ($1, 'HZ')", [former.id]);
    expect((await loadCallerAccess(t.database.db, former.id))?.adminPlants.size).toBe(0);
    const sysAdmin = await makeEmployee(t.database, { roles: ['Employee', 'SysAdmin'] });
    expect((await loadCallerAccess(t.database.db, sysAdmin.id))?.adminPlants.size).toBe(8);
  });
});
