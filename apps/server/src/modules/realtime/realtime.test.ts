// The websocket at /ws with real socket clients: sign-in by message, the spec's GET_ONLINE and SEND (the sender
// is always the socket's own employee), Group/GetSocketRole, and — on the real Redis — a push crossing from one
// server instance to another.
import { routes } from '@ess/contract';
import { MESSAGE_TYPE, type ServerMessage, WS_CLOSE } from '@ess/contract/realtime-protocol';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { FACTORY_PASSWORD_HASH, makeEmployee, shanghaiDay, TINY_PNG } from '../../../test/factories';
import { createTestContext, DEMO_PASSWORD_HASH, type TestContext } from '../../../test/harness';
import { uploadFile } from '../../../test/uploads';
import { buildApp } from '../../app';
import { sha256Hex } from '../../lib/passwords';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Client = { socket: WebSocket; received: ServerMessage[]; closed: Promise<number> };

const connect = async (app: FastifyInstance, token?: string): Promise<Client> => {
  const socket: WebSocket = await app.injectWS('/ws');
  const received: ServerMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString()) as ServerMessage));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  if (token) {
    socket.send(JSON.stringify({ type: 'AUTH', token }));
    await expect.poll(() => received.some((message) => message.type === 'AUTH_OK')).toBe(true);
  }
  return { socket, received, closed };
};

const employeeWithToken = async (roles = ['Employee']) => {
  const employee = await makeEmployee(t.database, { roles });
  return { ...employee, token: await t.login(employee.empNo, FACTORY_PASSWORD_HASH) };
};

