// In-app messages carried on to the workers' WeCom as cards (textcard) that open the message's page of the app, signed
// in by the silent sign-in. A job run (every few seconds, on one instance) takes the messages written since the last
// run as deliveries (one per message, never two), then sends the due ones: those of the same words together, up to
// 1,000 members a call as WeCom allows, with WeCom's duplicate check on so a call repeated after a crash is not shown
// twice. Members WeCom does not know (invaliduser, 81013) and leavers are marked invalid and never retried; WeCom's
// temporary refusals (45009 and the like, a network failure) are retried with a growing delay; an access token
// WeCom calls expired is fetched again once for every instance. A change taken back (a payslip batch withdrawn) has
// its cards recalled within WeCom's 24 hours and its waiting messages not sent.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { platformDeliveries, platformRecalls, relayCursors } from '../../db/schema/index';
import type { PlatformSettings, TicketStore } from './tickets';

/** The most member ids one message/send may name (WeCom's limit). */
export const WECOM_MAX_RECIPIENTS = 1000;
/** Deliveries taken, and sent, per round of a run. */
const TAKEN_PER_RUN = 20_000;
/** A temporary refusal is retried after 30 s, 1 min, 2 min … up to an hour, then given up after this many tries. */
const MAX_ATTEMPTS = 8;
/** Access token expired (42001) or invalid (40001, 40014): fetched again once. */
const STALE_TOKEN = new Set([42001, 40001, 40014]);
/** Refusals that pass: busy (-1), over a frequency limit (45009, 45033), a timeout of WeCom's. */
const TEMPORARY = new Set([-1, 45009, 45033, 45011]);
/** The app's messages for the day are used up (45047): what waits goes the next day, no try counted. */
const DAILY_QUOTA_SPENT = 45047;
/**
 * WeCom drops, without a word, what one member gets from an app beyond 30 messages a minute or 1,000 an hour: the
 * relay keeps each member within both, and what is over waits a minute.
 */
export const MEMBER_PER_MINUTE = 30;
export const MEMBER_PER_HOUR = 1000;
/** WeCom's words are not HR's: what the console shows for the common refusals. */
const REFUSAL_WORDS: Record<number, string> = {
  81013: '企业微信中没有这些成员',
  45009: '企业微信接口调用超过频率限制',
  45033: '企业微信接口并发超限',
  45047: '企业微信今日发送消息已达上限，次日继续发送',
  60020: '服务器 IP 不在企业微信的可信 IP 列表中',
  301002: '应用无权限向这些成员发送消息',
};

type Due = {
  id: number;
  employee_id: number;
  emp_no: string;
  title: string;
  body: string;
  link: string;
  attempts: number;
};
type SendAnswer = { errcode?: number; errmsg?: string; invaliduser?: string; msgid?: string | number };

export type RelayDeps = {
  db: Db;
  tickets: TicketStore;
  settings: PlatformSettings;
  /** The app's address (PUBLIC_URL): the cards' links are absolute. */
  publicUrl: string;
  /** WeChat's template messages are on: a member WeCom does not know gets the message there, if bound. */
  fallBackToWeChat?: boolean;
};

/**
 * What one run did: deliveries taken from the messages, sent, marked invalid, put back for later, given up; cards
 * recalled; calls made to WeCom.
 */
export type RelayRun = {
  taken: number;
  sent: number;
  invalid: number;
  retried: number;
  failed: number;
  /** Put off by a member's limits (a minute) or the app's daily quota (the next day). */
  deferred: number;
  /** Calls that sent cards recalled. */
  recalled: number;
  calls: number;
};

/** WeCom counts bytes: a title of at most 128, a description of at most 512 (UTF-8), cut on a character. */
const cutBytes = (text: string, max: number) => {
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= max) return text;
  let cut = '';
  for (const character of text) {
    if (encoder.encode(`${cut}${character}…`).length > max) break;
    cut += character;
  }
  return `${cut}…`;
};

export type Channel = 'wecom' | 'wechat';

