// Silent sign-in inside WeCom against a fake WeCom that answers as the documented API does: the round trip through
// the authorize page lands signed in on the page the link named; the callback called twice with its code signs in
// again without a second exchange; another code under a used state, a state not of this browser, a forged code, a
// leaver and someone outside the corporation are sent to the sign-in page saying why; the page to open is always
// one of the app's; an access token WeCom says has expired is fetched again once; and a page opened in WeCom without
// a session goes to the silent sign-in first.
import { routes } from '@ess/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee } from '../../../test/factories';
import { type FakeWechat, startFakeWechat } from '../../../test/fake-wechat';
import { createTestContext, type TestContext } from '../../../test/harness';
import type { Config } from '../../config';
import { safeNext } from './oauth';
import { silentSignInRedirect } from './routes';

const WECOM_UA =
  'Mozilla/5.0 (Linux; Android 12; M2012K11AC) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0 Mobile Safari/537.36 wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh ColorScheme/Light';
const WECOM_ENV = { WECOM_CORP_ID: 'ww-test-corp', WECOM_CORP_SECRET: 'corp-secret', WECOM_AGENT_ID: '1000002' };
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 12; M2012K11AC) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';
const WECHAT_ENV = { WECHAT_APP_ID: 'wx-test-app', WECHAT_APP_SECRET: 'app-secret' };

let fake: FakeWechat;
let t: TestContext;
beforeAll(async () => {
  fake = await startFakeWechat({ delayMs: 5 });
  t = await createTestContext({
    ...WECOM_ENV,
    ...WECHAT_ENV,
    WECHAT_API_BASE: fake.url,
    WECOM_API_BASE: fake.url,
    WECOM_OAUTH_BASE: fake.url,
    WECHAT_TIMEOUT_MS: '2000',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  for (const key of Object.keys(fake.counts)) delete fake.counts[key];
});

type Hop = { status: number; location: string; cookies: string[] };
const get = async (url: string, cookie = '', userAgent = WECOM_UA): Promise<Hop> => {
  const answer = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent, cookie } });
  const setCookie = answer.headers['set-cookie'];
  return {
    status: answer.statusCode,
    location: String(answer.headers.location ?? ''),
    cookies: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
  };
};
const cookieValue = (hop: Hop, name: string) =>
  hop.cookies
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1) ?? '';