/** A sign-in of the employee (a phone): its access token and refresh token. */
const signIn = async (app: FastifyInstance, empNo: string, password = FACTORY_PASSWORD_HASH) => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/${routes.checkLogin.path}`,
    payload: { userAccount: empNo, password, isRemember: true },
  });
  const { token, refreshToken } = response.json().data as { token: string; refreshToken: string };
  return { token, refreshToken };
};

/** Whether a socket is still served: a PING is answered only while it is open and signed in. */
const isServed = async (client: Client) => {
  const pongs = client.received.filter((message) => message.type === 'PONG').length;
  client.socket.send(JSON.stringify({ type: 'PING' }));
  await expect.poll(() => client.received.filter((message) => message.type === 'PONG').length).toBe(pongs + 1);
  return true;
};

describe('/ws', () => {
  it('closes a socket that signs in with a bad token, and refuses messages before a sign-in', async () => {
    const forged = await connect(t.app);
    forged.socket.send(JSON.stringify({ type: 'AUTH', token: 'not.a.token' }));
    expect(await forged.closed).toBe(WS_CLOSE.UNAUTHORIZED);
    const early = await connect(t.app);
    early.socket.send(JSON.stringify({ type: MESSAGE_TYPE.GET_ONLINE }));
    expect(await early.closed).toBe(WS_CLOSE.UNAUTHORIZED);
  });

  it('closes its sockets with 1012 when the instance stops, so phones connect again elsewhere at once', async () => {
    const instance = await buildApp({ config: t.config, database: t.database });
    await instance.ready();
    const worker = await employeeWithToken();
    const phone = await connect(instance, worker.token);
    await instance.close();
    expect(await phone.closed).toBe(WS_CLOSE.RESTARTING);
  });

  it('answers PING, GET_ONLINE with who is online, and SEND from the socket’s own employee', async () => {
    const [alice, bob] = [await employeeWithToken(), await employeeWithToken()];
    const a = await connect(t.app, alice.token);
    const b = await connect(t.app, bob.token);
    a.socket.send(JSON.stringify({ type: 'PING' }));
    await expect.poll(() => a.received.some((message) => message.type === 'PONG')).toBe(true);
    a.socket.send(JSON.stringify({ type: MESSAGE_TYPE.GET_ONLINE, To: 2 }));
    await expect
      .poll(() => a.received.find((message) => message.type === MESSAGE_TYPE.GET_ONLINE))
      .toEqual({ type: MESSAGE_TYPE.GET_ONLINE, online: expect.arrayContaining([alice.id, bob.id]) });
    // A forged SenderId is replaced by the sender's own.
    a.socket.send(JSON.stringify({ type: MESSAGE_TYPE.SEND, To: 1, SenderId: 1, ReceiverId: bob.id, Content: '你好' }));
    await expect
      .poll(() => b.received.find((message) => message.type === MESSAGE_TYPE.SEND))
      .toEqual({ type: MESSAGE_TYPE.SEND, SenderId: alice.id, ReceiverId: bob.id, Content: '你好' });
    a.socket.send('{not json');
    await expect.poll(() => a.received.some((message) => message.type === 'ERROR')).toBe(true);
    a.socket.terminate();
    b.socket.terminate();
  });

  it('cuts off a socket that floods the server', async () => {
    const flooder = await connect(t.app, (await employeeWithToken()).token);
    for (let index = 0; index < 40; index += 1) flooder.socket.send(JSON.stringify({ type: 'PING' }));
    expect(await flooder.closed).toBe(WS_CLOSE.TOO_MANY);
  });
});

describe('Group/GetSocketRole', () => {
  it('answers which of the users hold the role, as a list or comma-separated', async () => {
    const reviewer = await employeeWithToken(['Employee', 'AppVerify']);
    const worker = await employeeWithToken();
    const asList = await t.call(
      routes.getSocketRole,
      { users: [reviewer.id, worker.id], roleName: 'AppVerify' },
      worker.token,
    );
    expect(asList.body.data).toEqual([reviewer.id]);
    const asText = await t.call(
      routes.getSocketRole,
      { users: `${reviewer.id},${worker.id}`, roleName: 'AppVerify' },
      worker.token,
    );
    expect(asText.body.data).toEqual([reviewer.id]);
  });
});

describe('a session that ends closes its sockets at once', () => {
  const hr = async () => t.login('900001');

  it('on a password change: every phone of the employee', async () => {
    const worker = await employeeWithToken();
    const phone = await signIn(t.app, worker.empNo);
    const first = await connect(t.app, worker.token);
    const second = await connect(t.app, phone.token);
    const changed = await t.call(
      routes.changePwd,
      { oldPwd: FACTORY_PASSWORD_HASH, newPwd: sha256Hex('a-new-password-1') },
      worker.token,
    );
    expect(changed.body.result).toBe(true);
    expect(await first.closed).toBe(WS_CLOSE.UNAUTHORIZED);
    expect(await second.closed).toBe(WS_CLOSE.UNAUTHORIZED);
    // A new sign-in after the change is served as usual.
    const after = await signIn(t.app, worker.empNo, sha256Hex('a-new-password-1'));
    expect(await isServed(await connect(t.app, after.token))).toBe(true);
  });

  it('on a reset code used: the old sessions’ sockets close', async () => {
    const worker = await employeeWithToken();
    const client = await connect(t.app, worker.token);
    const code = await t.call(routes.issuePersonResetCode, { id: worker.id }, await hr());
    expect(code.body.result).toBe(true);
    expect((await t.call(routes.resetPassword, { code: code.body.data.code })).body.result).toBe(true);
    expect(await client.closed).toBe(WS_CLOSE.UNAUTHORIZED);
  });

  it('on being marked as left: the sockets close as the account disabled, so the phone signs out at once', async () => {
    const worker = await employeeWithToken();
    const client = await connect(t.app, worker.token);
    const left = await t.call(routes.markPersonLeft, { id: worker.id, leftOn: shanghaiDay() }, await hr());
    expect(left.body.result).toBe(true);
    expect(await client.closed).toBe(WS_CLOSE.ACCOUNT_DISABLED);
  });

  it('on sign-out: only the sockets of that session; the employee’s other phone stays served', async () => {
    const worker = await makeEmployee(t.database, {});
    const leaving = await signIn(t.app, worker.empNo);
    const staying = await signIn(t.app, worker.empNo);
    const leavingSocket = await connect(t.app, leaving.token);
    const stayingSocket = await connect(t.app, staying.token);
    expect((await t.call(routes.logout, { refreshToken: leaving.refreshToken }, leaving.token)).body.result).toBe(true);
    expect(await leavingSocket.closed).toBe(WS_CLOSE.UNAUTHORIZED);
    // The signed-out session's access token is refused too; the other phone's works on.
    expect((await t.call(routes.checkUserToken, {}, leaving.token)).status).toBe(401);
    expect((await t.call(routes.checkUserToken, {}, staying.token)).body.result).toBe(true);
    expect(await isServed(stayingSocket)).toBe(true);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

/** Two instances of the server on one database, each with a Redis connection of its own. */
const twoInstances = async () => {
  const redis = [new Redis(redisUrl as string), new Redis(redisUrl as string)] as const;
  const start = async (connection: Redis) => {
    const app = await buildApp({ config: t.config, database: t.database, redis: connection });
    await app.ready();
    return app;
  };
  const [first, second] = await Promise.all([start(redis[0]), start(redis[1])]);
  return { redis, first, second };
};

describe.skipIf(!redisUrl)('two server instances on Redis', () => {
  it('pushes a change sent to one instance to a reviewer on the other, and shares who is online', async () => {
    const { redis, first, second } = await twoInstances();
    try {
      const reviewer = await employeeWithToken(['Employee', 'AppVerify']);
      const worker = await employeeWithToken();
      const onSecond = await connect(second, reviewer.token);
      // Presence is written by the instance that holds the socket and read by the other.
      const asker = await connect(first, worker.token);
      asker.socket.send(JSON.stringify({ type: MESSAGE_TYPE.GET_ONLINE }));
      await expect
        .poll(() => asker.received.find((message) => message.type === MESSAGE_TYPE.GET_ONLINE))
        .toEqual({ type: MESSAGE_TYPE.GET_ONLINE, online: expect.arrayContaining([reviewer.id]) });

      const scan = await uploadFile(first, worker.token, { upType: 'CARD', file: TINY_PNG });
      const sent = await first.inject({
        method: 'POST',
        url: '/api/SystemNotice/ModifyNotice',
        headers: { token: worker.token },
        payload: {
          NoticeType: 'APP_EDIT_BANK',
          NoticeBody: { bank: { filePath: scan, bankNo: '6217001234567890122', bankName: '中国银行' } },
        },
      });
      expect(sent.json().result).toBe(true);
      await expect
        .poll(() => onSecond.received.find((message) => message.type === 'NOTIFY'))
        .toEqual({
          type: 'NOTIFY',
          kind: 'change-request.submitted',
          content: `员工[${worker.empNo}]修改了银行卡信息,待审核`,
        });
      onSecond.socket.terminate();
      asker.socket.terminate();
    } finally {
      await Promise.all([first.close(), second.close()]);
      for (const connection of redis) connection.disconnect();
    }
  });
  it('closes on the other instance, at once, the sockets of a session ended on this one', async () => {
    const { redis, first, second } = await twoInstances();
    try {
      const worker = await employeeWithToken();
      const onSecond = await connect(second, worker.token);
      const changed = await first.inject({
        method: 'POST',
        url: `/api/${routes.changePwd.path}`,
        headers: { token: worker.token },
        payload: { oldPwd: FACTORY_PASSWORD_HASH, newPwd: sha256Hex('a-new-password-2') },
      });
      expect(changed.json().result).toBe(true);
      expect(await onSecond.closed).toBe(WS_CLOSE.UNAUTHORIZED);
    } finally {
      await Promise.all([first.close(), second.close()]);
      for (const connection of redis) connection.disconnect();
    }
  });
  it('keeps two deployments on one Redis apart: no chat, push or session ending crosses between them', async () => {
    // Another installation: its own database (a clone of the same template, so the same employees and ids) on the
    // same Redis, with no setting of its own; and an instance on this database told another REDIS_PREFIX.
    const other = await createTestContext();
    const redis = [new Redis(redisUrl as string), new Redis(redisUrl as string), new Redis(redisUrl as string)];
    const [ours, theirs, prefixed] = await Promise.all([
      buildApp({ config: t.config, database: t.database, redis: redis[0] }),
      buildApp({ config: other.config, database: other.database, redis: redis[1] }),
      buildApp({ config: { ...t.config, REDIS_PREFIX: 'another-plant:' }, database: t.database, redis: redis[2] }),
    ]);
    const opened: Client[] = [];
    const open = async (app: FastifyInstance, empNo: string) => {
      const client = await connect(app, (await signIn(app, empNo, DEMO_PASSWORD_HASH)).token);
      opened.push(client);
      return client;
    };
    const chats = (client: Client) =>
      client.received.flatMap((message) => (message.type === MESSAGE_TYPE.SEND ? [message.Content] : []));
    try {
      const receiver = await open(ours, '100003');
      const receiverId = (receiver.received.find((message) => message.type === 'AUTH_OK') as { userId: number }).userId;
      // Sent over there to the same id: delivered there, never here.
      for (const app of [theirs, prefixed]) {
        const twin = await open(app, '100003');
        const sender = await open(app, '100004');
        sender.socket.send(JSON.stringify({ type: MESSAGE_TYPE.SEND, ReceiverId: receiverId, Content: '串台了' }));
        await expect.poll(() => chats(twin)).toEqual(['串台了']);
      }
      // The same employee's password changed over there: the session here is not theirs to end.
      const twinToken = (await signIn(theirs, '100003', DEMO_PASSWORD_HASH)).token;
      const changed = await theirs.inject({
        method: 'POST',
        url: `/api/${routes.changePwd.path}`,
        headers: { token: twinToken },
        payload: { oldPwd: DEMO_PASSWORD_HASH, newPwd: sha256Hex('a-new-password-3') },
      });
      expect(changed.json().result).toBe(true);
      // A chat sent here afterwards arrives alone: anything from over there would have come before it.
      const colleague = await open(ours, '100004');
      colleague.socket.send(JSON.stringify({ type: MESSAGE_TYPE.SEND, ReceiverId: receiverId, Content: '本厂消息' }));
      await expect.poll(() => chats(receiver)).toEqual(['本厂消息']);
      expect(await isServed(receiver)).toBe(true);
    } finally {
      for (const client of opened) client.socket.terminate();
      await Promise.all([ours.close(), theirs.close(), prefixed.close()]);
      for (const connection of redis) connection.disconnect();
      await other.close();
    }
  });
});