/**
 * Takes the messages written since the channel's last run as pending deliveries of the channel; for WeChat only those
 * of workers whose WeChat is bound. The first run of an installation starts from the newest message: turning a
 * channel on does not send the past.
 */
export const takeNewMessages = async (db: Db, channel: Channel): Promise<number> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`insert into ${relayCursors} (channel, last_message_id)
      select ${channel}, coalesce(max(id), 0) from messages on conflict do nothing`);
    const { rows } = await tx.execute<{ last: number }>(
      sql`select last_message_id as last from ${relayCursors} where channel = ${channel} for update`,
    );
    const last = rows[0]?.last ?? 0;
    const reachable =
      channel === 'wechat'
        ? sql`and exists (select 1 from platform_accounts p where p.employee_id = n.employee_id and p.platform = 'wechat')`
        : sql``;
    // The next messages read once: their deliveries made and the cursor moved past them in one statement.
    const { rows: moved } = await tx.execute<{ taken: number }>(sql`
      with next as (
        select id, employee_id, category from messages where id > ${last} order by id limit ${TAKEN_PER_RUN}
      ), taken as (
        insert into ${platformDeliveries} (message_id, employee_id, channel)
        select n.id, n.employee_id, ${channel} from next n
        -- A reminder the worker keeps from their WeCom stays in the app only.
        where (n.category = '' or not exists (
          select 1 from message_settings s where s.employee_id = n.employee_id and n.category = any(s.muted)))
          ${reachable}
        on conflict (message_id, channel) do nothing
        returning 1
      ), cursor as (
        update ${relayCursors} set last_message_id = (select max(id) from next)
        where channel = ${channel} and exists (select 1 from next)
      )
      select (select count(*) from taken)::int as taken`);
    return moved[0]?.taken ?? 0;
  });

/** Leavers' deliveries still waiting are marked: their accounts are gone or soon will be. Answers how many. */
export const markLeavers = async (db: Db) => {
  const { rowCount } = await db.execute(sql`
    update ${platformDeliveries} d set status = 'invalid', error = '已离职'
    from employees e
    where d.status = 'pending' and e.id = d.employee_id and e.left_on is not null`);
  return rowCount ?? 0;
};

/** A run goes on while there is more to take or send (a month's payslips for a whole company), for this long at most. */
const RUN_BUDGET_MS = 60_000;

/** Takes and sends until nothing more is due or the run's time is up; answers what became of the deliveries. */
export const relayMessagesToWeCom = async (deps: RelayDeps): Promise<RelayRun> => {
  const { wecom } = deps.settings;
  const run: RelayRun = { taken: 0, sent: 0, invalid: 0, retried: 0, failed: 0, deferred: 0, recalled: 0, calls: 0 };
  if (!wecom) return run;
  const started = Date.now();
  for (;;) {
    const { taken, leased } = await relayRound(deps, { agentId: wecom.agentId, apiBase: wecom.apiBase }, run);
    if ((taken === 0 && leased < TAKEN_PER_RUN) || Date.now() - started > RUN_BUDGET_MS) return run;
  }
};

