// The live sockets of this instance: who is on which, the spec's messages (GET_ONLINE, SEND), and the pushes that
// wake a screen when the Notifier announces something for its employee (or its role). A socket signs in with its
// first message (the access token, never in a URL), says PING every 25 s, and is dropped after 75 s of silence or
// when its token runs out (the client signs in again and reconnects). Who is online across instances lives in
// Redis when there is one.
import { randomUUID } from 'node:crypto';
import {
  type ClientMessage,
  MESSAGE_TYPE,
  SESSION_ENDED_LEFT,
  type ServerMessage,
  WS_CLOSE,
  WS_PING_MS,
} from '@ess/contract/realtime-protocol';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import type { Caller } from '../../core/caller';
import { ANNOUNCEMENTS_CHANGED, type Notification, type Notifier } from '../../core/notifier';

export type SocketCaller = Caller & { expiresAt: number };

type Connection = {
  socket: WebSocket;
  caller?: SocketCaller;
  /** The token it signed in with, to read the caller's roles anew when their access changes. */
  token?: string;
  /** Counts those readings: only the latest one's answer is kept. */
  accessReads?: number;
  lastHeard: number;
  /** Messages in the current window, for the rate limit. */
  recent: number;
  windowStart: number;
};

const SIGN_IN_WITHIN_MS = 10_000;
const SILENCE_LIMIT_MS = 3 * WS_PING_MS;
const SWEEP_MS = 15_000;
const MAX_SOCKETS_PER_EMPLOYEE = 5;
const MESSAGES_PER_WINDOW = 30;
const WINDOW_MS = 10_000;
const MAX_CONTENT_LENGTH = 500;
const PRESENCE_TTL_MS = 90_000;
/** How long a stopping instance waits for a socket to answer its close before cutting it. */
const CLOSE_GRACE_MS = 1000;

export type Hub = {
  accept: (socket: WebSocket) => void;
  /** Employee ids with a socket open here, or on any instance when Redis is there. */
  online: () => Promise<number[]>;
  /** Sockets open on this instance (benchmarks and tests). */
  size: () => number;
  close: () => Promise<void>;
};

