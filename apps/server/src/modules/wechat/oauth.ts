// Silent sign-in inside WeCom and WeChat (snsapi_base): a worker opening a link of the app there without a session is
// sent through the platform's OAuth page, which comes straight back to the callback with a code; the code, exchanged
// once, names the WeCom user or the WeChat openid, and the worker lands signed in on the page the link named. A WeCom
// user id is the employee number (HR loads it so) unless a binding says otherwise; a WeChat openid, and a WeCom id
// that is no employee number, are bound by the first password sign-in in the same browser (platform_accounts). The
// page is a path of this app, checked before the state is made; the state is a nonce bound to the browser by a cookie;
// a code is single-use and lasts five minutes, so a state lives five minutes too.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { employees, oauthStates, platformAccounts } from '../../db/schema/index';
import type { Executor } from '../../db/transaction';
import type { PlatformSettings, TicketStore } from './tickets';

export type SignInPlatform = 'wecom' | 'wechat';

/** The browser's half of the state: set when it is sent to WeCom, read by the callback. */
export const OAUTH_COOKIE = 'ess_oauth';
/** How long after a callback whose account matched no one the password sign-in in that browser may bind it. */
export const BIND_SECONDS = 600;
/** Set when a silent sign-in did not work, so the next page shows /login rather than trying again in a loop. */
export const OAUTH_TRIED_COOKIE = 'ess_oauth_tried';
export const OAUTH_STATE_SECONDS = 300;
export const DEFAULT_NEXT = '/home';
export const OAUTH_CALLBACK_PATH = '/api/Wechat/OAuthCallback';

/** WeCom's in-app browser says `wxwork/<version>` in its user agent (WeChat's says MicroMessenger alone). */
export const isWeComBrowser = (userAgent: string | undefined) => /\bwxwork\//i.test(userAgent ?? '');

/** The platform whose browser this is, if either. */
export const platformOfBrowser = (userAgent: string | undefined): SignInPlatform | undefined => {
  if (isWeComBrowser(userAgent)) return 'wecom';
  return /\bMicroMessenger\//i.test(userAgent ?? '') ? 'wechat' : undefined;
};

const ORIGIN = 'http://app.invalid';

/**
 * The page to open: a path of this app (its query and hash kept, characters percent-encoded as a Location needs),
 * never another site (`//host`, `/\host`, a scheme), the API or the sign-in page; anything else opens home.
 */
export const safeNext = (value: unknown): string => {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 1000) return DEFAULT_NEXT;
  if ([...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)) {
    return DEFAULT_NEXT;
  }
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return DEFAULT_NEXT;
  }
  // `\` reads as `/` in a URL: "/\evil.example" is another origin, refused here with "//evil.example".
  if (url.origin !== ORIGIN || value.includes('\\')) return DEFAULT_NEXT;
  if (/^\/(?:api|login)(?:\/|$)/.test(url.pathname)) return DEFAULT_NEXT;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** A state as this server makes it, and a code as WeCom makes them (at most 512 bytes): URL-safe characters. */
const STATE_LIKE = /^[A-Za-z0-9_-]{1,64}$/;
const CODE_LIKE = /^[A-Za-z0-9_-]{1,512}$/;

export type OAuthDeps = {
  db: Db;
  tickets: TicketStore;
  settings: PlatformSettings;
  /** WeCom's OAuth page origin (https://open.weixin.qq.com). */
  oauthBase: string;
};

/** Makes the state and answers where to send the browser: the platform's authorize page, back to `callbackUrl`. */
export const beginSilentSignIn = async (
  { db, settings, oauthBase }: OAuthDeps,
  { platform, next, callbackUrl }: { platform: SignInPlatform; next: string; callbackUrl: string },
) => {
  const { wecom, wechat } = settings;
  const appId = platform === 'wecom' ? wecom?.corpId : wechat?.appId;
  if (!appId) throw new BusinessError('PLATFORM_SIGN_IN_FAILED');
  const nonce = randomBytes(18).toString('base64url');
  await db.insert(oauthStates).values({ nonce, platform, next });
  const query = new URLSearchParams({
    appid: appId,
    redirect_uri: callbackUrl,
    response_type: 'code',
    scope: 'snsapi_base',
    state: nonce,
    ...(platform === 'wecom' && wecom ? { agentid: wecom.agentId } : {}),
  });
  return { nonce, location: `${oauthBase}/connect/oauth2/authorize?${query}#wechat_redirect` };
};

