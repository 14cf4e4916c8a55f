// In-app messages carried to the WeChat of workers WeCom does not reach, as the official account's template message
// (message/template/send, one worker a call) that opens the message's page, signed in by WeChat's silent sign-in. Its
// deliveries are made by the WeCom relay for a member WeCom does not know (relay.ts markInvalid), or, where WeCom is not
// connected, from every new message of a worker whose WeChat is bound. A worker who no longer follows the account
// (43004) or whose openid is unknown (40003) is marked and never tried again; a spent daily quota (45009) puts the
// rest off until tomorrow; a busy WeChat (-1) is tried again with a growing delay. A template message cannot be
// recalled: a change taken back only keeps its waiting ones from going.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { platformDeliveries, platformRecalls } from '../../db/schema/index';
import {
  type Channel,
  idsOf,
  markLeavers,
  postWithToken,
  putOffUntilTomorrow,
  type RelayRun,
  retryOrGiveUp,
  takeNewMessages,
} from './relay';
import type { PlatformSettings, TicketStore } from './tickets';

const CHANNEL: Channel = 'wechat';
/** Deliveries leased per round; a round sends them one call each. */
const TAKEN_PER_ROUND = 500;
/** A run goes on while there is more to send, for this long at most. */
const RUN_BUDGET_MS = 50_000;
/** The worker cannot get it: unfollowed the account (43004), an openid the account does not know (40003). */
const UNREACHABLE = new Set([43004, 40003]);
/** The account's template messages for the day are used up. */
const DAILY_QUOTA_SPENT = 45009;
const REFUSAL_WORDS: Record<number, string> = {
  43004: '该员工未关注公众号',
  40003: '微信账号无效',
  45009: '公众号今日模板消息已达上限，次日继续发送',
  40037: '公众号模板 ID 无效，请检查 WECHAT_TEMPLATE_ID',
  [-1]: '微信系统繁忙',
};
/** WeChat's "thing" fields hold 20 characters. */
const THING_LENGTH = 20;

export type TemplateRelayDeps = {
  db: Db;
  tickets: TicketStore;
  settings: PlatformSettings;
  publicUrl: string;
  templateId: string;
  /** WeCom is connected: its relay makes WeChat's deliveries; otherwise this one takes the new messages itself. */
  isWeComConnected: boolean;
};

/** What one run did, counted as the WeCom relay counts (it makes no recalls and counts no calls). */
export type TemplateRun = Omit<RelayRun, 'recalled' | 'calls'>;

type Due = { id: number; openid: string; title: string; body: string; link: string; attempts: number; at: string };

const cut = (text: string, length: number) =>
  [...text].length > length ? `${[...text].slice(0, length - 1).join('')}…` : text;

/** One template message. */
const sendTemplate = ({ tickets, settings, publicUrl, templateId }: TemplateRelayDeps, due: Due) =>
  postWithToken(
    { tickets, settings },
    {
      ticket: 'wechat:token',
      url: `${settings.wechat?.apiBase}/cgi-bin/message/template/send`,
      body: JSON.stringify({
        touser: due.openid,
        template_id: templateId,
        url: `${publicUrl.replace(/\/$/, '')}${due.link || '/home'}`,
        data: {
          first: { value: due.title },
          keyword1: { value: cut(due.title, THING_LENGTH) },
          keyword2: { value: due.at },
          remark: { value: due.body },
        },
      }),
    },
  );

/** Sends what is due, a round at a time, until nothing is or the run's time is up. */
export const relayMessagesToWeChat = async (deps: TemplateRelayDeps): Promise<TemplateRun> => {
  const { db } = deps;
  const run: TemplateRun = { taken: 0, sent: 0, invalid: 0, retried: 0, failed: 0, deferred: 0 };
  if (!deps.settings.wechat) return run;
  const started = Date.now();
  for (;;) {
    if (!deps.isWeComConnected) run.taken += await takeNewMessages(db, CHANNEL);
    run.invalid += await markLeavers(db);
    // A change taken back: its template messages still waiting do not go (sent ones cannot be recalled).
    await db.execute(sql`update ${platformDeliveries} d set status = 'recalled', error = '已撤回，未发送'
      from messages m, ${platformRecalls} r
      where m.id = d.message_id and r.event_key = m.event_key and d.status = 'pending' and d.channel = ${CHANNEL}`);
    // Leased for five minutes as they are read (as WeCom's): an overlapping run leaves them.
    const { rows: due } = await db.execute<Due>(sql`
      with leased as (
        update ${platformDeliveries} d set next_attempt_at = now() + interval '5 minutes'
        where d.id in (
          select id from ${platformDeliveries}
          where status = 'pending' and next_attempt_at <= now() and channel = ${CHANNEL}
          order by id limit ${TAKEN_PER_ROUND} for update skip locked)
        returning d.id, d.message_id, d.employee_id, d.attempts
      )
      select l.id, coalesce(p.account_id, '') as openid, m.title, m.body, m.link, l.attempts,
             to_char(m.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as at
      from leased l join messages m on m.id = l.message_id
      left join platform_accounts p on p.employee_id = l.employee_id and p.platform = ${CHANNEL}
      order by l.id`);
    for (const delivery of due) {
      if (delivery.openid === '') {
        // Unbound since: nobody to send it to.
        await settleUnreachable(db, [delivery], '微信账号已解除绑定');
        run.invalid += 1;
        continue;
      }
      const answer = await sendTemplate(deps, delivery);
      const errcode = answer.errcode ?? 0;
      const words = REFUSAL_WORDS[errcode] ?? `微信拒绝：${errcode} ${answer.errmsg ?? ''}`.trim();
      if (errcode === 0) {
        await db.execute(sql`update ${platformDeliveries}
          set status = 'sent', sent_at = now(), error = '', msgid = ${String(answer.msgid ?? '')}
          where id = ${delivery.id}`);
        run.sent += 1;
      } else if (UNREACHABLE.has(errcode)) {
        await settleUnreachable(db, [delivery], words);
        run.invalid += 1;
      } else if (errcode === DAILY_QUOTA_SPENT) {
        // This one and every other waiting, the rest of this round among them: tomorrow.
        run.deferred += await putOffUntilTomorrow(db, CHANNEL, words);
        return run;
      } else {
        await retryOrGiveUp(db, [delivery], { words, isTemporary: errcode === -1 }, run);
      }
    }
    if (due.length < TAKEN_PER_ROUND || Date.now() - started > RUN_BUDGET_MS) return run;
  }
};

const settleUnreachable = (db: Db, deliveries: { id: number }[], words: string) =>
  db.execute(sql`update ${platformDeliveries} set status = 'invalid', error = ${words}
    where id = any(${idsOf(deliveries)}::int[])`);
