// The guard decides on the matched route, never on the URL's text: every private call refuses a missing,
// forged, expired or incomplete token under every spelling of its path; unknown /api paths answer the
// 404 envelope. The route table is enumerated, not listed.
import { routes } from '@ess/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { createTokenService } from './auth';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('100001');
});
afterAll(() => t.close());

const privateRoutes = Object.values(routes).filter((route) => !route.isPublic);
const cases = privateRoutes.map((route) => [route.path, route] as const);

const sign = (
  secret: string,
  {
    expiresIn = '2h',
    iat,
    claims = { no: '100001', bu: 'NT', ep: 0 },
  }: {
    expiresIn?: string | null;
    iat?: number;
    claims?: Record<string, unknown>;
  } = {},
) => {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('1');
  if (iat) jwt.setIssuedAt(iat);
  else jwt.setIssuedAt();
  if (expiresIn !== null) jwt.setExpirationTime(expiresIn === 'past' ? Math.floor(Date.now() / 1000) - 10 : expiresIn);
  return jwt.sign(new TextEncoder().encode(secret));
};

const post = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: '{}' });

/** The same path spelled as a client could: percent-encoded prefix letters, an encoded letter in the action. */
const encodedSpellings = (path: string) => {
  const [controller = '', action = ''] = path.split('/');
  const encodeFirst = (text: string) => `%${text.charCodeAt(0).toString(16)}${text.slice(1)}`;
  return [
    `/%61pi/${path}`,
    `/ap%69/${path}`,
    `/%61%70%69/${path}`,
    `/%41pi/${path}`,
    `/api/${encodeFirst(controller)}/${action}`,
    `/api/${controller}/${encodeFirst(action)}`,
    `/api/${controller}%2F${action}`,
  ];
};

const caseVariants = (path: string) => [
  `/API/${path}`,
  `/Api/${path}`,
  `/api/${path.toLowerCase()}`,
  `/api/${path.toUpperCase()}`,
];