/** A platform's answer to a code: errcode 0 (or none) with userid (a WeCom member) or openid. */
type UserInfo = { errcode?: number; userid?: unknown; openid?: unknown };
/** The access token ran out (42001) or is not (or no longer) valid (40014): fetch a new one once and ask again. */
const STALE_TOKEN = new Set([42001, 40014]);

const getUserInfo = async (url: string, timeoutMs: number): Promise<UserInfo> => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as UserInfo;
  } catch {
    throw new BusinessError('PLATFORM_SIGN_IN_FAILED');
  }
};

/** The WeCom user id behind a code; a used, forged or expired code (40029) and any failure refuse the sign-in. */
const exchangeWeComCode = async ({ tickets, settings }: OAuthDeps, code: string): Promise<string> => {
  const { wecom } = settings;
  if (!wecom) throw new BusinessError('PLATFORM_SIGN_IN_FAILED');
  for (let round = 0; round < 2; round++) {
    const token = await tickets.get('wecom:token');
    const query = new URLSearchParams({ access_token: token, code });
    const body = await getUserInfo(`${wecom.apiBase}/cgi-bin/auth/getuserinfo?${query}`, settings.timeoutMs);
    if (typeof body.errcode === 'number' && STALE_TOKEN.has(body.errcode)) {
      await tickets.forget('wecom:token', token);
      continue;
    }
    if (body.errcode !== undefined && body.errcode !== 0) throw new BusinessError('PLATFORM_SIGN_IN_FAILED');
    if (typeof body.userid === 'string' && body.userid !== '') return body.userid;
    // Not a member of the corporation: nobody of ours.
    throw new BusinessError('PLATFORM_ACCOUNT_UNKNOWN');
  }
  throw new BusinessError('PLATFORM_SIGN_IN_FAILED');
};

/**
 * The official account's openid behind a code (sns/oauth2/access_token, the app's secret instead of a token); a
 * used (40163) or invalid (40029) code and any failure refuse the sign-in.
 */
const exchangeWeChatCode = async ({ settings }: OAuthDeps, code: string): Promise<string> => {
  const { wechat } = settings;
  if (!wechat) throw new BusinessError('PLATFORM_SIGN_IN_FAILED');
  const query = new URLSearchParams({
    appid: wechat.appId,
    secret: wechat.secret,
    code,
    grant_type: 'authorization_code',
  });
  const body = await getUserInfo(`${wechat.apiBase}/sns/oauth2/access_token?${query}`, settings.timeoutMs);
  if (body.errcode !== undefined && body.errcode !== 0) throw new BusinessError('PLATFORM_SIGN_IN_FAILED');
  if (typeof body.openid === 'string' && body.openid !== '' && body.openid.length <= 128) return body.openid;
  throw new BusinessError('PLATFORM_SIGN_IN_FAILED');
};

/** The employee an account is: its binding, else (WeCom) the employee whose number the user id is. */
const employeeOfAccount = async (tx: Executor, platform: SignInPlatform, accountId: string) => {
  const [bound] = await tx
    .select({ id: platformAccounts.employeeId })
    .from(platformAccounts)
    .where(and(eq(platformAccounts.platform, platform), eq(platformAccounts.accountId, accountId)));
  if (bound) return bound.id;
  if (platform !== 'wecom') return undefined;
  const [employee] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.empNo, accountId));
  return employee?.id;
};

/**
 * Whom to sign in and the page to open, or why not (and the page the sign-in page then leads to). `bindNonce`: the
 * account matched no one, and the password sign-in that follows in this browser may bind it.
 */
export type SignInOutcome =
  | { employeeId: number; next: string }
  | { failure: BusinessError; next: string; platform?: SignInPlatform; bindNonce?: string };

/** How often a second callback with the same code looks whether the first one's exchange has come to an outcome. */
const SETTLE_POLL_MS = 100;

/**
 * The callback: the state must be this browser's and fresh; its code is exchanged once. The state is claimed for the
 * code first, in one statement, and the exchange made outside any transaction, so a slow platform holds no database
 * connection. The same code again under the same state (the callback called twice) waits for that exchange's outcome
 * and answers the same employee without asking the platform again; another code is refused. Answers whom to sign in
 * and the page to open.
 */
