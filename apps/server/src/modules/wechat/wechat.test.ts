// The share page's JS-SDK signature: WeChat's published example, tickets from a fake platform (cached for their
// lifetime less a margin, one fetch for concurrent requests and for several instances), WeCom's two tickets, the
// answers without a configuration, and the messaging calls through the outbox.
import { routes } from '@ess/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee } from '../../../test/factories';
import { type FakeWechat, startFakeWechat } from '../../../test/fake-wechat';
import { createTestContext, type TestContext } from '../../../test/harness';
import { jsSdkSignature } from './signature';
import { createTicketStore, TICKET_MARGIN_SECONDS } from './tickets';

describe('jsSdkSignature', () => {
  const ticket = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';
  const example = { ticket, nonceStr: 'Wm3WZYTPz0wzccnW', timestamp: 1414587457 };

  it('matches the example of WeChat’s JS-SDK documentation', () => {
    expect(jsSdkSignature({ ...example, url: 'http://mp.weixin.qq.com?params=value' })).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
    expect(jsSdkSignature({ ...example, url: 'http://mp.weixin.qq.com' })).toBe(
      'f4d90daf4b3bca3078ab155816175ba34c443a7b',
    );
  });

  it('signs the URL without its hash', () => {
    expect(jsSdkSignature({ ...example, url: 'http://mp.weixin.qq.com?params=value#/share' })).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });
});

let fake: FakeWechat;
let t: TestContext;
let token: string;
beforeAll(async () => {
  fake = await startFakeWechat();
  t = await createTestContext({
    WECHAT_APP_ID: 'wx-test-app',
    WECHAT_APP_SECRET: 'secret',
    WECHAT_API_BASE: fake.url,
    WECOM_CORP_ID: 'ww-test-corp',
    WECOM_CORP_SECRET: 'corp-secret',
    WECOM_AGENT_ID: '1000002',
    WECOM_API_BASE: fake.url,
    WECHAT_TIMEOUT_MS: '2000',
  });
  const employee = await makeEmployee(t.database);
  token = await t.login(employee.empNo, FACTORY_PASSWORD_HASH);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  fake.setFailing(false);
  for (const key of Object.keys(fake.counts)) delete fake.counts[key];
  await t.database.pool.query('delete from wechat_tickets');
});

const URL_OF_PAGE = 'https://ess.example.com/recruitment/recruitment-share?from=qr';