describe('auth guard', () => {
  it('has private routes to check', () => {
    expect(privateRoutes.length).toBeGreaterThan(10);
  });

  it.each(cases)('%s answers 401 without a token', async (_path, route) => {
    const response = await t.call(route, {}, null);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ result: false, msg: '登录已过期,请重新登录', data: null });
  });

  it.each(cases)('%s answers 401 with a forged, expired or incomplete token', async (_path, route) => {
    const forged = await sign('another-secret-that-is-long-enough-00000000');
    const expired = await sign(t.config.secretKey, { expiresIn: 'past', iat: Math.floor(Date.now() / 1000) - 7300 });
    const withoutExpiry = await sign(t.config.secretKey, { expiresIn: null });
    const withoutEpoch = await sign(t.config.secretKey, { claims: { no: '100001', bu: 'NT' } });
    for (const bad of [forged, 'not.a.jwt', expired, withoutExpiry, withoutEpoch]) {
      expect((await t.call(route, {}, bad)).status).toBe(401);
    }
  });

  it.each(cases)('%s refuses without a token under percent-encoded spellings of its path', async (path) => {
    for (const url of encodedSpellings(path)) {
      const response = await post(url);
      expect([401, 404], url).toContain(response.statusCode);
      expect(response.json(), url).toMatchObject({ result: false, data: null });
    }
  });

  it.each(cases)('%s answers no data under case-varied spellings, with or without a token', async (path) => {
    for (const url of caseVariants(path)) {
      for (const headers of [{}, { token }] as Record<string, string>[]) {
        const response = await post(url, headers);
        // Paths are case-sensitive: a variant is either the route itself (only when unchanged) or unknown.
        expect([401, 404], url).toContain(response.statusCode);
        expect(response.json(), url).toMatchObject({ result: false, data: null });
      }
    }
  });

  it('lets a valid token through, also under an encoded spelling of the path', async () => {
    const response = await t.call(routes.checkUserToken, {}, token);
    expect(response.status).toBe(200);
    expect(response.body.data.userAccount).toBe('100001');
    const encoded = await post('/%61pi/Account/CheckUserToken', { token });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json().data.userAccount).toBe('100001');
  });

  it('answers an /api path that no route serves with the 404 envelope, with or without a token', async () => {
    const notFound = { result: false, msg: '接口不存在', data: null };
    for (const headers of [{}, { token }] as Record<string, string>[]) {
      for (const url of ['/api/Nope/Nothing', '/api', '/api/', '/%61pi/Nope/Nothing', '/api/Account']) {
        const response = await post(url, headers);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('application/json');
        expect(response.json(), url).toEqual(notFound);
      }
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const response = await t.app.inject({ method, url: '/api/Home/GetStateBaseInfo', headers });
        expect(response.statusCode, method).toBe(404);
        expect(response.json(), method).toEqual(notFound);
      }
    }
  });

  it('answers a path that cannot be decoded with the envelope', async () => {
    for (const url of ['/api/%zz', '/api/Home/%E0%A4%A']) {
      const response = await post(url, { token });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ result: false, msg: '请求地址无效', data: null });
    }
  });

  it('answers malformed JSON and oversized bodies with result:false, not 5xx', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/SystemNotice/ModifyNotice',
      headers: { token, 'content-type': 'application/json' },
      payload: '{bad json',
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ result: false, msg: '请求内容不是有效的 JSON' });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/SystemNotice/ModifyNotice',
      headers: { token, 'content-type': 'application/json' },
      payload: JSON.stringify({ NoticeDesc: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(200);
    expect(huge.json()).toMatchObject({ result: false, msg: '请求内容过大' });
  });

  it('refuses a remembered token once it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const fresh = await t.login('100001');
      expect((await t.call(routes.checkUserToken, {}, fresh)).status).toBe(200);
      vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000 + 1000);
      expect((await t.call(routes.checkUserToken, {}, fresh)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a remembered token once its session epoch is raised, and tokens of another epoch', async () => {
    let epoch = 3;
    const tokens = createTokenService({
      secretKey: t.config.secretKey,
      loadAccess: async () => ({
        epoch,
        endedSessions: new Set<string>(),
        roles: ['Employee'],
        menuCodes: new Set(['M03']),
        adminPlants: new Set<string>(),
      }),
    });
    const claims = { id: 7, empNo: '100007', bu: 'NT', epoch: 3 };
    const current = await tokens.sign(claims);
    expect(await tokens.verify(current)).toEqual({
      id: 7,
      empNo: '100007',
      bu: 'NT',
      roles: ['Employee'],
      menuCodes: new Set(['M03']),
      adminPlants: new Set(),
    });
    expect(await tokens.verify(await tokens.sign({ ...claims, epoch: 2 }))).toBeUndefined();
    epoch = 4;
    tokens.forget(claims.id);
    expect(await tokens.verify(current)).toBeUndefined();
    expect(await tokens.verify(`${current}x`)).toBeUndefined();
  });

  it('sends the page headers on pages; websockets only to the own origin', async () => {
    for (const url of ['/healthz', '/login']) {
      const response = await t.app.inject({ method: 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("connect-src 'self'");
      expect(policy).not.toMatch(/connect-src[^;]*\b(ws|wss):(?!\/\/)/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends JSON answers the few headers an API needs, whatever the answer', async () => {
    const answers = [
      await t.app.inject({ method: 'POST', url: '/api/Nope/Nothing' }),
      await t.app.inject({ method: 'POST', url: '/api/Home/GetBannerList' }),
      await t.app.inject({ method: 'POST', url: '/api/Home/GetBannerList', headers: { token } }),
      await t.app.inject({ method: 'GET', url: '/api/Home/GetBannerList', headers: { token } }),
    ];
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      const headerBytes = Object.entries(response.headers).reduce(
        (sum, [name, value]) => sum + name.length + String(value).length + 4,
        0,
      );
      expect(headerBytes).toBeLessThan(350);
    }
  });

  it('serves /healthz with the database checked', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