export const finishSilentSignIn = async (
  deps: OAuthDeps,
  { code, state, cookieNonce }: { code: unknown; state: unknown; cookieNonce: string | undefined },
): Promise<SignInOutcome> => {
  const { db } = deps;
  const refused = new BusinessError('PLATFORM_SIGN_IN_FAILED');
  if (typeof code !== 'string' || typeof state !== 'string' || !CODE_LIKE.test(code) || !STATE_LIKE.test(state)) {
    return { failure: refused, next: DEFAULT_NEXT };
  }
  const fresh = and(
    eq(oauthStates.nonce, state),
    sql`${oauthStates.createdAt} > now() - make_interval(secs => ${OAUTH_STATE_SECONDS})`,
  );
  const [row] = await db.select().from(oauthStates).where(fresh);
  if (!row) return { failure: refused, next: DEFAULT_NEXT };
  const platform = row.platform as SignInPlatform;
  // Another browser's state (the link was passed on, not opened here): refused, the state left for its own.
  if (cookieNonce !== state) return { failure: refused, next: row.next, platform };

  const [claimed] = await db
    .update(oauthStates)
    .set({ code })
    .where(and(fresh, isNull(oauthStates.code)))
    .returning({ nonce: oauthStates.nonce });
  if (!claimed) {
    // Claimed already: by this code (the callback called twice) its outcome is answered, by any other refused.
    const settled = await settledState(deps, state);
    if (settled?.code === code && settled.employeeId !== null)
      return { employeeId: settled.employeeId, next: row.next };
    return { failure: refused, next: row.next, platform };
  }
  // A failed exchange spends the state too (its code is kept without an employee).
  let accountId: string | undefined;
  let employeeId: number | undefined;
  let failure: BusinessError | undefined;
  try {
    accountId = await (platform === 'wecom' ? exchangeWeComCode : exchangeWeChatCode)(deps, code);
    employeeId = await employeeOfAccount(db, platform, accountId);
    if (employeeId === undefined) failure = new BusinessError('PLATFORM_ACCOUNT_UNBOUND');
  } catch (error) {
    failure = error instanceof BusinessError ? error : refused;
  }
  await db
    .update(oauthStates)
    .set({
      employeeId: employeeId ?? null,
      accountId: employeeId === undefined ? (accountId ?? null) : null,
      settledAt: sql`now()`,
    })
    .where(eq(oauthStates.nonce, state));
  if (employeeId !== undefined && !failure) return { employeeId, next: row.next };
  return {
    failure: failure ?? refused,
    next: row.next,
    platform,
    ...(failure?.code === 'PLATFORM_ACCOUNT_UNBOUND' ? { bindNonce: state } : {}),
  };
};

/** The state once its exchange has an outcome; undefined when none came within the exchange's own time limit. */
const settledState = async ({ db, settings }: OAuthDeps, nonce: string) => {
  const deadline = Date.now() + settings.timeoutMs * 2 + 1000;
  for (;;) {
    const [row] = await db.select().from(oauthStates).where(eq(oauthStates.nonce, nonce));
    if (!row || row.settledAt !== null) return row;
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
};

/**
 * The password sign-in after a callback whose account matched no one, in the same browser (its bind cookie): the
 * account is bound to the employee who signed in, once and audited. Nothing happens when the state is stale or spent,
 * when the account was bound meanwhile, or when the employee already has an account of that platform (HR removes
 * it first). Answers the platform bound, if any.
 */
export const bindPendingAccount = (
  db: Db,
  { nonce, employee, requestId }: { nonce: string; employee: { id: number; empNo: string }; requestId: string },
): Promise<SignInPlatform | undefined> =>
  db.transaction(async (tx) => {
    if (!STATE_LIKE.test(nonce)) return undefined;
    const [pending] = await tx
      .update(oauthStates)
      .set({ employeeId: employee.id })
      .where(
        and(
          eq(oauthStates.nonce, nonce),
          isNull(oauthStates.employeeId),
          sql`${oauthStates.accountId} is not null`,
          sql`${oauthStates.createdAt} > now() - make_interval(secs => ${BIND_SECONDS})`,
        ),
      )
      .returning({ platform: oauthStates.platform, accountId: oauthStates.accountId });
    if (!pending?.accountId) return undefined;
    const platform = pending.platform as SignInPlatform;
    const [bound] = await tx
      .insert(platformAccounts)
      .values({ platform, accountId: pending.accountId, employeeId: employee.id })
      .onConflictDoNothing()
      .returning({ employeeId: platformAccounts.employeeId });
    if (!bound) return undefined;
    await recordAudit(tx, {
      actor: employee,
      action: 'platform-account.bind',
      subject: { type: 'employee', id: employee.id },
      after: { platform, accountId: pending.accountId },
      requestId,
    });
    return platform;
  });

/** States older than a day: their codes are long dead at WeCom. */
export const deleteOldOAuthStates = async (db: Db) => {
  await db.delete(oauthStates).where(sql`${oauthStates.createdAt} < now() - interval '1 day'`);
};
