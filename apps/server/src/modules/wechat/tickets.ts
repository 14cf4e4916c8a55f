// Access tokens and JS-SDK tickets of WeChat and WeCom, fetched with the operator's credentials and kept in the
// database for their lifetime less a margin, so every instance shares them and the platforms' caps (WeCom: 400
// ticket fetches an hour) are never near: concurrent requests of one instance wait on one fetch, and instances
// take turns under an advisory lock, the later one finding the ticket the first one stored.
import { sql } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { wechatTickets } from '../../db/schema/index';

/** Refreshed this long before the platform says it runs out (both issue 7200 s lifetimes). */
export const TICKET_MARGIN_SECONDS = 300;

export type TicketName = 'wechat:token' | 'wechat:jsapi' | 'wecom:token' | 'wecom:corp' | 'wecom:agent';
/** What a fetch brings: the value and its lifetime in seconds. */
export type Fetched = { value: string; expiresIn: number };

export type PlatformSettings = {
  wechat?: { appId: string; secret: string; apiBase: string };
  wecom?: { corpId: string; secret: string; agentId: string; apiBase: string };
  timeoutMs: number;
};

/** GETs a platform API and answers its JSON; errcode ≠ 0, HTTP failures and timeouts are WECHAT_FAILED. */
const getJson = async (url: string, timeoutMs: number): Promise<Record<string, unknown>> => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as Record<string, unknown>;
    if (typeof body.errcode === 'number' && body.errcode !== 0) throw new Error(`errcode ${body.errcode}`);
    return body;
  } catch {
    throw new BusinessError('WECHAT_FAILED');
  }
};

const fetchedOf = (body: Record<string, unknown>, field: string): Fetched => {
  const value = body[field];
  const expiresIn = Number(body.expires_in ?? 7200);
  if (typeof value !== 'string' || value === '') throw new BusinessError('WECHAT_FAILED');
  return { value, expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 7200 };
};

export type TicketStore = {
  get: (name: TicketName) => Promise<string>;
  /**
   * The platform refused `value` as expired (42001) or invalid (40014) before its time: dropped for every instance,
   * unless another one has already put a newer value in its place.
   */
  forget: (name: TicketName, value: string) => Promise<void>;
};

export const createTicketStore = (db: Db, settings: PlatformSettings): TicketStore => {
  const inFlight = new Map<TicketName, Promise<string>>();

  const fetchers: Record<TicketName, () => Promise<Fetched>> = {
    'wechat:token': async () => {
      const { wechat } = settings;
      if (!wechat) throw new BusinessError('WECHAT_NOT_CONFIGURED');
      const query = new URLSearchParams({
        grant_type: 'client_credential',
        appid: wechat.appId,
        secret: wechat.secret,
      });
      return fetchedOf(await getJson(`${wechat.apiBase}/cgi-bin/token?${query}`, settings.timeoutMs), 'access_token');
    },
    'wechat:jsapi': async () => {
      const { wechat } = settings;
      if (!wechat) throw new BusinessError('WECHAT_NOT_CONFIGURED');
      const query = new URLSearchParams({ access_token: await get('wechat:token'), type: 'jsapi' });
      return fetchedOf(
        await getJson(`${wechat.apiBase}/cgi-bin/ticket/getticket?${query}`, settings.timeoutMs),
        'ticket',
      );
    },
    'wecom:token': async () => {
      const { wecom } = settings;
      if (!wecom) throw new BusinessError('WECHAT_NOT_CONFIGURED');
      const query = new URLSearchParams({ corpid: wecom.corpId, corpsecret: wecom.secret });
      return fetchedOf(await getJson(`${wecom.apiBase}/cgi-bin/gettoken?${query}`, settings.timeoutMs), 'access_token');
    },
    // The corporation's ticket (wx.config).
    'wecom:corp': async () => {
      const { wecom } = settings;
      if (!wecom) throw new BusinessError('WECHAT_NOT_CONFIGURED');
      const query = new URLSearchParams({ access_token: await get('wecom:token') });
      return fetchedOf(
        await getJson(`${wecom.apiBase}/cgi-bin/get_jsapi_ticket?${query}`, settings.timeoutMs),
        'ticket',
      );
    },
    // The app's ticket (wx.agentConfig).
    'wecom:agent': async () => {
      const { wecom } = settings;
      if (!wecom) throw new BusinessError('WECHAT_NOT_CONFIGURED');
      const query = new URLSearchParams({ access_token: await get('wecom:token'), type: 'agent_config' });
      return fetchedOf(await getJson(`${wecom.apiBase}/cgi-bin/ticket/get?${query}`, settings.timeoutMs), 'ticket');
    },
  };

  const readFresh = async (executor: Pick<Db, 'select'>, name: TicketName) => {
    const [row] = await executor
      .select({ value: wechatTickets.value })
      .from(wechatTickets)
      .where(sql`${wechatTickets.name} = ${name} and ${wechatTickets.expiresAt} > now()`);
    return row?.value;
  };

  /** Under the lock, one instance at a time: the first fetches and stores, the others read what it stored. */
  const refresh = async (name: TicketName): Promise<string> => {
    // A token a ticket depends on is fetched before the lock of the ticket is taken (locks never nest).
    if (name === 'wechat:jsapi') await get('wechat:token');
    if (name === 'wecom:corp' || name === 'wecom:agent') await get('wecom:token');
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ess:wechat:${name}`}))`);
      const stored = await readFresh(tx, name);
      if (stored) return stored;
      const fetched = await fetchers[name]();
      const lifetime = Math.max(60, fetched.expiresIn - TICKET_MARGIN_SECONDS);
      const expiresAt = sql`now() + make_interval(secs => ${lifetime})`;
      await tx
        .insert(wechatTickets)
        .values({ name, value: fetched.value, expiresAt })
        .onConflictDoUpdate({
          target: wechatTickets.name,
          set: { value: fetched.value, expiresAt, fetchedAt: sql`now()` },
        });
      return fetched.value;
    });
  };

  async function get(name: TicketName): Promise<string> {
    const cached = await readFresh(db, name);
    if (cached) return cached;
    let pending = inFlight.get(name);
    if (!pending) {
      pending = refresh(name).finally(() => inFlight.delete(name));
      inFlight.set(name, pending);
    }
    return pending;
  }

  const forget = async (name: TicketName, value: string) => {
    await db.delete(wechatTickets).where(sql`${wechatTickets.name} = ${name} and ${wechatTickets.value} = ${value}`);
  };

  return { get, forget };
};