/** The server's first hop: the platform's authorize page, with the state and the browser's cookie for it. */
const begin = async (next: string, userAgent = WECOM_UA) => {
  const hop = await get(`/api/Wechat/OAuth?${new URLSearchParams({ next })}`, '', userAgent);
  expect(hop.status).toBe(302);
  const authorize = new URL(hop.location);
  return { authorize, nonce: cookieValue(hop, 'ess_oauth') };
};
/** WeCom's authorize page, as the phone's browser follows it: straight back to the callback with a code. */
const throughWeCom = async (authorize: URL) => {
  const answer = await fetch(authorize, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location') as string);
  return `${back.pathname}${back.search}`;
};
const profileOf = async (hop: Hop) =>
  (await t.call(routes.checkUserToken, {}, cookieValue(hop, 'ess_token'))).body.data as { userAccount: string };

describe('signing in inside WeCom', () => {
  it('lands signed in on the page the link named, and a second call of the callback signs in again', async () => {
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    fake.signInAs({ userid: worker.empNo });
    const { authorize, nonce } = await begin('/salary/my-salary?month=2026-10');
    expect(nonce).not.toBe('');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/connect/oauth2/authorize`);
    expect(authorize.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      appid: 'ww-test-corp',
      redirect_uri: 'http://localhost:80/api/Wechat/OAuthCallback',
      response_type: 'code',
      scope: 'snsapi_base',
      state: nonce,
      agentid: '1000002',
    });
    const callback = await throughWeCom(authorize);
    const landed = await get(callback, `ess_oauth=${nonce}`);
    expect(landed).toMatchObject({ status: 302, location: '/salary/my-salary?month=2026-10' });
    expect(await profileOf(landed)).toMatchObject({ userAccount: worker.empNo });
    expect(decodeURIComponent(cookieValue(landed, 'ess_user'))).toContain(`"userAccount":"${worker.empNo}"`);
    // The web app reads these cookies itself: not HttpOnly, the whole site's.
    expect(landed.cookies.find((cookie) => cookie.startsWith('ess_token='))).toMatch(
      /Path=\/; Max-Age=7200; SameSite=Lax$/,
    );
    expect(fake.counts['/cgi-bin/auth/getuserinfo']).toBe(1);

    // WeChat may call the callback twice: the same code under the same state signs in again, WeCom not asked again.
    const again = await get(callback, `ess_oauth=${nonce}`);
    expect(again).toMatchObject({ status: 302, location: '/salary/my-salary?month=2026-10' });
    expect(await profileOf(again)).toMatchObject({ userAccount: worker.empNo });
    expect(fake.counts['/cgi-bin/auth/getuserinfo']).toBe(1);

    // Another code under the used state is refused.
    const replayed = await get(
      `/api/Wechat/OAuthCallback?${new URLSearchParams({ code: fake.issueCode(), state: nonce })}`,
      `ess_oauth=${nonce}`,
    );
    expect(replayed).toMatchObject({
      status: 302,
      location: '/login?notice=wecom-failed&redirect=%2Fsalary%2Fmy-salary%3Fmonth%3D2026-10',
    });
    expect(cookieValue(replayed, 'ess_token')).toBe('');
    expect(cookieValue(replayed, 'ess_oauth_tried')).toBe('1');
  });

  it('answers two callbacks with the same code at once with one exchange, both signed in', async () => {
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    fake.signInAs({ userid: worker.empNo });
    const { authorize, nonce } = await begin('/home');
    const callback = await throughWeCom(authorize);
    const [first, second] = await Promise.all([
      get(callback, `ess_oauth=${nonce}`),
      get(callback, `ess_oauth=${nonce}`),
    ]);
    expect([first.location, second.location]).toEqual(['/home', '/home']);
    expect(await profileOf(first)).toMatchObject({ userAccount: worker.empNo });
    expect(await profileOf(second)).toMatchObject({ userAccount: worker.empNo });
    expect(fake.counts['/cgi-bin/auth/getuserinfo']).toBe(1);
  });

  it('refuses a state not of this browser, a forged code, a leaver and someone outside the corporation', async () => {
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    fake.signInAs({ userid: worker.empNo });
    const refusal = async (cookieOf: (nonce: string) => string, callbackOf: (callback: string) => string) => {
      const { authorize, nonce } = await begin('/train/learn-list');
      return get(callbackOf(await throughWeCom(authorize)), cookieOf(nonce));
    };
    const withOwnCookie = (nonce: string) => `ess_oauth=${nonce}`;
    // Another browser's state (no cookie, or another nonce in it): the link was passed on, not opened here.
    expect(
      await refusal(
        () => '',
        (callback) => callback,
      ),
    ).toMatchObject({
      location: '/login?notice=wecom-failed&redirect=%2Ftrain%2Flearn-list',
    });
    expect(
      await refusal(
        () => 'ess_oauth=someone-elses',
        (callback) => callback,
      ),
    ).toMatchObject({
      location: '/login?notice=wecom-failed&redirect=%2Ftrain%2Flearn-list',
    });
    // A forged code: WeCom answers 40029.
    const forged = await refusal(withOwnCookie, (callback) => callback.replace(/code=[^&]+/, 'code=forged-code'));
    expect(forged.location).toBe('/login?notice=wecom-failed&redirect=%2Ftrain%2Flearn-list');
    expect(cookieValue(forged, 'ess_token')).toBe('');
    // A leaver: the binding stops working the day they leave.
    const leaver = await makeEmployee(t.database, { plant: 'NT' });
    await t.database.pool.query('update employees set left_on = current_date where id = $1', [leaver.id]);
    fake.signInAs({ userid: leaver.empNo });
    expect((await refusal(withOwnCookie, (callback) => callback)).location).toBe(
      '/login?notice=account-left&redirect=%2Ftrain%2Flearn-list',
    );
    // A WeCom user no employee has the number of (bound at a password sign-in, below), and someone outside the
    // corporation (an openid only), who is no one of ours.
    fake.signInAs({ userid: 'zhangsan' });
    expect((await refusal(withOwnCookie, (callback) => callback)).location).toBe(
      '/login?notice=wecom-bind&redirect=%2Ftrain%2Flearn-list',
    );
    fake.signInAs({ openid: 'oAbCdEf' });
    expect((await refusal(withOwnCookie, (callback) => callback)).location).toBe(
      '/login?notice=wecom-unknown&redirect=%2Ftrain%2Flearn-list',
    );
  });

  it('opens only a page of the app, whatever the link says', async () => {
    expect(safeNext('/salary/my-salary?month=2026-10#top')).toBe('/salary/my-salary?month=2026-10#top');
    expect(safeNext('/user/我的')).toBe('/user/%E6%88%91%E7%9A%84');
    for (const foreign of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      '/%0d%0aSet-Cookie:x=1',
      'javascript:alert(1)',
      '/api/Account/GetProfile',
      '/login?redirect=//evil.example',
      '',
      undefined,
    ]) {
      const next = safeNext(foreign);
      expect(next === '/home' || next.startsWith('/%0')).toBe(true);
    }
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    fake.signInAs({ userid: worker.empNo });
    const { authorize, nonce } = await begin('//evil.example/steal');
    const landed = await get(await throughWeCom(authorize), `ess_oauth=${nonce}`);
    expect(landed.location).toBe('/home');
  });

  it('fetches the access token again once when WeCom says it has expired', async () => {
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    fake.signInAs({ userid: worker.empNo });
    const { rows } = await t.database.pool.query<{ value: string }>(
      "select value from wechat_tickets where name = 'wecom:token'",
    );
    const current = rows[0]?.value;
    if (current) fake.expireToken(current);
    else {
      // No token stored yet: one sign-in stores it, then WeCom expires it.
      const first = await begin('/home');
      await get(await throughWeCom(first.authorize), `ess_oauth=${first.nonce}`);
      const stored = await t.database.pool.query<{ value: string }>(
        "select value from wechat_tickets where name = 'wecom:token'",
      );
      fake.expireToken(stored.rows[0]?.value as string);
    }
    for (const key of Object.keys(fake.counts)) delete fake.counts[key];
    const { authorize, nonce } = await begin('/home');
    const landed = await get(await throughWeCom(authorize), `ess_oauth=${nonce}`);
    expect(landed.location).toBe('/home');
    expect(await profileOf(landed)).toMatchObject({ userAccount: worker.empNo });
    expect(fake.counts['/cgi-bin/gettoken']).toBe(1);
    expect(fake.counts['/cgi-bin/auth/getuserinfo']).toBe(2);
  });
});

describe('an account bound at the first password sign-in', () => {
  /** Signs in with the password in the same browser, its cookies sent along (the bind cookie among them). */
  const passwordSignIn = async (employee: { empNo: string }, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${routes.checkLogin.path}`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: { userAccount: employee.empNo, password: FACTORY_PASSWORD_HASH, isRemember: true },
    });
  /** Through the platform and back to the callback, in this browser. */
  const roundTrip = async (next: string, userAgent: string) => {
    const { authorize, nonce } = await begin(next, userAgent);
    return get(await throughWeCom(authorize), `ess_oauth=${nonce}`, userAgent);
  };
  const bindingsOf = async (employeeId: number) =>
    (
      await t.database.pool.query(
        'select platform, account_id as "accountId" from platform_accounts where employee_id = $1 order by platform',
        [employeeId],
      )
    ).rows;

  it("binds WeChat's openid to whoever signs in with a password right after, and signs them in silently after", async () => {
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    const openid = `o-${worker.empNo}`;
    fake.signInAs({ openid });
    const { authorize } = await begin('/salary/my-salary', WECHAT_UA);
    // The official account's page, its app id, no WeCom agent.
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ appid: 'wx-test-app', scope: 'snsapi_base' });
    expect(authorize.searchParams.has('agentid')).toBe(false);

    const first = await roundTrip('/salary/my-salary', WECHAT_UA);
    expect(first.location).toBe('/login?notice=wechat-bind&redirect=%2Fsalary%2Fmy-salary');
    const bind = cookieValue(first, 'ess_bind');
    expect(first.cookies.find((cookie) => cookie.startsWith('ess_bind='))).toMatch(
      /Path=\/api; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    const signedIn = await passwordSignIn(worker, `ess_bind=${bind}`);
    expect(signedIn.json()).toMatchObject({ result: true });
    expect(String(signedIn.headers['set-cookie'])).toMatch(/^ess_bind=; Path=\/api; Max-Age=0/);
    expect(await bindingsOf(worker.id)).toEqual([{ platform: 'wechat', accountId: openid }]);
    const { rows: audit } = await t.database.pool.query(
      "select actor_id, after from audit_log where action = 'platform-account.bind' and subject_id = $1",
      [String(worker.id)],
    );
    expect(audit).toEqual([{ actor_id: worker.id, after: { platform: 'wechat', accountId: openid } }]);

    // From now on WeChat signs them in without a password.
    const later = await roundTrip('/salary/my-salary', WECHAT_UA);
    expect(later.location).toBe('/salary/my-salary');
    expect(await profileOf(later)).toMatchObject({ userAccount: worker.empNo });

    // The same bind cookie again (another colleague on the phone) binds nothing more.
    const colleague = await makeEmployee(t.database, { plant: 'NT' });
    await passwordSignIn(colleague, `ess_bind=${bind}`);
    expect(await bindingsOf(colleague.id)).toEqual([]);
    // A leaver's binding stops working at once.
    await t.database.pool.query('update employees set left_on = current_date where id = $1', [worker.id]);
    expect((await roundTrip('/home', WECHAT_UA)).location).toBe('/login?notice=account-left');
  });

  it('binds a WeCom user id that is no employee number, once per employee, and only while the state is fresh', async () => {
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    const userid = `li-${worker.empNo}`;
    fake.signInAs({ userid });
    const stale = await roundTrip('/home', WECOM_UA);
    // Ten minutes later the bind cookie is worth nothing.
    await t.database.pool.query("update oauth_states set created_at = now() - interval '11 minutes' where nonce = $1", [
      cookieValue(stale, 'ess_bind'),
    ]);
    await passwordSignIn(worker, `ess_bind=${cookieValue(stale, 'ess_bind')}`);
    expect(await bindingsOf(worker.id)).toEqual([]);

    const fresh = await roundTrip('/home', WECOM_UA);
    expect(fresh.location).toBe('/login?notice=wecom-bind');
    await passwordSignIn(worker, `ess_bind=${cookieValue(fresh, 'ess_bind')}`);
    expect(await bindingsOf(worker.id)).toEqual([{ platform: 'wecom', accountId: userid }]);
    expect(await profileOf(await roundTrip('/home', WECOM_UA))).toMatchObject({ userAccount: worker.empNo });

    // A second WeCom id for the same employee is not bound over the first (HR removes the first).
    fake.signInAs({ userid: `${userid}-2` });
    const second = await roundTrip('/home', WECOM_UA);
    await passwordSignIn(worker, `ess_bind=${cookieValue(second, 'ess_bind')}`);
    expect(await bindingsOf(worker.id)).toEqual([{ platform: 'wecom', accountId: userid }]);
  });

  it("refuses a used WeChat code (40163) and a forged one, and signs in no one's password account to them", async () => {
    fake.signInAs({ openid: 'o-someone' });
    const { authorize, nonce } = await begin('/home', WECHAT_UA);
    const callback = await throughWeCom(authorize);
    const code = new URL(callback, 'http://x').searchParams.get('code') as string;
    // The code spent elsewhere first: WeChat answers 40163.
    await fetch(`${fake.url}/sns/oauth2/access_token?code=${code}`);
    const used = await get(callback, `ess_oauth=${nonce}`, WECHAT_UA);
    expect(used.location).toBe('/login?notice=wechat-failed');
    expect(cookieValue(used, 'ess_bind')).toBe('');
  });
});

