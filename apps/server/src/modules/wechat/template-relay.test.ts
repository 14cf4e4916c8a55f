// Messages to the workers WeCom does not reach, as WeChat template messages, against a fake that answers as WeChat
// does (43004 for a worker who no longer follows the account, 45009 when the day's quota is spent, -1 when busy):
// a worker WeCom does not know but whose WeChat is bound gets the payslip message in WeChat, once, opening the payslip
// page, and HR counts it as delivered; without WeCom every bound worker gets them; the unreachable are marked, a spent
// quota waits for tomorrow, a busy WeChat is tried again, and a withdrawn change's waiting messages do not go.
import { routes } from '@ess/contract';
import type { DeliveryEvent } from '@ess/contract/wechat';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, makeHrClerk } from '../../../test/factories';
import { type FakeWechat, startFakeWechat } from '../../../test/fake-wechat';
import { createTestContext, type TestContext } from '../../../test/harness';
import { relayMessagesToWeCom } from './relay';
import { relayMessagesToWeChat } from './template-relay';
import { createTicketStore, type PlatformSettings } from './tickets';

const PUBLIC_URL = 'https://ess.example.com';
const TEMPLATE_ID = 'tpl-notice';

let fake: FakeWechat;
let t: TestContext;
let settings: PlatformSettings;
const tickets = () => createTicketStore(t.database.db, settings);
const weComRelay = () =>
  relayMessagesToWeCom({
    db: t.database.db,
    tickets: tickets(),
    settings,
    publicUrl: PUBLIC_URL,
    fallBackToWeChat: true,
  });
const weChatRelay = (isWeComConnected = true) =>
  relayMessagesToWeChat({
    db: t.database.db,
    tickets: tickets(),
    settings,
    publicUrl: PUBLIC_URL,
    templateId: TEMPLATE_ID,
    isWeComConnected,
  });

beforeAll(async () => {
  fake = await startFakeWechat({ delayMs: 1 });
  t = await createTestContext();
  settings = {
    wecom: { corpId: 'ww-test-corp', secret: 'corp-secret', agentId: '1000002', apiBase: fake.url },
    wechat: { appId: 'wx-test-app', secret: 'app-secret', apiBase: fake.url },
    timeoutMs: 2000,
  };
  // The first runs start from the newest message: the demo's messages are not sent.
  await weComRelay();
  await weChatRelay(false);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.sends.length = 0;
  fake.templateSends.length = 0;
  fake.invalidUsers.clear();
  fake.unfollowed.clear();
});

/** A worker of HZ, with their WeChat bound when `openid` is given. */
const worker = async (openid?: string) => {
  const made = await makeEmployee(t.database, { plant: 'HZ' });
  if (openid) {
    await t.database.pool.query(
      "insert into platform_accounts (platform, account_id, employee_id) values ('wechat', $1, $2)",
      [openid, made.id],
    );
  }
  return made;
};
const payslipMessage = (employeeIds: number[], eventKey = '') =>
  t.database.pool.query(
    `insert into messages (employee_id, title, body, link, event_key)
     select unnest($1::int[]), '2026年10月工资单已发布', '请核对后点击“确认无误”。', '/salary/my-salary', $2`,
    [employeeIds, eventKey],
  );
const deliveriesOf = async (employeeId: number) =>
  (
    await t.database.pool.query(
      'select channel, status, error from platform_deliveries where employee_id = $1 order by channel',
      [employeeId],
    )
  ).rows;

