// Access tokens (JWT, 2 h) and the default-deny guard. Access is decided on the matched route's own
// configuration (its contract entry), never on the text of the URL.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { ACCESS_TOKEN_SECONDS, type Caller, type SessionClaims } from '../core/caller';
import { BusinessError } from '../core/errors';
import type { Notification, Notifier } from '../core/notifier';
import { cookieValue, SESSION_COOKIES } from './cookies';
import { sendError } from './envelope';

export { ACCESS_TOKEN_SECONDS };

type TokenClaims = SessionClaims;

/** What the database says of a signed-in employee now; undefined when the employee is gone. */
export type CallerAccess = {
  epoch: number;
  /** Sessions (refresh-token families) signed out while their access tokens may still live. */
  endedSessions: ReadonlySet<string>;
  roles: readonly string[];
  menuCodes: ReadonlySet<string>;
  adminPlants: ReadonlySet<string>;
};

export type TokenService = {
  sign: (claims: TokenClaims) => Promise<string>;
  verify: (token: string) => Promise<Caller | undefined>;
  /** The caller and when the token runs out (ms since the epoch): a socket lives longer than one request. */
  verifyWithExpiry: (token: string) => Promise<(Caller & { expiresAt: number }) | undefined>;
  /**
   * The employee's access changed (roles, plant, epoch, leaving): what every instance remembers of them is dropped,
   * and their open screens are told to re-read their menus.
   */
  forget: (employeeId: number) => void;
  /** A role's menus changed: the same for every holder of the role (the whole cache, see docs/decisions.md). */
  forgetRoleHolders: (role: string) => void;
};

export type RouteAccess = 'public' | 'private';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyContextConfig {
    /** Routes without it are private: the guard denies by default. */
    access?: RouteAccess;
    /**
     * The token may also come in the web app's access cookie: for GETs a page makes without headers of its own
     * (<img src="/api/files/…">). SameSite=Lax keeps other sites' pages from sending it along.
     */
    acceptsCookieToken?: boolean;
  }
}

/**
 * Verifies tokens and attaches the caller's current roles and menus. Two caches keep a request free of
 * extra work: a token whose signature was checked once is remembered until it expires (a phone sends the
 * same token with every call for two hours, and the HMAC was the largest single cost of a query call),
 * and an employee's epoch, roles and menus are read at most every `cacheMs` per instance. The services that
 * change them (password change or reset, roles, transfer, leaving; a role's menus) call `forget` or
 * `forgetRoleHolders`, which drop them here before the change is answered and announce a `menus` notification
 * that the token service of every instance hears (through Redis when there is one) and the holders' open
 * screens too: a change reaches every open session at once. `cacheMs` bounds only what a change made
 * outside the server (SQL by hand) takes.
 */
