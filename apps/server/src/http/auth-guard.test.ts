// Every private call refuses a missing, forged or expired token: the route table is enumerated, not listed.
import { routes } from '@ess/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { createTokenService } from './auth';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const privateRoutes = Object.values(routes).filter((route) => !route.isPublic);

const sign = (secret: string, { expiresIn = '2h', iat }: { expiresIn?: string; iat?: number } = {}) => {
  const jwt = new SignJWT({ no: '100001', bu: 'NT' }).setProtectedHeader({ alg: 'HS256' }).setSubject('1');
  if (iat) jwt.setIssuedAt(iat);
  else jwt.setIssuedAt();
  return jwt
    .setExpirationTime(expiresIn === 'past' ? Math.floor(Date.now() / 1000) - 10 : expiresIn)
    .sign(new TextEncoder().encode(secret));
};

describe('auth guard', () => {
  it('has private routes to check', () => {
    expect(privateRoutes.length).toBeGreaterThan(10);
  });

  it.each(privateRoutes.map((route) => [route.path, route] as const))(
    '%s answers 401 without a token',
    async (_path, route) => {
      const response = await t.call(route, {}, null);
      expect(response.status).toBe(401);
      expect(response.body.result).toBe(false);
    },
  );

  it.each(privateRoutes.map((route) => [route.path, route] as const))(
    '%s answers 401 with a forged token',
    async (_path, route) => {
      const forged = await sign('another-secret-that-is-long-enough-00000000');
      expect((await t.call(route, {}, forged)).status).toBe(401);
      expect((await t.call(route, {}, 'not.a.jwt')).status).toBe(401);
    },
  );

  it.each(privateRoutes.map((route) => [route.path, route] as const))(
    '%s answers 401 with an expired token',
    async (_path, route) => {
      const expired = await sign(t.config.secretKey, { expiresIn: 'past', iat: Math.floor(Date.now() / 1000) - 7300 });
      expect((await t.call(route, {}, expired)).status).toBe(401);
    },
  );

  it('lets a valid token through', async () => {
    const token = await t.login('100001');
    const response = await t.call(routes.checkUserToken, {}, token);
    expect(response.status).toBe(200);
    expect(response.body.data.userAccount).toBe('100001');
  });

  it('answers an unknown API path with a Chinese message, never a stack trace', async () => {
    const token = await t.login('100001');
    const response = await t.app.inject({ method: 'POST', url: '/api/Nope/Nothing', headers: { token } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ result: false, msg: '接口不存在', data: null });
  });

  it('answers malformed JSON and oversized bodies with result:false, not 5xx', async () => {
    const token = await t.login('100001');
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
      const token = await t.login('100001');
      expect((await t.call(routes.checkUserToken, {}, token)).status).toBe(200);
      vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000 + 1000);
      expect((await t.call(routes.checkUserToken, {}, token)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a remembered token issued before the sessions were renewed', async () => {
    let validFrom = new Date(0);
    const tokens = createTokenService({
      secretKey: t.config.secretKey,
      loadSessionsValidFrom: async () => validFrom,
    });
    const caller = { id: 7, empNo: '100007', bu: 'NT' };
    const token = await tokens.sign(caller);
    expect(await tokens.verify(token)).toEqual(caller);
    validFrom = new Date(Date.now() + 1000);
    tokens.forget(caller.id);
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(`${token}x`)).toBeUndefined();
  });

  it('sends the security headers on API answers and pages', async () => {
    for (const url of ['/api/Nope/Nothing', '/healthz', '/login']) {
      const response = await t.app.inject({ method: url.startsWith('/api') ? 'POST' : 'GET', url });
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('serves /healthz with the database checked', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
