// Sign-in, lockout, refresh rotation, password change and one-time reset codes, through the API.
import { routes } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO_PASSWORD_HASH, type TestContext } from '../../../test/harness';
import { sha256Hex } from '../../http/passwords';
import { createResetCode } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_MINUTES: '15', INITIAL_PASSWORD: 'init123456' });
});
afterAll(() => t.close());

const login = (userAccount: string, password = DEMO_PASSWORD_HASH, isRemember = true) =>
  t.call(routes.checkLogin, { userAccount, password, isRemember });

describe('Account/CheckLogin', () => {
  it('signs in with the demo account and answers tokens and the login user', async () => {
    const { status, body } = await login('100001');
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
    const wrong = await login('100003', sha256Hex('wrong'));
    const unknown = await login('999999', sha256Hex('wrong'));
    expect(wrong.body).toEqual({ result: false, msg: '账号或密码错误', data: null });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a password that is not a SHA-256 hex with a clear message', async () => {
    const { status, body } = await t.call(routes.checkLogin, { userAccount: '100001', password: 'demo1234' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ result: false, msg: '密码格式无效' });
  });

  it('locks the account after repeated failures, even for the right password, and unknown accounts alike', async () => {
    for (let i = 0; i < 2; i++) expect((await login('100004', sha256Hex('bad'))).body.msg).toBe('账号或密码错误');
    const third = await login('100004', sha256Hex('bad'));
    expect(third.body.msg).toContain('锁定');
    const right = await login('100004');
    expect(right.body.result).toBe(false);
    expect(right.body.msg).toContain('锁定');
    for (let i = 0; i < 3; i++) await login('888888', sha256Hex('bad'));
    expect((await login('888888', sha256Hex('bad'))).body.msg).toBe(right.body.msg);
    // Unlocking (time passing) lets the right password in again and clears the counter.
    await t.database.pool.query(
      "update employees set locked_until = now() - interval '1 minute' where emp_no = '100004'",
    );
    expect((await login('100004')).body.result).toBe(true);
  });

  it('limits sign-in attempts per IP', async () => {
    const limited = await createTestContext({ LOGIN_RATE_LIMIT: '2' });
    try {
      const attempt = () => limited.call(routes.checkLogin, { userAccount: '100001', password: DEMO_PASSWORD_HASH });
      expect((await attempt()).body.result).toBe(true);
      expect((await attempt()).body.result).toBe(true);
      expect((await attempt()).body).toMatchObject({ result: false, msg: '登录尝试过于频繁,请稍后再试' });
    } finally {
      await limited.close();
    }
  });
});

describe('Account/RefreshToken', () => {
  it('rotates: the new pair works, the old refresh token is refused', async () => {
    const first = (await login('100005')).body.data;
    const second = await t.call(routes.refreshToken, { refreshToken: first.refreshToken });
    expect(second.body.result).toBe(true);
    expect(second.body.data.refreshToken).not.toBe(first.refreshToken);
    const profile = await t.call(routes.checkUserToken, {}, second.body.data.token);
    expect(profile.body.data.userAccount).toBe('100005');
    const replay = await t.call(routes.refreshToken, { refreshToken: first.refreshToken });
    expect(replay.body).toMatchObject({ result: false });
    const third = await t.call(routes.refreshToken, { refreshToken: second.body.data.refreshToken });
    expect(third.body.result).toBe(true);
  });

  it('refuses an unknown or empty refresh token', async () => {
    expect((await t.call(routes.refreshToken, { refreshToken: 'nope' })).body.result).toBe(false);
    expect((await t.call(routes.refreshToken, { refreshToken: '' })).body).toMatchObject({
      result: false,
      msg: '缺少刷新令牌',
    });
  });

  it('refuses a refresh token revoked by logout', async () => {
    const session = (await login('100006')).body.data;
    await t.call(routes.logout, { refreshToken: session.refreshToken });
    expect((await t.call(routes.refreshToken, { refreshToken: session.refreshToken })).body.result).toBe(false);
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

describe('Account/ChangePwd', () => {
  it('needs the old password and then ends every session', async () => {
    const session = (await login('100007')).body.data;
    const other = (await login('100007')).body.data;
    const wrongOld = await t.call(
      routes.changePwd,
      { oldPwd: sha256Hex('nope'), newPwd: sha256Hex('n3w-pass') },
      session.token,
    );
    expect(wrongOld.body).toMatchObject({ result: false, msg: '原密码错误' });

    // Access tokens issued in an earlier second than the change stop working.
    await t.database.pool.query(
      "update employees set sessions_valid_from = now() - interval '10 seconds' where emp_no = '100007'",
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const changed = await t.call(
      routes.changePwd,
      { oldPwd: DEMO_PASSWORD_HASH, newPwd: sha256Hex('n3w-pass') },
      session.token,
    );
    expect(changed.body).toMatchObject({ result: true, msg: '修改成功' });

    expect((await t.call(routes.refreshToken, { refreshToken: other.refreshToken })).body.result).toBe(false);
    expect((await t.call(routes.checkUserToken, {}, other.token)).status).toBe(401);
    expect((await login('100007')).body.result).toBe(false);
    expect((await login('100007', sha256Hex('n3w-pass'))).body.result).toBe(true);
  });

  it('refuses a new password equal to the old one', async () => {
    const token = await t.login('100008');
    const same = await t.call(routes.changePwd, { oldPwd: DEMO_PASSWORD_HASH, newPwd: DEMO_PASSWORD_HASH }, token);
    expect(same.body).toMatchObject({ result: false, msg: '新密码不能与原密码相同' });
  });
});

describe('Account/ResetPassword', () => {
  it('works once: the password returns to the initial one, which must be changed', async () => {
    const { code } = await createResetCode(t.database.db, '100009');
    const reset = await t.call(routes.resetPassword, { code });
    expect(reset.body).toMatchObject({ result: true, msg: '密码已重置,请关闭本页面' });
    const again = await t.call(routes.resetPassword, { code });
    expect(again.body.result).toBe(false);
    expect((await login('100009')).body.result).toBe(false);
    const initial = await login('100009', sha256Hex('init123456'));
    expect(initial.body.result).toBe(true);
    const profile = await t.call(routes.checkUserToken, {}, initial.body.data.token);
    expect(profile.body.data.mustChangePassword).toBe(true);
  });

  it('refuses an expired or unknown code', async () => {
    const { code } = await createResetCode(t.database.db, '100010');
    await t.database.pool.query("update reset_codes set expires_at = now() - interval '1 second'");
    expect((await t.call(routes.resetPassword, { code })).body.result).toBe(false);
    expect((await t.call(routes.resetPassword, { code: 'made-up' })).body.result).toBe(false);
    expect((await login('100010')).body.result).toBe(true);
  });
});