export const createTokenService = ({
  secretKey,
  loadAccess,
  notifier,
  cacheMs = 30_000,
}: {
  secretKey: string;
  loadAccess: (employeeId: number) => Promise<CallerAccess | undefined>;
  /** Carries the forgets to the other instances; without it they stay on this one. */
  notifier?: Notifier;
  cacheMs?: number;
}): TokenService => {
  const key = new TextEncoder().encode(secretKey);
  const verifiedTokens = new LRUCache<string, { claims: TokenClaims; expiresAt: number }>({ max: 50_000 });
  const accessCache = new LRUCache<number, { access: CallerAccess | undefined }>({ max: 100_000, ttl: cacheMs });
  /** Counts forgets: a read that started before one may hold what was just changed, and is not kept. */
  let forgets = 0;

  const drop = (employeeIds: readonly number[]) => {
    forgets += 1;
    for (const id of employeeIds) accessCache.delete(id);
  };
  const dropAll = () => {
    forgets += 1;
    accessCache.clear();
  };
  // Heard on every instance; subscribed before the hub, so a screen is told only once its access is forgotten.
  notifier?.subscribe(({ kind, employeeIds, role }) => {
    if (kind !== 'access' && kind !== 'menus' && kind !== 'session.ended') return;
    if (role) dropAll();
    else drop(employeeIds ?? []);
  });
  const announce = (notification: Notification) => {
    void notifier?.publish(notification).catch(() => {});
  };

  const claimsOf = async (token: string): Promise<{ claims: TokenClaims; expiresAt: number } | undefined> => {
    const remembered = verifiedTokens.get(token);
    // Remembered only until the token's own expiry, read off the wall clock as jwtVerify would.
    if (remembered && remembered.expiresAt > Date.now()) return remembered;
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] });
    const id = Number(payload.sub);
    const { no: empNo, bu, ep: epoch, sid: sessionId } = payload;
    if (!Number.isSafeInteger(id) || typeof empNo !== 'string' || typeof bu !== 'string') return undefined;
    if (typeof epoch !== 'number' || !Number.isSafeInteger(epoch)) return undefined;
    if (sessionId !== undefined && typeof sessionId !== 'string') return undefined;
    const verified = { claims: { id, empNo, bu, epoch, sessionId }, expiresAt: (payload.exp as number) * 1000 };
    verifiedTokens.set(token, verified);
    return verified;
  };

  const accessOf = async (employeeId: number) => {
    const cached = accessCache.get(employeeId);
    if (cached) return cached.access;
    const forgetsBefore = forgets;
    const access = await loadAccess(employeeId);
    if (forgets === forgetsBefore) accessCache.set(employeeId, { access });
    return access;
  };

  const check = async (token: string) => {
    let verified: Awaited<ReturnType<typeof claimsOf>>;
    try {
      verified = await claimsOf(token);
    } catch {
      return undefined;
    }
    if (!verified) return undefined;
    const { claims, expiresAt } = verified;
    const access = await accessOf(claims.id);
    if (!access || access.epoch !== claims.epoch) return undefined;
    if (claims.sessionId && access.endedSessions.has(claims.sessionId)) return undefined;
    const caller: Caller = {
      id: claims.id,
      empNo: claims.empNo,
      bu: claims.bu,
      roles: access.roles,
      menuCodes: access.menuCodes,
      adminPlants: access.adminPlants,
    };
    return { ...caller, expiresAt };
  };

  return {
    sign: ({ id, empNo, bu, epoch, sessionId }) =>
      new SignJWT({ no: empNo, bu, ep: epoch, ...(sessionId ? { sid: sessionId } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(id))
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(key),
    verify: async (token) => {
      const checked = await check(token);
      if (!checked) return undefined;
      const { expiresAt: _expiresAt, ...caller } = checked;
      return caller;
    },
    verifyWithExpiry: (token) => check(token),
    // Dropped here before the change is answered (the notification comes back through Redis only later). Only the
    // token checks hear it: whoever changed what the app shows tells the app (a 'menus' push), and a session that
    // ended (a new password) is already on its way to sign-in.
    forget: (employeeId) => {
      drop([employeeId]);
      announce({ employeeIds: [employeeId], kind: 'access' });
    },
    forgetRoleHolders: (role) => {
      dropAll();
      announce({ role, kind: 'menus' });
    },
  };
};

/** The client sends the token in a `token` header and as `Authorization: Bearer`. */
const readToken = (request: FastifyRequest): string | undefined => {
  const bearer = request.headers.authorization;
  if (bearer?.startsWith('Bearer ')) return bearer.slice(7).trim() || undefined;
  const header = request.headers.token;
  if (typeof header === 'string' && header) return header;
  if (!request.routeOptions.config?.acceptsCookieToken) return undefined;
  return cookieValue(request.headers.cookie, SESSION_COOKIES.token);
};

/**
 * Default deny: a matched route answers without a valid token only when its own configuration says it is
 * public (contract calls marked isPublic, the web app's files, /healthz). Unmatched requests go on to the
 * not-found handler, which needs no caller.
 */
export const installAuthGuard = (app: FastifyInstance, tokens: TokenService) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const isPublic = request.routeOptions.config?.access === 'public';
    const token = readToken(request);
    // Public calls still learn who is calling when a token comes along (e.g. sign-out).
    const caller = token ? await tokens.verify(token) : undefined;
    if (caller) request.caller = caller;
    else if (!isPublic) return sendError(reply, new BusinessError('UNAUTHORIZED'));
  });
};