describe('a page opened inside WeCom', () => {
  // Only the platform settings matter here.
  const configOf = (env: Record<string, string>) => ({ WECOM_API_BASE: fake.url, ...env }) as unknown as Config;
  const redirectOf = (...args: Parameters<ReturnType<typeof silentSignInRedirect>>) =>
    silentSignInRedirect(configOf(WECOM_ENV))(...args);
  const request = (url: string, headers: Record<string, string>) => ({ url, headers }) as never;

  it('goes to the silent sign-in without a session, and is served as usual otherwise', () => {
    expect(redirectOf(request('/salary/my-salary?month=2026-10', { 'user-agent': WECOM_UA }))).toBe(
      '/api/Wechat/OAuth?next=%2Fsalary%2Fmy-salary%3Fmonth%3D2026-10',
    );
    // Signed in already, in another browser, just tried, the sign-in page itself, the console.
    expect(redirectOf(request('/home', { 'user-agent': WECOM_UA, cookie: 'ess_refresh=abc' }))).toBeUndefined();
    expect(redirectOf(request('/home', { 'user-agent': 'Mozilla/5.0 Chrome/120' }))).toBeUndefined();
    expect(redirectOf(request('/home', { 'user-agent': WECOM_UA, cookie: 'ess_oauth_tried=1' }))).toBeUndefined();
    expect(redirectOf(request('/login?notice=wecom-failed', { 'user-agent': WECOM_UA }))).toBeUndefined();
    expect(redirectOf(request('/admin/dashboard', { 'user-agent': WECOM_UA }))).toBeUndefined();
    // Without WeCom configured nothing changes for anyone.
    const bare = silentSignInRedirect(configOf({}));
    expect(bare(request('/home', { 'user-agent': WECOM_UA }))).toBeUndefined();
    // WeChat's browser goes through the official account where one is configured, and nowhere otherwise.
    expect(redirectOf(request('/home', { 'user-agent': WECHAT_UA }))).toBeUndefined();
    const withWeChat = silentSignInRedirect(configOf({ ...WECHAT_ENV }));
    expect(withWeChat(request('/home', { 'user-agent': WECHAT_UA }))).toBe('/api/Wechat/OAuth?next=%2Fhome');
    expect(withWeChat(request('/home', { 'user-agent': WECOM_UA }))).toBeUndefined();
  });
});