describe('Wechat/GetShareData', () => {
  it('signs the page with the ticket fetched once for twenty concurrent requests', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.call(routes.getShareData, { url: `${URL_OF_PAGE}#x`, token }, token)),
    );
    expect(fake.counts).toEqual({ '/cgi-bin/token': 1, '/cgi-bin/ticket/getticket': 1 });
    for (const { body } of answers) {
      expect(body.result).toBe(true);
      const { appId, timestamp, nonceStr, signature } = body.data;
      expect(appId).toBe('wx-test-app');
      expect(signature).toBe(jsSdkSignature({ ticket: 'getticket-jsapi-1', nonceStr, timestamp, url: URL_OF_PAGE }));
    }
    // Later requests read the stored ticket.
    await t.call(routes.getShareData, { url: URL_OF_PAGE }, token);
    expect(fake.counts['/cgi-bin/ticket/getticket']).toBe(1);
  });

  it('keeps the ticket for its lifetime less the margin, then fetches a new one', async () => {
    await t.call(routes.getShareData, { url: URL_OF_PAGE }, token);
    const { rows } = await t.database.pool.query(
      "select extract(epoch from expires_at - fetched_at)::int as seconds from wechat_tickets where name = 'wechat:jsapi'",
    );
    expect(rows[0].seconds).toBe(7200 - TICKET_MARGIN_SECONDS);
    await t.database.pool.query("update wechat_tickets set expires_at = now() - interval '1 second'");
    const { body } = await t.call(routes.getShareData, { url: URL_OF_PAGE }, token);
    expect(fake.counts).toEqual({ '/cgi-bin/token': 2, '/cgi-bin/ticket/getticket': 2 });
    expect(body.data.signature).toBe(
      jsSdkSignature({
        ticket: 'getticket-jsapi-2',
        nonceStr: body.data.nonceStr,
        timestamp: body.data.timestamp,
        url: URL_OF_PAGE,
      }),
    );
  });

  it('refreshes once for several instances sharing the database', async () => {
    const settings = {
      wechat: { appId: 'wx-test-app', secret: 'secret', apiBase: fake.url },
      timeoutMs: 2000,
    };
    // Two instances' stores, each with its own in-process single flight.
    const instances = [createTicketStore(t.database.db, settings), createTicketStore(t.database.db, settings)];
    const tickets = await Promise.all(
      Array.from({ length: 10 }, (_, index) => instances[index % 2]?.get('wechat:jsapi')),
    );
    expect(new Set(tickets)).toEqual(new Set(['getticket-jsapi-1']));
    expect(fake.counts).toEqual({ '/cgi-bin/token': 1, '/cgi-bin/ticket/getticket': 1 });
  });

  it('answers WeCom the corporation’s signature for config and the app’s for agentConfig', async () => {
    const { body } = await t.call(routes.getShareData, { url: URL_OF_PAGE, client: 'WECOM' }, token);
    expect(body.result).toBe(true);
    const { appId, agentId, nonceStr, timestamp, signature, agentSignature } = body.data;
    expect({ appId, agentId }).toEqual({ appId: 'ww-test-corp', agentId: '1000002' });
    expect(signature).toBe(
      jsSdkSignature({ ticket: 'get_jsapi_ticket-corp-1', nonceStr, timestamp, url: URL_OF_PAGE }),
    );
    expect(agentSignature).toBe(
      jsSdkSignature({ ticket: 'get-agent_config-1', nonceStr, timestamp, url: URL_OF_PAGE }),
    );
    expect(fake.counts).toEqual({ '/cgi-bin/gettoken': 1, '/cgi-bin/get_jsapi_ticket': 1, '/cgi-bin/ticket/get': 1 });
  });

  it('answers a Chinese failure when the platform refuses, and a bad page address', async () => {
    fake.setFailing(true);
    expect((await t.call(routes.getShareData, { url: URL_OF_PAGE }, token)).body).toEqual({
      result: false,
      msg: '获取微信签名失败，请稍后重试',
      data: null,
    });
    expect((await t.call(routes.getShareData, { url: 'javascript:alert(1)' }, token)).body.msg).toBe('页面地址无效');
    expect((await t.call(routes.getShareData, { url: URL_OF_PAGE }, null)).status).toBe(401);
  });

  it('tells the page to copy the link when nothing is configured', async () => {
    const bare = await createTestContext();
    try {
      const employee = await makeEmployee(bare.database);
      const bareToken = await bare.login(employee.empNo, FACTORY_PASSWORD_HASH);
      for (const client of ['WECHAT', 'WECOM'] as const) {
        expect((await bare.call(routes.getShareData, { url: URL_OF_PAGE, client }, bareToken)).body).toEqual({
          result: false,
          msg: '未配置微信分享，请复制链接分享',
          data: null,
        });
      }
      expect((await bare.call(routes.checkWxData, { msg: 'x' }, bareToken)).body).toEqual({
        result: true,
        msg: '操作成功',
        data: { isConfigured: false },
      });
      expect((await bare.call(routes.checkWorkWxData, {}, bareToken)).body.data).toEqual({ isConfigured: false });
    } finally {
      await bare.close();
    }
  });
});

describe('messaging', () => {
  it('queues SendWxMsg in the outbox for the caller’s own account, and refuses an empty message', async () => {
    expect((await t.call(routes.checkWxData, {}, token)).body.data).toEqual({ isConfigured: true });
    expect((await t.call(routes.sendWxMsg, { msg: '您好' }, token)).body).toEqual({
      result: true,
      msg: '消息已发送',
      data: null,
    });
    const { rows } = await t.database.pool.query(
      "select target, command, payload, status from outbox_commands where command = 'SEND_MSG'",
    );
    expect(rows).toEqual([
      {
        target: 'wechat',
        command: 'SEND_MSG',
        payload: { empNo: expect.any(String), text: '您好' },
        status: 'pending',
      },
    ]);
    expect((await t.call(routes.sendWxMsg, { msg: ' ' }, token)).body).toEqual({
      result: false,
      msg: '请填写消息',
      data: null,
    });
  });
});