/** One round: the new messages taken, recalls done, leavers marked, and up to TAKEN_PER_RUN due deliveries sent. */
const relayRound = async (
  deps: RelayDeps,
  wecom: { agentId: string; apiBase: string },
  run: RelayRun,
): Promise<{ taken: number; leased: number }> => {
  const { db } = deps;
  const taken = await takeNewMessages(db, 'wecom');
  run.taken += taken;
  // Before sending: a withdrawn change's messages still waiting are not sent.
  await processRecalls(deps, wecom.apiBase, run);
  // Leavers first: their WeCom account is gone or soon will be, and a message must not reach it.
  run.invalid += await markLeavers(db);
  // Leased for five minutes as they are read: a run that overlaps this one (or follows a crash of it) leaves them, and
  // after a crash they are sent again, which WeCom's duplicate check keeps from showing twice.
  const { rows: due } = await db.execute<Due>(sql`
    with leased as (
      update ${platformDeliveries} d set next_attempt_at = now() + interval '5 minutes'
      where d.id in (
        select id from ${platformDeliveries}
        where status = 'pending' and next_attempt_at <= now() and channel = 'wecom'
        order by id limit ${TAKEN_PER_RUN} for update skip locked)
      returning d.id, d.message_id, d.employee_id, d.attempts
    )
    select l.id, l.employee_id, e.emp_no, m.title, m.body, m.link, l.attempts
    from leased l join messages m on m.id = l.message_id join employees e on e.id = l.employee_id
    order by l.id`);
  const groups = new Map<string, Due[]>();
  for (const delivery of await withinMemberLimits(db, due, run)) {
    const key = JSON.stringify([delivery.title, delivery.body, delivery.link]);
    const group = groups.get(key);
    if (group) group.push(delivery);
    else groups.set(key, [delivery]);
  }
  const base = deps.publicUrl.replace(/\/$/, '');
  for (const deliveries of groups.values()) {
    for (let start = 0; start < deliveries.length; start += WECOM_MAX_RECIPIENTS) {
      const batch = deliveries.slice(start, start + WECOM_MAX_RECIPIENTS);
      const [first] = batch as [Due];
      const card = {
        title: cutBytes(first.title, 128),
        description: cutBytes(first.body || first.title, 512),
        url: `${base}${first.link || '/home'}`,
        btntxt: '详情',
      };
      const answer = await sendCard(deps, wecom, batch, card, run);
      if ((answer.errcode ?? 0) === DAILY_QUOTA_SPENT) {
        // Every call would be refused until tomorrow: all that waits is put off at once.
        run.deferred += await putOffUntilTomorrow(db, 'wecom', REFUSAL_WORDS[DAILY_QUOTA_SPENT] as string);
        return { taken, leased: 0 };
      }
      await settle(deps, batch, answer, run);
    }
  }
  return { taken, leased: due.length };
};

/**
 * The deliveries a member may still get now (30 a minute, 1,000 an hour, counting what was sent to them before);
 * the others wait a minute.
 */
const withinMemberLimits = async (db: Db, due: Due[], run: RelayRun): Promise<Due[]> => {
  if (due.length === 0) return due;
  const members = `{${[...new Set(due.map((delivery) => delivery.employee_id))].join(',')}}`;
  const { rows } = await db.execute<{ employee_id: number; minute: number; hour: number }>(sql`
    select employee_id, count(*) filter (where sent_at > now() - interval '1 minute')::int as minute,
           count(*)::int as hour
    from ${platformDeliveries}
    where employee_id = any(${members}::int[]) and sent_at > now() - interval '1 hour'
    group by employee_id`);
  const room = new Map(
    rows.map((row) => [row.employee_id, Math.min(MEMBER_PER_MINUTE - row.minute, MEMBER_PER_HOUR - row.hour)]),
  );
  const now: Due[] = [];
  const later: number[] = [];
  for (const delivery of due) {
    const left = room.get(delivery.employee_id) ?? MEMBER_PER_MINUTE;
    if (left > 0) {
      now.push(delivery);
      room.set(delivery.employee_id, left - 1);
    } else later.push(delivery.id);
  }
  if (later.length > 0) {
    await db.execute(sql`update ${platformDeliveries} set next_attempt_at = now() + interval '1 minute'
      where id = any(${`{${later.join(',')}}`}::int[])`);
    run.deferred += later.length;
  }
  return now;
};

/** Everything of the channel pending waits until five past midnight, China time, when the platform's day begins. */
export const putOffUntilTomorrow = async (db: Db, channel: Channel, words: string) => {
  const { rowCount } = await db.execute(sql`update ${platformDeliveries}
    set error = ${words},
        next_attempt_at = ((now() at time zone 'Asia/Shanghai')::date + 1 + time '00:05') at time zone 'Asia/Shanghai'
    where status = 'pending' and channel = ${channel}`);
  return rowCount ?? 0;
};