export const createHub = ({
  notifier,
  verify,
  redis: shared,
}: {
  notifier: Notifier;
  /** The caller of an access token and when it runs out; undefined for a token that is no good. */
  verify: (token: string) => Promise<SocketCaller | undefined>;
  /** Who is online across instances: a sorted set under the deployment's own key (core/redis-names.ts). */
  redis?: { client: Redis; presenceKey: string };
}): Hub => {
  const redis = shared?.client;
  const presenceKey = shared?.presenceKey ?? '';
  const instanceId = randomUUID();
  const connections = new Set<Connection>();
  const byEmployee = new Map<number, Set<Connection>>();

  const send = (connection: Connection, message: ServerMessage) => {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message));
  };

  const markOnline = async (employeeIds: readonly number[]) => {
    if (!redis || employeeIds.length === 0) return;
    const until = Date.now() + PRESENCE_TTL_MS;
    await redis
      .zadd(presenceKey, ...employeeIds.flatMap((id) => [until, `${instanceId}:${id}`]))
      .catch(() => undefined);
  };
  const markOffline = async (employeeId: number) => {
    await redis?.zrem(presenceKey, `${instanceId}:${employeeId}`).catch(() => undefined);
  };

  const drop = (connection: Connection, code?: number, reason?: string) => {
    if (code) connection.socket.close(code, reason);
    else connection.socket.terminate();
  };

  const forget = (connection: Connection) => {
    connections.delete(connection);
    const employeeId = connection.caller?.id;
    if (employeeId === undefined) return;
    const own = byEmployee.get(employeeId);
    own?.delete(connection);
    if (own && own.size === 0) {
      byEmployee.delete(employeeId);
      void markOffline(employeeId);
    }
  };

  const signIn = async (connection: Connection, token: string) => {
    const caller = await verify(token);
    if (!caller) return drop(connection, WS_CLOSE.UNAUTHORIZED, 'unauthorized');
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    connection.caller = caller;
    connection.token = token;
    const own = byEmployee.get(caller.id) ?? new Set<Connection>();
    byEmployee.set(caller.id, own);
    own.add(connection);
    // A phone that reconnects without closing its old sockets must not pile them up.
    if (own.size > MAX_SOCKETS_PER_EMPLOYEE) {
      const oldest = own.values().next().value;
      if (oldest) drop(oldest, WS_CLOSE.REPLACED, 'replaced');
    }
    send(connection, { type: 'AUTH_OK', userId: caller.id });
    await markOnline([caller.id]);
  };

  const deliverChat = (senderId: number, receiverId: number, content: string) => {
    for (const connection of byEmployee.get(receiverId) ?? []) {
      send(connection, { type: MESSAGE_TYPE.SEND, SenderId: senderId, ReceiverId: receiverId, Content: content });
    }
  };

  const onMessage = async (connection: Connection, text: string) => {
    const now = Date.now();
    connection.lastHeard = now;
    if (now - connection.windowStart > WINDOW_MS) {
      connection.windowStart = now;
      connection.recent = 0;
    }
    connection.recent += 1;
    if (connection.recent > MESSAGES_PER_WINDOW) return drop(connection, WS_CLOSE.TOO_MANY, 'too many messages');
    let message: ClientMessage;
    try {
      message = JSON.parse(text) as ClientMessage;
    } catch {
      return send(connection, { type: 'ERROR', msg: '消息格式无效' });
    }
    if (!message || typeof message !== 'object') return send(connection, { type: 'ERROR', msg: '消息格式无效' });
    if (message.type === 'AUTH') {
      if (connection.caller || typeof message.token !== 'string') return;
      return signIn(connection, message.token);
    }
    const { caller } = connection;
    if (!caller) return drop(connection, WS_CLOSE.UNAUTHORIZED, 'unauthorized');
    switch (message.type) {
      case 'PING':
        return send(connection, { type: 'PONG' });
      case MESSAGE_TYPE.GET_ONLINE:
        return send(connection, { type: MESSAGE_TYPE.GET_ONLINE, online: await hub.online() });
      case MESSAGE_TYPE.SEND: {
        // The sender is the socket's own employee, whatever SenderId says (DESIGN §4).
        const receiverId = Number(message.ReceiverId);
        const content = typeof message.Content === 'string' ? message.Content.slice(0, MAX_CONTENT_LENGTH) : '';
        if (!Number.isSafeInteger(receiverId) || receiverId <= 0 || content === '') {
          return send(connection, { type: 'ERROR', msg: '接收人或内容无效' });
        }
        await notifier.publish({ employeeIds: [receiverId], kind: 'chat', payload: { content, senderId: caller.id } });
        return;
      }
      default:
        return send(connection, { type: 'ERROR', msg: '未知的消息类型' });
    }
  };

  /**
   * The employees' access changed: their sockets take their roles anew, so that a role taken stops the role's pushes
   * (the reviewers' carry employees' numbers) at once. Until the new access is read the sockets hold no role. A
   * socket whose token no longer holds (its session ended: a new password, a reset, signed out, left) is closed as
   * unauthorized, on every instance, since every instance hears the change.
   */
  const readRolesAnew = (employeeIds: readonly number[]) => {
    for (const id of employeeIds) {
      for (const connection of byEmployee.get(id) ?? []) {
        const { caller, token } = connection;
        if (!caller || !token) continue;
        connection.caller = { ...caller, roles: [], menuCodes: new Set(), adminPlants: new Set() };
        const read = (connection.accessReads ?? 0) + 1;
        connection.accessReads = read;
        void verify(token)
          .then((renewed) => {
            if (connection.accessReads !== read) return;
            if (!renewed) return drop(connection, WS_CLOSE.UNAUTHORIZED, 'session ended');
            if (connection.caller) connection.caller = renewed;
          })
          .catch(() => {});
      }
    }
  };

  const deliver = ({ employeeIds, role, kind, payload }: Notification) => {
    if (kind === 'chat') {
      for (const receiverId of employeeIds ?? [])
        deliverChat(payload?.senderId ?? 0, receiverId, payload?.content ?? '');
      return;
    }
    if (kind === 'access') {
      readRolesAnew(employeeIds ?? []);
      return;
    }
    if (kind === ANNOUNCEMENTS_CHANGED) return;
    if (kind === 'session.ended') {
      // A leaver's phone goes to sign-in at once, told the account is disabled; any other ended session renews or
      // signs in again.
      const code = payload?.content === SESSION_ENDED_LEFT ? WS_CLOSE.ACCOUNT_DISABLED : WS_CLOSE.UNAUTHORIZED;
      for (const id of employeeIds ?? []) {
        for (const connection of byEmployee.get(id) ?? []) drop(connection, code, 'session ended');
      }
      return;
    }
    const message: ServerMessage = { type: 'NOTIFY', kind, ...(payload?.content ? { content: payload.content } : {}) };
    const reached = new Set<Connection>();
    for (const id of employeeIds ?? []) for (const connection of byEmployee.get(id) ?? []) reached.add(connection);
    if (role) {
      for (const connection of connections) if (connection.caller?.roles.includes(role)) reached.add(connection);
    }
    for (const connection of reached) send(connection, message);
  };
  const unsubscribe = notifier.subscribe(deliver);

  // Silent sockets (a phone gone to sleep without closing), sockets whose token ran out, sockets that never signed
  // in; and the presence of the rest kept fresh.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const connection of connections) {
      if (!connection.caller && now - connection.lastHeard > SIGN_IN_WITHIN_MS) drop(connection, WS_CLOSE.UNAUTHORIZED);
      else if (connection.caller && connection.caller.expiresAt <= now)
        drop(connection, WS_CLOSE.UNAUTHORIZED, 'expired');
      else if (now - connection.lastHeard > SILENCE_LIMIT_MS) drop(connection);
    }
    void markOnline([...byEmployee.keys()]);
    void redis?.zremrangebyscore(presenceKey, '-inf', now).catch(() => undefined);
  }, SWEEP_MS);
  sweep.unref();

  const hub: Hub = {
    accept: (socket) => {
      const connection: Connection = { socket, lastHeard: Date.now(), recent: 0, windowStart: Date.now() };
      connections.add(connection);
      socket.on('message', (data, isBinary) => {
        if (isBinary) return drop(connection, 1003, 'text only');
        void onMessage(connection, data.toString()).catch(() => drop(connection, 1011));
      });
      socket.on('close', () => forget(connection));
      socket.on('error', () => forget(connection));
    },
    online: async () => {
      if (redis) {
        try {
          const members = await redis.zrangebyscore(presenceKey, Date.now(), '+inf');
          return [...new Set(members.map((member) => Number(member.split(':')[1])))].filter(Number.isSafeInteger);
        } catch {
          // Redis is away: what this instance knows.
        }
      }
      return [...byEmployee.keys()];
    },
    size: () => connections.size,
    close: async () => {
      clearInterval(sweep);
      unsubscribe();
      // A stop says so (1012) with a proper close, so phones come back at once to another instance; a socket that
      // does not answer its close in time is cut.
      const closing = [...connections].map(
        (connection) =>
          new Promise<void>((resolve) => {
            const cut = setTimeout(() => {
              connection.socket.terminate();
              resolve();
            }, CLOSE_GRACE_MS);
            connection.socket.once('close', () => {
              clearTimeout(cut);
              resolve();
            });
            connection.socket.close(WS_CLOSE.RESTARTING, 'restarting');
          }),
      );
      await Promise.all([...closing, ...[...byEmployee.keys()].map(markOffline)]);
    },
  };
  return hub;
};
