// The socket on a phone's network: it signs in with the token, keeps alive, comes back after drops (backoff with
// jitter, at once when the page is looked at again or the network returns), renews a refused token, re-reads what
// it may have missed, and turns pushes into re-reads (and a toast for reviewers).
import { type ServerMessage, WS_CLOSE } from '@ess/contract/realtime-protocol';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Renewal } from './api-client';
import { queryKeys } from './query-keys';
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  createRealtimeClient,
  type RealtimeOptions,
  type SocketLike,
  startRealtime,
  stopRealtime,
} from './realtime';
import { clearSession } from './session';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  isClosedByClient = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.isClosedByClient = true;
    this.readyState = 3;
  }
  /** The server accepts the connection. */
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The server (or the network) ends the socket. */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  types() {
    return this.sent.map((message) => message.type);
  }
}

let sockets: FakeSocket[];
let token: string | undefined;
let renewals: Renewal[];
let notified: string[];
let endings: string[];
let queryClient: QueryClient;

const renew = vi.fn(async (): Promise<Renewal> => {
  const renewal = renewals.shift() ?? 'renewed';
  if (renewal === 'renewed') token = `token-${renew.mock.calls.length}`;
  return renewal;
});

const options = (overrides: Partial<RealtimeOptions> = {}): RealtimeOptions => ({
  queryClient,
  userId: 7,
  isReviewer: true,
  url: 'ws://app.test/ws',
  createSocket: (url) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  },
  readToken: () => token,
  renewAccessToken: renew,
  notify: (content) => notified.push(content),
  endSession: (message = '登录已过期,请重新登录') => endings.push(message),
  random: () => 1,
  ...overrides,
});

const last = () => {
  const socket = sockets[sockets.length - 1];
  if (!socket) throw new Error('no socket was opened');
  return socket;
};

/** Lets the promises of a renewal settle. */
const settle = async () => {
  await vi.advanceTimersByTimeAsync(0);
};

/** The latest socket opens and the server accepts its token. */
const signIn = () => {
  last().open();
  last().receive({ type: 'AUTH_OK', userId: 7 });
};

const isInvalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated === true;

const setVisibility = (visibility: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = 'token-0';
  renewals = [];
  notified = [];
  endings = [];
  renew.mockClear();
  queryClient = new QueryClient();
});

afterEach(() => {
  stopRealtime();
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('doubles from 1 s up to 30 s, each wait between half and all of its step', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => backoffDelay(attempt, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(20, () => 0)).toBe(BACKOFF_MAX_MS / 2);
  });
});