/**
 * A POST to WeCom's or WeChat's API with the shared access token of `ticket`; a stale token is fetched again once for
 * every instance. Answers the platform's answer; a failure to reach it is errcode -1 (busy: tried again later).
 */
export const postWithToken = async (
  { tickets, settings }: { tickets: TicketStore; settings: PlatformSettings },
  { ticket, url, body }: { ticket: 'wecom:token' | 'wechat:token'; url: string; body: string },
  run?: { calls: number },
): Promise<SendAnswer> => {
  const platform = ticket === 'wecom:token' ? '企业微信' : '微信';
  for (let round = 0; round < 2; round++) {
    let token: string;
    try {
      token = await tickets.get(ticket);
    } catch {
      return { errcode: -1, errmsg: `获取${platform} access_token 失败` };
    }
    let answer: SendAnswer;
    try {
      if (run) run.calls += 1;
      const response = await fetch(`${url}?access_token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (!response.ok) return { errcode: -1, errmsg: `HTTP ${response.status}` };
      answer = (await response.json()) as SendAnswer;
    } catch {
      return { errcode: -1, errmsg: `${platform}无响应` };
    }
    if (typeof answer.errcode === 'number' && STALE_TOKEN.has(answer.errcode)) {
      await tickets.forget(ticket, token);
      continue;
    }
    return answer;
  }
  return { errcode: -1, errmsg: 'access_token 连续失效' };
};

/** One message/send to the members of `batch`, with WeCom's duplicate check on. */
const sendCard = (
  deps: RelayDeps,
  { agentId, apiBase }: { agentId: string; apiBase: string },
  batch: Due[],
  card: { title: string; description: string; url: string; btntxt: string },
  run: RelayRun,
) =>
  postWithToken(
    deps,
    {
      ticket: 'wecom:token',
      url: `${apiBase}/cgi-bin/message/send`,
      body: JSON.stringify({
        touser: batch.map((delivery) => delivery.emp_no).join('|'),
        msgtype: 'textcard',
        agentid: Number(agentId),
        textcard: card,
        enable_duplicate_check: 1,
        duplicate_check_interval: 1800,
      }),
    },
    run,
  );

/**
 * Changes taken back (platform_recalls): their messages not sent yet are not sent, and the cards sent within WeCom's
 * 24 hours are recalled, one message/recall per call that sent them.
 */
const processRecalls = async (deps: RelayDeps, apiBase: string, run: RelayRun) => {
  const { db } = deps;
  const { rows: recalls } = await db.execute<{ id: number; event_key: string }>(
    sql`select id, event_key from ${platformRecalls} where done_at is null order by id limit 20`,
  );
  for (const recall of recalls) {
    await db.execute(sql`update ${platformDeliveries} d set status = 'recalled', error = '已撤回，未发送'
      from messages m where m.id = d.message_id and m.event_key = ${recall.event_key} and d.status = 'pending'`);
    const { rows: sent } = await db.execute<{ msgid: string }>(sql`
      select distinct d.msgid from ${platformDeliveries} d join messages m on m.id = d.message_id
      where m.event_key = ${recall.event_key} and d.status = 'sent' and d.msgid <> '' and d.channel = 'wecom'
        and d.sent_at > now() - interval '24 hours'`);
    let recalled = 0;
    const refusals: string[] = [];
    for (const { msgid } of sent) {
      const answer = await postWithToken(
        deps,
        { ticket: 'wecom:token', url: `${apiBase}/cgi-bin/message/recall`, body: JSON.stringify({ msgid }) },
        run,
      );
      if ((answer.errcode ?? 0) === 0) {
        recalled += 1;
        await db.execute(sql`update ${platformDeliveries} set status = 'recalled', error = '已从企业微信撤回'
          where msgid = ${msgid} and status = 'sent' and channel = 'wecom'`);
      } else refusals.push(`${answer.errcode} ${answer.errmsg ?? ''}`.trim());
    }
    run.recalled += recalled;
    await db.execute(sql`update ${platformRecalls} set done_at = now(), recalled = ${recalled},
      error = ${refusals.join('；')} where id = ${recall.id}`);
  }
};

/** Records what became of each delivery of a call. */
const settle = async (deps: RelayDeps, batch: Due[], answer: SendAnswer, run: RelayRun) => {
  const { db } = deps;
  const errcode = answer.errcode ?? 0;
  const words = REFUSAL_WORDS[errcode] ?? `企业微信拒绝：${errcode} ${answer.errmsg ?? ''}`.trim();
  if (errcode === 0) {
    const unknown = new Set((answer.invaliduser ?? '').split('|').filter(Boolean));
    const invalid = batch.filter((delivery) => unknown.has(delivery.emp_no));
    const sent = batch.filter((delivery) => !unknown.has(delivery.emp_no));
    if (sent.length > 0) {
      await db.execute(sql`update ${platformDeliveries}
        set status = 'sent', sent_at = now(), error = '', msgid = ${String(answer.msgid ?? '')}
        where id = any(${idsOf(sent)}::int[])`);
    }
    if (invalid.length > 0) await markInvalid(deps, invalid, '企业微信中没有这个成员');
    run.sent += sent.length;
    run.invalid += invalid.length;
    return;
  }
  if (errcode === 81013) {
    await markInvalid(deps, batch, words);
    run.invalid += batch.length;
    return;
  }
  await retryOrGiveUp(db, batch, { words, isTemporary: TEMPORARY.has(errcode) }, run);
};

/** The ids of deliveries as an array literal. */
export const idsOf = (deliveries: { id: number }[]) => `{${deliveries.map((delivery) => delivery.id).join(',')}}`;

/**
 * Members WeCom does not know: marked, never tried again; where WeChat's template messages are on, those whose
 * WeChat is bound get the message there instead (template-relay.ts).
 */
const markInvalid = async ({ db, fallBackToWeChat }: RelayDeps, deliveries: Due[], words: string) => {
  await db.execute(sql`update ${platformDeliveries} set status = 'invalid', error = ${words}
    where id = any(${idsOf(deliveries)}::int[])`);
  if (!fallBackToWeChat) return;
  await db.execute(sql`
    insert into ${platformDeliveries} (message_id, employee_id, channel)
    select d.message_id, d.employee_id, 'wechat' from ${platformDeliveries} d
    join platform_accounts p on p.employee_id = d.employee_id and p.platform = 'wechat'
    where d.id = any(${idsOf(deliveries)}::int[])
    on conflict (message_id, channel) do nothing`);
};

/**
 * A refusal: a temporary one is tried again after 30 s, 1 min, 2 min … up to an hour, until the last try; any other
 * gives up at once.
 */
export const retryOrGiveUp = async (
  db: Db,
  deliveries: { id: number; attempts: number }[],
  { words, isTemporary }: { words: string; isTemporary: boolean },
  run: Pick<RelayRun, 'retried' | 'failed'>,
) => {
  const givingUp = deliveries.filter((delivery) => !isTemporary || delivery.attempts + 1 >= MAX_ATTEMPTS);
  const retrying = deliveries.filter((delivery) => !givingUp.includes(delivery));
  if (retrying.length > 0) {
    await db.execute(sql`update ${platformDeliveries}
      set attempts = attempts + 1, error = ${words},
          next_attempt_at = now() + make_interval(secs => least(3600, 30 * power(2, attempts)))
      where id = any(${idsOf(retrying)}::int[])`);
  }
  if (givingUp.length > 0) {
    await db.execute(sql`update ${platformDeliveries} set status = 'failed', attempts = attempts + 1, error = ${words}
      where id = any(${idsOf(givingUp)}::int[])`);
  }
  run.retried += retrying.length;
  run.failed += givingUp.length;
};

/** What became of deliveries is kept 90 days for HR; older ones go (the in-app messages stay). */
export const deleteOldDeliveries = async (db: Db) => {
  await db.execute(sql`delete from ${platformDeliveries}
    where status <> 'pending' and created_at < now() - interval '90 days'`);
  await db.execute(sql`delete from ${platformRecalls} where done_at < now() - interval '90 days'`);
};
