// Silent sign-in inside WeCom (snsapi_base): a worker opening a link of the app in WeCom without a session is sent
// through WeCom's OAuth page, which comes straight back to the callback with a code; the code, exchanged once, names
// the WeCom user, whose id is the employee number (HR loads it so), and the worker lands signed in on the page the
// link named. The page is a path of this app, checked before the state is made; the state is a nonce bound to the
// browser by a cookie; a code is single-use and lasts five minutes at WeCom, so a state lives five minutes too.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { employees, oauthStates } from '../../db/schema/index';
import type { PlatformSettings, TicketStore } from './tickets';

/** The browser's half of the state: set when it is sent to WeCom, read by the callback. */
export const OAUTH_COOKIE = 'ess_oauth';
/** Set when a silent sign-in did not work, so the next page shows /login rather than trying again in a loop. */
export const OAUTH_TRIED_COOKIE = 'ess_oauth_tried';
export const OAUTH_STATE_SECONDS = 300;
export const DEFAULT_NEXT = '/home';
export const OAUTH_CALLBACK_PATH = '/api/Wechat/OAuthCallback';

/** WeCom's in-app browser says `wxwork/<version>` in its user agent (WeChat's says MicroMessenger alone). */
export const isWeComBrowser = (userAgent: string | undefined) => /\bwxwork\//i.test(userAgent ?? '');

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

/** Makes the state and answers where to send the browser: WeCom's authorize page, coming back to `callbackUrl`. */
export const beginSilentSignIn = async (
  { db, settings, oauthBase }: OAuthDeps,
  { next, callbackUrl }: { next: string; callbackUrl: string },
) => {
  const { wecom } = settings;
  if (!wecom) throw new BusinessError('PLATFORM_SIGN_IN_FAILED');
  const nonce = randomBytes(18).toString('base64url');
  await db.insert(oauthStates).values({ nonce, platform: 'wecom', next });
  const query = new URLSearchParams({
    appid: wecom.corpId,
    redirect_uri: callbackUrl,
    response_type: 'code',
    scope: 'snsapi_base',
    state: nonce,
    agentid: wecom.agentId,
  });
  return { nonce, location: `${oauthBase}/connect/oauth2/authorize?${query}#wechat_redirect` };
};

/** WeCom's answer to a code: errcode 0 with userid (a member) or openid (someone outside the corporation). */
type UserInfo = { errcode?: number; userid?: unknown; openid?: unknown };
/** The access token ran out (42001) or is not (or no longer) valid (40014): fetch a new one once and ask again. */
const STALE_TOKEN = new Set([42001, 40014]);

/** The WeCom user id behind a code; a used, forged or expired code (40029) and any failure refuse the sign-in. */
const exchangeCode = async ({ tickets, settings }: OAuthDeps, code: string): Promise<string> => {
  const { wecom } = settings;
  if (!wecom) throw new BusinessError('PLATFORM_SIGN_IN_FAILED');
  for (let round = 0; round < 2; round++) {
    const token = await tickets.get('wecom:token');
    const query = new URLSearchParams({ access_token: token, code });
    let body: UserInfo;
    try {
      const response = await fetch(`${wecom.apiBase}/cgi-bin/auth/getuserinfo?${query}`, {
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = (await response.json()) as UserInfo;
    } catch {
      throw new BusinessError('PLATFORM_SIGN_IN_FAILED');
    }
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

/** Whom to sign in and the page to open, or why not (and the page the sign-in page then leads to). */
export type SignInOutcome = { employeeId: number; next: string } | { failure: BusinessError; next: string };

/**
 * The callback: the state must be this browser's and fresh; its code is exchanged once. The same code again under
 * the same state (the callback called twice) answers the same employee without asking WeCom again; another code is
 * refused. Answers whom to sign in and the page to open.
 */
export const finishSilentSignIn = async (
  deps: OAuthDeps,
  { code, state, cookieNonce }: { code: unknown; state: unknown; cookieNonce: string | undefined },
): Promise<SignInOutcome> => {
  const refused = new BusinessError('PLATFORM_SIGN_IN_FAILED');
  if (typeof code !== 'string' || typeof state !== 'string' || !CODE_LIKE.test(code) || !STATE_LIKE.test(state)) {
    return { failure: refused, next: DEFAULT_NEXT };
  }
  // A failed exchange spends the state too (its code is stored without an employee).
  return deps.db.transaction(async (tx): Promise<SignInOutcome> => {
    const [row] = await tx
      .select()
      .from(oauthStates)
      .where(
        and(
          eq(oauthStates.nonce, state),
          sql`${oauthStates.createdAt} > now() - make_interval(secs => ${OAUTH_STATE_SECONDS})`,
        ),
      )
      .for('update');
    if (!row) return { failure: refused, next: DEFAULT_NEXT };
    // Another browser's state (the link was passed on, not opened here): refused, the state left for its own.
    if (cookieNonce !== state) return { failure: refused, next: row.next };
    if (row.code !== null) {
      if (row.code === code && row.employeeId !== null) return { employeeId: row.employeeId, next: row.next };
      return { failure: refused, next: row.next };
    }
    let employeeId: number | undefined;
    let failure: BusinessError | undefined;
    try {
      const userId = await exchangeCode(deps, code);
      const [employee] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.empNo, userId));
      employeeId = employee?.id;
      if (employeeId === undefined) failure = new BusinessError('PLATFORM_ACCOUNT_UNKNOWN');
    } catch (error) {
      failure = error instanceof BusinessError ? error : refused;
    }
    await tx
      .update(oauthStates)
      .set({ code, employeeId: employeeId ?? null })
      .where(eq(oauthStates.nonce, state));
    return failure || employeeId === undefined
      ? { failure: failure ?? refused, next: row.next }
      : { employeeId, next: row.next };
  });
};

/** States older than a day: their codes are long dead at WeCom. */
export const deleteOldOAuthStates = async (db: Db) => {
  await db.delete(oauthStates).where(sql`${oauthStates.createdAt} < now() - interval '1 day'`);
};