describe('realtime client', () => {
  it('signs in with the access token in its first message and says PING every 25 s', async () => {
    const client = createRealtimeClient(options());
    client.start();
    await settle();
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://app.test/ws');
    last().open();
    expect(last().sent).toEqual([{ type: 'AUTH', token: 'token-0' }]);
    last().receive({ type: 'AUTH_OK', userId: 7 });
    expect(client.state()).toBe('open');
    await vi.advanceTimersByTimeAsync(25_000);
    expect(last().types()).toEqual(['AUTH', 'PING']);
    last().receive({ type: 'PONG' });
    await vi.advanceTimersByTimeAsync(25_000);
    expect(last().types()).toEqual(['AUTH', 'PING', 'PING']);
    client.stop();
    expect(last().isClosedByClient).toBe(true);
  });

  it('reconnects after drops with a growing wait, and starts again from 1 s once signed in', async () => {
    const client = createRealtimeClient(options());
    client.start();
    await settle();
    const waits: number[] = [];
    for (let drop = 0; drop < 7; drop += 1) {
      const count = sockets.length;
      last().drop();
      let waited = 0;
      while (sockets.length === count) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);

    signIn();
    last().drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(8);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(9);
    client.stop();
  });

  it('comes back within a second when its instance stops (1012), to whichever instance answers', async () => {
    const client = createRealtimeClient(options());
    client.start();
    await settle();
    signIn();
    last().drop(WS_CLOSE.RESTARTING);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
    client.stop();
  });

  it('jitters the waits, so phones dropped together do not come back together', async () => {
    const client = createRealtimeClient(options({ random: () => 0 }));
    client.start();
    await settle();
    last().drop();
    await vi.advanceTimersByTimeAsync(499);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    client.stop();
  });

  it('re-reads after a reconnect what was read before the socket opened, not what is read since', async () => {
    const client = createRealtimeClient(options());
    client.start();
    await settle();
    signIn();
    queryClient.setQueryData(queryKeys.home.unreadMessages, []);
    queryClient.setQueryData(queryKeys.changeRequests.pendingCount, 1);
    queryClient.setQueryData(queryKeys.salary.payslip('2025-05'), {});
    await vi.advanceTimersByTimeAsync(10);

    last().drop();
    await vi.advanceTimersByTimeAsync(1000);
    last().open();
    // Read after the socket opened: already as fresh as the socket.
    queryClient.setQueryData(queryKeys.notices.person, { pages: [], pageParams: [] });
    last().receive({ type: 'AUTH_OK', userId: 7 });
    expect(isInvalidated(queryKeys.home.unreadMessages)).toBe(true);
    expect(isInvalidated(queryKeys.changeRequests.pendingCount)).toBe(true);
    expect(isInvalidated(queryKeys.notices.person)).toBe(false);
    // Nothing a push speaks of.
    expect(isInvalidated(queryKeys.salary.payslip('2025-05'))).toBe(false);
    client.stop();
  });

  it('on 4401 gets a fresh token and signs in again at once; a second refusal in a row waits', async () => {
    const client = createRealtimeClient(options());
    client.start();
    await settle();
    signIn();
    last().drop(4401);
    await settle();
    expect(renew).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ type: 'AUTH', token: 'token-1' }]);

    last().drop(4401);
    await settle();
    expect(renew).toHaveBeenCalledTimes(2);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(3);
    client.stop();
  });

  it('on 4403 (marked as left) stops and sends the phone to sign-in at once, saying the account is disabled', async () => {
    const client = createRealtimeClient(options());
    client.start();
    await settle();
    signIn();
    last().drop(4403);
    await settle();
    expect(client.state()).toBe('stopped');
    expect(renew).not.toHaveBeenCalled();
    expect(endings).toEqual(['该账号已停用（已离职），如有疑问请联系人事']);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
  });

  it('stops when the server refuses the refresh token too: the session is over, and sign-in comes at once', async () => {
    const client = createRealtimeClient(options());
    client.start();
    await settle();
    signIn();
    renewals = ['refused'];
    last().drop(4401);
    await settle();
    expect(client.state()).toBe('stopped');
    expect(endings).toEqual(['登录已过期,请重新登录']);
    await vi.advanceTimersByTimeAsync(120_000);
    setVisibility('visible');
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(sockets).toHaveLength(1);
  });

  it('renews a missing access cookie before connecting, and waits when the renewal does not get through', async () => {
    token = undefined;
    renewals = ['unreachable'];
    const client = createRealtimeClient(options());
    client.start();
    await settle();
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(renew).toHaveBeenCalledTimes(2);
    expect(sockets).toHaveLength(1);
    last().open();
    expect(last().sent).toEqual([{ type: 'AUTH', token: 'token-2' }]);
    client.stop();
  });

  it('comes back at once when the page is shown again or the network returns', async () => {
    const client = createRealtimeClient(options());
    client.start();
    await settle();
    last().drop();
    expect(client.state()).toBe('waiting');
    setVisibility('hidden');
    await settle();
    expect(sockets).toHaveLength(1);
    setVisibility('visible');
    await settle();
    expect(sockets).toHaveLength(2);

    last().drop();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(sockets).toHaveLength(3);
    client.stop();
  });

  it('proves an open socket lives when the page comes back, and replaces one that does not answer', async () => {
    const client = createRealtimeClient(options());
    client.start();
    await settle();
    signIn();
    setVisibility('visible');
    expect(last().types()).toEqual(['AUTH', 'PING']);
    last().receive({ type: 'PONG' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(sockets).toHaveLength(1);

    // Asleep in a pocket: the socket looks open but nothing comes back.
    window.dispatchEvent(new Event('online'));
    expect(last().types()).toEqual(['AUTH', 'PING', 'PING']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sockets[0]?.isClosedByClient).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
    client.stop();
  });

  it('gives up a socket whose PING stays unanswered until the next one is due', async () => {
    const client = createRealtimeClient(options());
    client.start();
    await settle();
    signIn();
    await vi.advanceTimersByTimeAsync(25_000);
    last().receive({ type: 'PONG' });
    await vi.advanceTimersByTimeAsync(25_000);
    expect(sockets[0]?.isClosedByClient).toBe(false);
    expect(last().types()).toEqual(['AUTH', 'PING', 'PING']);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(sockets[0]?.isClosedByClient).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
    client.stop();
  });

  it('waits for a token being renewed instead of connecting with the old one when the page comes back', async () => {
    let finishRenewal: (renewal: Renewal) => void = () => {};
    const slowRenew = vi.fn(
      () =>
        new Promise<Renewal>((resolve) => {
          finishRenewal = (renewal) => {
            token = 'token-fresh';
            resolve(renewal);
          };
        }),
    );
    const client = createRealtimeClient(options({ renewAccessToken: slowRenew }));
    client.start();
    await settle();
    signIn();
    last().drop(4401);
    setVisibility('visible');
    await settle();
    expect(sockets).toHaveLength(1);
    finishRenewal('renewed');
    await settle();
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ type: 'AUTH', token: 'token-fresh' }]);
    client.stop();
  });

  it('waits for the page to be looked at after another tab replaced its socket (4409)', async () => {
    const client = createRealtimeClient(options());
    client.start();
    await settle();
    signIn();
    last().drop(4409);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
    setVisibility('visible');
    await settle();
    expect(sockets).toHaveLength(2);
    client.stop();
  });

  it('invalidates what a push names, and toasts a new request to a reviewer', async () => {
    const client = createRealtimeClient(options());
    client.start();
    await settle();
    signIn();
    queryClient.setQueryData(queryKeys.changeRequests.list({ status: 'pending', bu: '', kind: '' }), {});
    queryClient.setQueryData(queryKeys.changeRequests.pendingCount, 1);
    queryClient.setQueryData(queryKeys.changeRequests.detail(3), {});
    queryClient.setQueryData(queryKeys.notices.person, {});

    last().receive({ type: 'NOTIFY', kind: 'change-request.submitted', content: '员工[100001]修改了学历信息,待审核' });
    expect(isInvalidated(queryKeys.changeRequests.list({ status: 'pending', bu: '', kind: '' }))).toBe(true);
    expect(isInvalidated(queryKeys.changeRequests.pendingCount)).toBe(true);
    expect(isInvalidated(queryKeys.changeRequests.detail(3))).toBe(false);
    expect(isInvalidated(queryKeys.notices.person)).toBe(false);
    expect(notified).toEqual(['员工[100001]修改了学历信息,待审核']);

    last().receive({ type: 'NOTIFY', kind: 'change-request.decided' });
    expect(isInvalidated(queryKeys.changeRequests.detail(3))).toBe(true);

    last().receive({ type: 'NOTIFY', kind: 'messages', content: '您提交的学历信息修改已审核通过' });
    expect(isInvalidated(queryKeys.notices.person)).toBe(true);
    expect(notified).toHaveLength(1);
    client.stop();
  });

  it('does not toast requests to someone who is no reviewer', async () => {
    const client = createRealtimeClient(options({ isReviewer: false }));
    client.start();
    await settle();
    signIn();
    last().receive({ type: 'NOTIFY', kind: 'change-request.submitted', content: '员工[100001]修改了学历信息,待审核' });
    expect(notified).toEqual([]);
    client.stop();
  });

  it('keeps one socket per signed-in employee, and closes it when the session is cleared', async () => {
    const first = startRealtime(options());
    expect(startRealtime(options())).toBe(first);
    await settle();
    signIn();
    const other = startRealtime(options({ userId: 8 }));
    expect(other).not.toBe(first);
    expect(first.state()).toBe('stopped');
    await settle();
    expect(sockets).toHaveLength(2);
    signIn();
    clearSession();
    expect(other.state()).toBe('stopped');
    expect(last().isClosedByClient).toBe(true);
  });
});
