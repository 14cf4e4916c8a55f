// In-app messages carried on to WeCom against a fake that answers message/send as WeCom does (invaliduser, 81013 when
// a call names only unknown members, 45009 over the frequency limit, 42001 for an expired token): a month's payslip
// messages to 2,500 workers go out in three calls of at most 1,000, each card opening the payslip page; a feedback
// answered in the console reaches its worker as a card opening 我的反馈; unknown members and leavers are marked and
// never retried; a temporary refusal is retried later and each worker gets the card once; an expired token is
// fetched again once; messages written before WeCom was turned on are not sent.
import { routes } from '@ess/contract';
import type { DeliveryEvent } from '@ess/contract/wechat';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, makeHrClerk, makeNotices } from '../../../test/factories';
import { type FakeWechat, startFakeWechat } from '../../../test/fake-wechat';
import { createTestContext, type TestContext } from '../../../test/harness';
import { relayMessagesToWeCom } from './relay';
import { createTicketStore, type PlatformSettings } from './tickets';

const PUBLIC_URL = 'https://ess.example.com';

let fake: FakeWechat;
let t: TestContext;
let settings: PlatformSettings;
const relay = () =>
  relayMessagesToWeCom({
    db: t.database.db,
    tickets: createTicketStore(t.database.db, settings),
    settings,
    publicUrl: PUBLIC_URL,
  });

beforeAll(async () => {
  fake = await startFakeWechat({ delayMs: 1 });
  t = await createTestContext();
  settings = {
    wecom: { corpId: 'ww-test-corp', secret: 'corp-secret', agentId: '1000002', apiBase: fake.url },
    timeoutMs: 2000,
  };
  // The first run starts from the newest message: the demo's messages are not sent.
  expect(await relay()).toMatchObject({ taken: 0, calls: 0 });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.sends.length = 0;
  fake.invalidUsers.clear();
  for (const key of Object.keys(fake.counts)) delete fake.counts[key];
});

/** `count` employees of NT in one go (no password: they are only recipients), numbered `<prefix>0001` …. */
const makeRecipients = async (prefix: string, count: number, plant = 'NT') => {
  const { rows } = await t.database.pool.query<{ id: number; emp_no: string }>(
    `insert into employees (emp_no, name, bu, dept_name, team_name, title_name, emp_type, enter_date, app_read_status,
       password_hash)
     select $1 || lpad(n::text, 4, '0'), '收件人' || n, $3, '总装车间', '', '操作工', 'PS01', current_date, 'Y', ''
     from generate_series(1, $2::int) n returning id, emp_no`,
    [prefix, count, plant],
  );
  return rows;
};
/** What the payslip publish writes for its workers (payslip-batches/service.ts, through sendMessages). */
const payslipMessages = async (employeeIds: number[], month = '2026年10月') =>
  t.database.pool.query(
    `insert into messages (employee_id, title, body, link)
     select unnest($1::int[]), $2, '您的工资单已可查询，请核对后点击“确认无误”。', '/salary/my-salary'`,
    [employeeIds, `${month}工资单已发布`],
  );
const statusesOf = async (employeeIds: number[]) =>
  (
    await t.database.pool.query<{ status: string; error: string; n: number }>(
      `select status, error, count(*)::int as n from platform_deliveries where employee_id = any($1::int[])
       group by status, error order by status, error`,
      [employeeIds],
    )
  ).rows;