describe('WeChat template messages', () => {
  it('reach a worker WeCom does not know whose WeChat is bound, once, and HR counts them as delivered', async () => {
    const inWeCom = await worker();
    const inWeChat = await worker(`o-${Date.now()}-a`);
    const nowhere = await worker();
    fake.invalidUsers.add(inWeChat.empNo);
    fake.invalidUsers.add(nowhere.empNo);
    await payslipMessage([inWeCom.id, inWeChat.id, nowhere.id]);

    expect(await weComRelay()).toMatchObject({ sent: 1, invalid: 2 });
    expect(await weChatRelay()).toMatchObject({ sent: 1, invalid: 0, failed: 0 });
    expect(fake.templateSends).toEqual([
      {
        accessToken: expect.any(String),
        touser: expect.stringMatching(/-a$/),
        template_id: TEMPLATE_ID,
        url: `${PUBLIC_URL}/salary/my-salary`,
        data: {
          first: { value: '2026年10月工资单已发布' },
          keyword1: { value: '2026年10月工资单已发布' },
          keyword2: { value: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/) },
          remark: { value: '请核对后点击“确认无误”。' },
        },
      },
    ]);
    expect(await deliveriesOf(inWeChat.id)).toEqual([
      { channel: 'wechat', status: 'sent', error: '' },
      { channel: 'wecom', status: 'invalid', error: '企业微信中没有这个成员' },
    ]);
    expect(await deliveriesOf(nowhere.id)).toEqual([
      { channel: 'wecom', status: 'invalid', error: '企业微信中没有这个成员' },
    ]);
    // Sent once: the next runs find nothing.
    expect(await weChatRelay()).toMatchObject({ sent: 0 });
    expect(fake.templateSends).toHaveLength(1);

    // HR's 消息送达: the WeChat delivery stands for its message; only the worker reached nowhere is listed.
    const clerk = await t.login((await makeHrClerk(t.database, { plant: 'HZ' })).empNo, FACTORY_PASSWORD_HASH);
    const events = (await t.call(routes.getWecomDeliveries, { bu: 'HZ' }, clerk)).body.data as DeliveryEvent[];
    const event = events.find((row) => row.title === '2026年10月工资单已发布') as DeliveryEvent;
    expect(event).toMatchObject({ total: 3, sent: 2, invalid: 1 });
    const missed = await t.call(routes.getWecomUndelivered, { key: event.key, bu: 'HZ' }, clerk);
    expect((missed.body.data as { empNo: string }[]).map((row) => row.empNo)).toEqual([nowhere.empNo]);
  });

  it('reach every bound worker where WeCom is not connected, and mark those who unfollowed the account', async () => {
    const bound = await worker(`o-${Date.now()}-b`);
    const gone = `o-${Date.now()}-c`;
    const unfollowed = await worker(gone);
    const unbound = await worker();
    fake.unfollowed.add(gone);
    await payslipMessage([bound.id, unfollowed.id, unbound.id]);
    const run = await weChatRelay(false);
    expect(run).toMatchObject({ taken: 2, sent: 1, invalid: 1 });
    expect(await deliveriesOf(unfollowed.id)).toEqual([
      { channel: 'wechat', status: 'invalid', error: '该员工未关注公众号' },
    ]);
    // A worker with no WeChat bound keeps the in-app message only.
    expect(await deliveriesOf(unbound.id)).toEqual([]);
  });

  it('waits for tomorrow when the day’s quota is spent, tries a busy WeChat again, and skips a withdrawn change', async () => {
    const first = await worker(`o-${Date.now()}-d`);
    const second = await worker(`o-${Date.now()}-e`);
    await payslipMessage([first.id, second.id]);
    fake.refuseNextSends(1, 45009);
    expect(await weChatRelay(false)).toMatchObject({ sent: 0, deferred: 2 });
    const { rows } = await t.database.pool.query(
      `select status, attempts, error, to_char(next_attempt_at at time zone 'Asia/Shanghai', 'HH24:MI') as at
       from platform_deliveries where employee_id = any($1::int[]) order by id`,
      [[first.id, second.id]],
    );
    expect(rows).toEqual(
      Array.from({ length: 2 }, () => ({
        status: 'pending',
        attempts: 0,
        error: '公众号今日模板消息已达上限，次日继续发送',
        at: '00:05',
      })),
    );

    // Tomorrow, WeChat busy for the first: it is tried again later, the second goes.
    await t.database.pool.query('update platform_deliveries set next_attempt_at = now() where employee_id = any($1)', [
      [first.id, second.id],
    ]);
    fake.refuseNextSends(1, -1);
    expect(await weChatRelay(false)).toMatchObject({ sent: 1, retried: 1 });
    expect((await deliveriesOf(first.id))[0]).toMatchObject({ status: 'pending', error: '微信系统繁忙' });

    // The change is taken back before the retry: it never goes.
    const key = `payslip-batch:${Date.now()}:v1`;
    const thirdOpenid = `o-${Date.now()}-f`;
    const third = await worker(thirdOpenid);
    await payslipMessage([third.id], key);
    await t.database.pool.query('insert into platform_recalls (event_key) values ($1)', [key]);
    await weChatRelay(false);
    expect(await deliveriesOf(third.id)).toEqual([{ channel: 'wechat', status: 'recalled', error: '已撤回，未发送' }]);
    expect(fake.templateSends.map((send) => send.touser)).not.toContain(thirdOpenid);
  });

  it('offers the worker the choice where only WeChat carries messages, and keeps what they turned off', async () => {
    const onlyWeChat = await createTestContext({
      WECHAT_APP_ID: 'wx-test-app',
      WECHAT_APP_SECRET: 'app-secret',
      WECHAT_TEMPLATE_ID: TEMPLATE_ID,
      PUBLIC_URL,
    });
    try {
      const someone = await makeEmployee(onlyWeChat.database);
      const token = await onlyWeChat.login(someone.empNo, FACTORY_PASSWORD_HASH);
      expect((await onlyWeChat.call(routes.getMessageSettings, {}, token)).body.data).toEqual({
        isWecomConfigured: true,
        muted: [],
      });
    } finally {
      await onlyWeChat.close();
    }
    const bound = await worker(`o-${Date.now()}-g`);
    await t.database.pool.query("insert into message_settings (employee_id, muted) values ($1, '{training}')", [
      bound.id,
    ]);
    await t.database.pool.query(
      `insert into messages (employee_id, title, body, link, category)
       values ($1, '新的学习任务：消防安全', '', '/train/learn-list', 'training'), ($1, '2026年10月工资单已发布', '', '/salary/my-salary', '')`,
      [bound.id],
    );
    expect(await weChatRelay(false)).toMatchObject({ taken: 1, sent: 1 });
    expect(fake.templateSends.map((send) => send.data.keyword1?.value)).toEqual(['2026年10月工资单已发布']);
  });
});
