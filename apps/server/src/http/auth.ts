// Access tokens (JWT, 2 h) and the default-deny guard in front of every non-public /api route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { envelope } from './envelope';

export type Caller = { id: number; empNo: string; bu: string };

export const ACCESS_TOKEN_SECONDS = 2 * 60 * 60;
/** Bounds the verified-token memory (about 300 bytes each); past it, the memory starts over. */
const MAX_REMEMBERED_TOKENS = 50_000;
export const UNAUTHORIZED_MESSAGE = '登录已过期,请重新登录';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyContextConfig {
    isPublic?: boolean;
  }
}

export type TokenService = {
  sign: (caller: Caller) => Promise<string>;
  verify: (token: string) => Promise<Caller | undefined>;
};

/**
 * Tokens issued before an employee's `sessions_valid_from` (password change, reset) are refused.
 * The instant is cached per employee for a short while so a request costs no extra query.
 * A phone sends the same token with every call for two hours, so a token whose signature has been
 * checked once is remembered (keyed by the whole token text, until its expiry): the WebCrypto HMAC was
 * the largest single cost of a query call. The sessions_valid_from check still runs on every request.
 */
export const createTokenService = ({
  secretKey,
  loadSessionsValidFrom,
  cacheMs = 30_000,
}: {
  secretKey: string;
  loadSessionsValidFrom: (employeeId: number) => Promise<Date | undefined>;
  cacheMs?: number;
}): TokenService & { forget: (employeeId: number) => void } => {
  const key = new TextEncoder().encode(secretKey);
  const validFromCache = new Map<number, { validFrom: number; loadedAt: number }>();
  const verifiedTokens = new Map<string, { caller: Caller; issuedAt: number; expiresAt: number }>();

  const validFrom = async (employeeId: number) => {
    const cached = validFromCache.get(employeeId);
    if (cached && Date.now() - cached.loadedAt < cacheMs) return cached.validFrom;
    const loaded = await loadSessionsValidFrom(employeeId);
    const value = loaded ? Math.floor(loaded.getTime() / 1000) : Number.POSITIVE_INFINITY;
    if (validFromCache.size > 100_000) validFromCache.clear();
    validFromCache.set(employeeId, { validFrom: value, loadedAt: Date.now() });
    return value;
  };

  return {
    sign: (caller) =>
      new SignJWT({ no: caller.empNo, bu: caller.bu })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(caller.id))
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(key),
    verify: async (token) => {
      try {
        let verified = verifiedTokens.get(token);
        if (verified && verified.expiresAt <= Date.now() / 1000) {
          verifiedTokens.delete(token);
          verified = undefined;
        }
        if (!verified) {
          const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
          const id = Number(payload.sub);
          if (!Number.isInteger(id) || typeof payload.no !== 'string' || typeof payload.bu !== 'string')
            return undefined;
          verified = {
            caller: { id, empNo: payload.no, bu: payload.bu },
            issuedAt: payload.iat ?? 0,
            expiresAt: payload.exp ?? 0,
          };
          if (verifiedTokens.size >= MAX_REMEMBERED_TOKENS) verifiedTokens.clear();
          verifiedTokens.set(token, verified);
        }
        if (verified.issuedAt < (await validFrom(verified.caller.id))) return undefined;
        return verified.caller;
      } catch {
        return undefined;
      }
    },
    forget: (employeeId) => validFromCache.delete(employeeId),
  };
};

/** The client sends the token in a `token` header and as `Authorization: Bearer`. */
const readToken = (request: FastifyRequest): string | undefined => {
  const bearer = request.headers.authorization;
  if (bearer?.startsWith('Bearer ')) return bearer.slice(7).trim();
  const header = request.headers.token;
  return typeof header === 'string' && header ? header : undefined;
};

/** Default deny: every /api route needs a valid token unless its config marks it public. */
export const installAuthGuard = (app: FastifyInstance, tokens: TokenService) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const isPublic = request.routeOptions.config?.isPublic === true;
    const token = readToken(request);
    const caller = token ? await tokens.verify(token) : undefined;
    if (caller) {
      request.caller = caller;
      return;
    }
    if (isPublic) return;
    return reply.code(401).send(envelope(false, UNAUTHORIZED_MESSAGE, null));
  });
};