describe('messages relayed to WeCom', () => {
  it('sends a month’s payslip messages to 5,000 workers in five calls, each card opening the payslip', async () => {
    const recipients = await makeRecipients(`P${Date.now() % 100000}`, 5000);
    await payslipMessages(recipients.map((row) => row.id));
    const run = await relay();
    expect(run).toMatchObject({ taken: 5000, sent: 5000, invalid: 0, retried: 0, failed: 0, deferred: 0, calls: 5 });
    expect(fake.sends.map((send) => send.touser.length)).toEqual([1000, 1000, 1000, 1000, 1000]);
    const reached = fake.sends.flatMap((send) => send.touser);
    expect(new Set(reached).size).toBe(5000);
    expect(new Set(reached)).toEqual(new Set(recipients.map((row) => row.emp_no)));
    expect(fake.sends[0]).toMatchObject({
      msgtype: 'textcard',
      textcard: {
        title: '2026年10月工资单已发布',
        description: '您的工资单已可查询，请核对后点击“确认无误”。',
        url: `${PUBLIC_URL}/salary/my-salary`,
        btntxt: '详情',
      },
    });
    // The access token was fetched once for the five calls.
    expect(fake.counts['/cgi-bin/gettoken']).toBeLessThanOrEqual(1);
    expect(await statusesOf(recipients.map((row) => row.id))).toEqual([{ status: 'sent', error: '', n: 5000 }]);
    // Nothing is sent twice: the next run finds nothing to do.
    expect(await relay()).toMatchObject({ taken: 0, sent: 0, calls: 0 });
  });

  it('carries a feedback answered in the console to its worker as a card opening 我的反馈', async () => {
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    const [feedback] = await makeNotices(t.database, worker, [{ type: 'AppMeals', description: '食堂的汤太咸' }]);
    const clerk = await t.login((await makeHrClerk(t.database, { plant: 'NT' })).empNo, FACTORY_PASSWORD_HASH);
    const answered = await t.call(routes.answerFeedback, { id: feedback?.id, answer: '已转告食堂，下周起改进' }, clerk);
    expect(answered.body.result).toBe(true);
    await relay();
    expect(fake.sends).toEqual([
      expect.objectContaining({
        touser: [worker.empNo],
        textcard: expect.objectContaining({
          title: '您的反馈已答复',
          description: '已转告食堂，下周起改进',
          url: `${PUBLIC_URL}/user/my-option`,
        }),
      }),
    ]);
  });

  it('marks members WeCom does not know and leavers, and never tries them again', async () => {
    const recipients = await makeRecipients(`I${Date.now() % 100000}`, 5);
    const [unknownA, unknownB, leaver] = recipients as [(typeof recipients)[number], ...typeof recipients];
    fake.invalidUsers.add(unknownA.emp_no);
    fake.invalidUsers.add(unknownB?.emp_no as string);
    await t.database.pool.query('update employees set left_on = current_date where id = $1', [leaver?.id]);
    await payslipMessages(recipients.map((row) => row.id));
    expect(await relay()).toMatchObject({ sent: 2, invalid: 3, calls: 1 });
    expect(fake.sends[0]?.touser).not.toContain(leaver?.emp_no);
    expect(await statusesOf(recipients.map((row) => row.id))).toEqual([
      { status: 'invalid', error: '企业微信中没有这个成员', n: 2 },
      { status: 'invalid', error: '已离职', n: 1 },
      { status: 'sent', error: '', n: 2 },
    ]);
    // A call naming only unknown members: WeCom answers 81013, all marked.
    const strangers = await makeRecipients(`S${Date.now() % 100000}`, 2);
    for (const stranger of strangers) fake.invalidUsers.add(stranger.emp_no);
    await payslipMessages(
      strangers.map((row) => row.id),
      '2026年9月',
    );
    expect(await relay()).toMatchObject({ sent: 0, invalid: 2 });
    expect(await statusesOf(strangers.map((row) => row.id))).toEqual([
      { status: 'invalid', error: '企业微信中没有这些成员', n: 2 },
    ]);
    expect(await relay()).toMatchObject({ calls: 0 });
  });

  it('retries a temporary refusal later and sends each card once', async () => {
    const recipients = await makeRecipients(`R${Date.now() % 100000}`, 3);
    await payslipMessages(recipients.map((row) => row.id));
    fake.refuseNextSends(1, 45009);
    expect(await relay()).toMatchObject({ sent: 0, retried: 3, calls: 1 });
    expect(await statusesOf(recipients.map((row) => row.id))).toEqual([
      { status: 'pending', error: '企业微信接口调用超过频率限制', n: 3 },
    ]);
    // Not due yet: the next run leaves them.
    expect(await relay()).toMatchObject({ calls: 0 });
    await t.database.pool.query(
      'update platform_deliveries set next_attempt_at = now() where employee_id = any($1::int[])',
      [recipients.map((row) => row.id)],
    );
    expect(await relay()).toMatchObject({ sent: 3, calls: 1 });
    expect(fake.sends.flatMap((send) => send.touser).sort()).toEqual(recipients.map((row) => row.emp_no).sort());
  });

  it('fetches the access token again once when WeCom says it has expired', async () => {
    const recipients = await makeRecipients(`T${Date.now() % 100000}`, 2);
    await relay();
    const { rows } = await t.database.pool.query<{ value: string }>(
      "select value from wechat_tickets where name = 'wecom:token'",
    );
    fake.expireToken(rows[0]?.value as string);
    await payslipMessages(recipients.map((row) => row.id));
    expect(await relay()).toMatchObject({ sent: 2, calls: 2 });
    expect(fake.counts['/cgi-bin/gettoken']).toBe(1);
    expect(fake.sends).toHaveLength(1);
    expect(fake.sends[0]?.accessToken).not.toBe(rows[0]?.value);
  });

  it('renews a token that expires in the middle of a month’s calls once, for every instance', async () => {
    const recipients = await makeRecipients(`M${Date.now() % 100000}`, 3000);
    await relay();
    for (const key of Object.keys(fake.counts)) delete fake.counts[key];
    fake.expireTokenAfterSends(1);
    await payslipMessages(recipients.map((row) => row.id));
    // The second call meets the expired token: fetched again once, and that call and the third go with the new one.
    expect(await relay()).toMatchObject({ sent: 3000, failed: 0, retried: 0, calls: 4 });
    expect(fake.counts['/cgi-bin/gettoken']).toBe(1);
    const [first, second, third] = fake.sends;
    expect(second?.accessToken).not.toBe(first?.accessToken);
    expect(third?.accessToken).toBe(second?.accessToken);
    // Another instance (its own ticket store on the same database) uses the renewed token without fetching one.
    expect(await createTicketStore(t.database.db, settings).get('wecom:token')).toBe(second?.accessToken);
    expect(fake.counts['/cgi-bin/gettoken']).toBe(1);
  });

  it('tells HR per event what reached WeCom and whom it did not, for the workers of its plants only', async () => {
    const nt = await makeRecipients(`D${Date.now() % 100000}`, 3);
    const [hz] = await makeRecipients(`H${Date.now() % 100000}`, 1, 'HZ');
    fake.invalidUsers.add(nt[2]?.emp_no as string);
    const title = `通知${Date.now()}`;
    await t.database.pool.query(
      `insert into messages (employee_id, title, body, link) select unnest($1::int[]), $2, '请查看', '/user/my-option'`,
      [[...nt.map((row) => row.id), hz?.id], title],
    );
    await relay();
    const clerkOf = async (plant: string) =>
      t.login((await makeHrClerk(t.database, { plant })).empNo, FACTORY_PASSWORD_HASH);
    const ntClerk = await clerkOf('NT');
    const events = (await t.call(routes.getWecomDeliveries, {}, ntClerk)).body.data as DeliveryEvent[];
    const event = events.find((row) => row.title === title);
    expect(event).toMatchObject({ link: '/user/my-option', total: 3, sent: 2, pending: 0, invalid: 1, failed: 0 });
    const undelivered = await t.call(routes.getWecomUndelivered, { key: event?.key }, ntClerk);
    expect(undelivered.body.data).toEqual([
      {
        empNo: nt[2]?.emp_no,
        name: '收件人3',
        bu: 'NT',
        deptName: '总装车间',
        status: 'invalid',
        error: '企业微信中没有这个成员',
        attempts: 0,
      },
    ]);
    // HZ's clerk counts HZ's worker alone; NT's clerk may not ask for HZ.
    const hzEvents = (await t.call(routes.getWecomDeliveries, {}, await clerkOf('HZ'))).body.data as DeliveryEvent[];
    expect(hzEvents.find((row) => row.title === title)).toMatchObject({ total: 1, sent: 1 });
    expect((await t.call(routes.getWecomDeliveries, { bu: 'HZ' }, ntClerk)).status).toBe(403);
    expect((await t.call(routes.getWecomUndelivered, { key: 'x' }, ntClerk)).body).toMatchObject({
      result: false,
      msg: '消息不存在',
    });
  });

  it('keeps the reminders a worker turned off from their WeCom, and still sends what always goes', async () => {
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    const token = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
    expect((await t.call(routes.getMessageSettings, {}, token)).body.data).toEqual({
      isWecomConfigured: false,
      muted: [],
    });
    const saved = await t.call(routes.saveMessageSettings, { muted: ['training', 'training'] }, token);
    expect(saved.body).toMatchObject({ result: true, msg: '已保存' });
    expect((await t.call(routes.getMessageSettings, {}, token)).body.data).toMatchObject({ muted: ['training'] });
    expect((await t.call(routes.saveMessageSettings, { muted: ['payslip'] }, token)).body).toMatchObject({
      result: false,
      msg: '消息类型无效',
    });
    await t.database.pool.query(
      `insert into messages (employee_id, title, body, link, category) values
         ($1, '请完成学习：冬季防火', '截止 12 月 5 日', '/train/learn-list', 'training'),
         ($1, '2026年10月工资单已发布', '请核对', '/salary/my-salary', '')`,
      [worker.id],
    );
    await relay();
    expect(fake.sends.map((send) => send.textcard.title)).toEqual(['2026年10月工资单已发布']);
    // Both stay in the app.
    const { rows } = await t.database.pool.query('select title from messages where employee_id = $1', [worker.id]);
    expect(rows).toHaveLength(2);
  });

  it('keeps each member within 30 messages a minute, and sends the rest when the minute is over', async () => {
    const [busy] = await makeRecipients(`B${Date.now() % 100000}`, 1);
    const member = busy as { id: number; emp_no: string };
    await t.database.pool.query(
      `insert into messages (employee_id, title, body, link)
       select $1, '培训提醒 ' || n, '', '/train/learn-list' from generate_series(1, 35) n`,
      [member.id],
    );
    expect(await relay()).toMatchObject({ taken: 35, sent: 30, deferred: 5 });
    expect(fake.sends.filter((send) => send.touser.includes(member.emp_no))).toHaveLength(30);
    // Within the same minute the next run sends nothing more to them.
    await t.database.pool.query(
      "update platform_deliveries set next_attempt_at = now() where employee_id = $1 and status = 'pending'",
      [member.id],
    );
    expect(await relay()).toMatchObject({ sent: 0, deferred: 5 });
    // A minute later the rest goes.
    await t.database.pool.query(
      "update platform_deliveries set sent_at = sent_at - interval '61 seconds' where employee_id = $1 and status = 'sent'",
      [member.id],
    );
    await t.database.pool.query(
      "update platform_deliveries set next_attempt_at = now() where employee_id = $1 and status = 'pending'",
      [member.id],
    );
    expect(await relay()).toMatchObject({ sent: 5, deferred: 0 });
    expect(await statusesOf([member.id])).toEqual([{ status: 'sent', error: '', n: 35 }]);
  });

  it('puts everything off until tomorrow when the app’s daily quota is spent, counting no try', async () => {
    const recipients = await makeRecipients(`Q${Date.now() % 100000}`, 3);
    await payslipMessages(recipients.map((row) => row.id));
    fake.refuseNextSends(1, 45047);
    expect(await relay()).toMatchObject({ sent: 0, failed: 0, deferred: 3 });
    const { rows } = await t.database.pool.query(
      `select status, attempts, error,
              to_char(next_attempt_at at time zone 'Asia/Shanghai', 'HH24:MI') as at,
              (next_attempt_at at time zone 'Asia/Shanghai')::date - (now() at time zone 'Asia/Shanghai')::date as days
       from platform_deliveries where employee_id = any($1::int[])`,
      [recipients.map((row) => row.id)],
    );
    expect(rows).toEqual(
      Array.from({ length: 3 }, () => ({
        status: 'pending',
        attempts: 0,
        error: '企业微信今日发送消息已达上限，次日继续发送',
        at: '00:05',
        days: 1,
      })),
    );
    // Tomorrow: they go.
    await t.database.pool.query(
      'update platform_deliveries set next_attempt_at = now() where employee_id = any($1::int[])',
      [recipients.map((row) => row.id)],
    );
    expect(await relay()).toMatchObject({ sent: 3 });
  });

  it('recalls a withdrawn payslip month’s cards from WeCom and sends none of those still waiting', async () => {
    const recipients = await makeRecipients(`W${Date.now() % 100000}`, 2100);
    const key = `payslip-batch:${Date.now()}:v1`;
    await t.database.pool.query(
      `insert into messages (employee_id, title, body, link, event_key)
       select unnest($1::int[]), '2026年10月工资单已发布', '请核对', '/salary/my-salary', $2`,
      [recipients.map((row) => row.id), key],
    );
    // The first 2,000 go out; the third call is refused for now and waits.
    await relay();
    fake.sends.length = 0;
    await t.database.pool.query(
      `update platform_deliveries set status = 'pending', sent_at = null, msgid = ''
       where employee_id = any($1::int[])`,
      [recipients.slice(2000).map((row) => row.id)],
    );
    const { rows: before } = await t.database.pool.query<{ msgid: string }>(
      `select distinct msgid from platform_deliveries where employee_id = any($1::int[]) and status = 'sent'`,
      [recipients.map((row) => row.id)],
    );
    expect(before).toHaveLength(2);
    await t.database.pool.query('insert into platform_recalls (event_key) values ($1)', [key]);
    const run = await relay();
    expect(run).toMatchObject({ recalled: 2, sent: 0 });
    expect(fake.recalls.sort()).toEqual(before.map((row) => row.msgid).sort());
    expect(fake.sends).toEqual([]);
    expect(await statusesOf(recipients.map((row) => row.id))).toEqual([
      { status: 'recalled', error: '已从企业微信撤回', n: 2000 },
      { status: 'recalled', error: '已撤回，未发送', n: 100 },
    ]);
  });
});
