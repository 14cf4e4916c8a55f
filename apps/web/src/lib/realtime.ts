// The websocket at /ws, open on every signed-in screen: it signs in with its first message, says PING every
// 25 s, and comes back after every drop (backoff with jitter, at once when the page is shown again or the
// network returns). A push only wakes the screens: they re-read the matching data by REST, because the rows
// are the truth, and after every (re)connect whatever was read before the socket could hear is read again.
// No zod here and nothing newer than the old WebViews have: the shell holds this module on every screen.
import { type NotifyKind, type ServerMessage, WS_CLOSE, WS_PATH, WS_PING_MS } from '@ess/contract/realtime-protocol';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { t } from '../i18n/zh-CN-shell';
import { endSession, type Renewal, renewAccessToken } from './api-client';
import { CURRENT_USER_KEY } from './current-user';
import { queryKeys } from './query-keys';
import { onSessionCleared, readToken } from './session';
import { showToast } from './toast';

/** The first wait after a drop, and the longest. */
export const BACKOFF_FIRST_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
/** A socket not signed in by then (a connect that hangs on a weak network) is given up and tried again. */
export const SIGN_IN_TIMEOUT_MS = 15_000;
/** After a page comes back or the network returns, an open socket must answer a PING within this. */
export const PROBE_TIMEOUT_MS = 5000;
/** After 4429 (too many messages) the next try waits at least this step of the backoff (8–16 s). */
const TOO_MANY_ATTEMPT = 4;

/** Each wait is between half and all of 1 s × 2^attempt, capped at 30 s ("equal jitter"). */
export const backoffDelay = (attempt: number, random: () => number = Math.random) => {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
};

/** What may have changed when a push of this kind arrives; the screens showing it read it again. */
export const KEYS_BY_KIND: Record<NotifyKind, readonly QueryKey[]> = {
  // Reviewers: a new request (and the message row written for it).
  'change-request.submitted': [
    queryKeys.changeRequests.lists,
    queryKeys.changeRequests.pendingCount,
    queryKeys.home.unreadMessages,
  ],
  // Reviewers: a request decided, maybe the one on screen.
  'change-request.decided': [queryKeys.changeRequests.all],
  // The employee: a message (the decision on a change: the notice, the records themselves).
  messages: [queryKeys.home.unreadMessages, queryKeys.notices.person, queryKeys.records.all],
  // The HR console: the import jobs on screen and the history (admin/pages/imports).
  'import.progress': [queryKeys.console.imports],
  // Never arrives as a push: the server closes the sockets instead (4403 for a leaver).
  'session.ended': [],
  // Roles or menus changed: the app's menus (its screens and tiles follow them) and the console's session.
  menus: [CURRENT_USER_KEY, queryKeys.console.session],
};

/** Everything a push could have said while the socket was away. */
export const RESYNC_KEYS: readonly QueryKey[] = [
  queryKeys.home.unreadMessages,
  queryKeys.notices.person,
  queryKeys.records.all,
  queryKeys.changeRequests.all,
  queryKeys.console.imports,
];

/** What the client needs of a WebSocket (the browser's, or a test's stand-in). */
export type SocketLike = {
  readonly readyState: number;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

export type RealtimeOptions = {
  queryClient: QueryClient;
  /** The signed-in employee: a new one gets a new socket. */
  userId: number;
  /** Holders of the review menu see a toast for each request sent to them. */
  isReviewer: boolean;
  url?: string;
  createSocket?: (url: string) => SocketLike;
  readToken?: () => string | undefined;
  renewAccessToken?: () => Promise<Renewal>;
  notify?: (content: string) => void;
  /** The server ended the session for good (marked as left; a refused renewal): sign-in now, told why. */
  endSession?: (message?: string) => void;
  random?: () => number;
  now?: () => number;
};

export type RealtimeState = 'connecting' | 'open' | 'waiting' | 'replaced' | 'stopped';

export type RealtimeClient = {
  readonly userId: number;
  start: () => void;
  stop: () => void;
  setReviewer: (isReviewer: boolean) => void;
  state: () => RealtimeState;
};

const OPEN = 1;

export const socketUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${WS_PATH}`;

const parse = (data: unknown): ServerMessage | undefined => {
  if (typeof data !== 'string') return undefined;
  try {
    const message = JSON.parse(data) as ServerMessage;
    return message && typeof message === 'object' ? message : undefined;
  } catch {
    return undefined;
  }
};

export const createRealtimeClient = (options: RealtimeOptions): RealtimeClient => {
  const {
    queryClient,
    userId,
    url = socketUrl(),
    createSocket = (address: string) => new WebSocket(address) as unknown as SocketLike,
    random = Math.random,
    now = Date.now,
  } = options;
  const tokenOf = options.readToken ?? readToken;
  const renew = options.renewAccessToken ?? renewAccessToken;
  const notify = options.notify ?? ((content: string) => void showToast({ content, durationMs: 3000 }));
  const sessionOver = options.endSession ?? endSession;
  let isReviewer = options.isReviewer;

  let state: RealtimeState = 'stopped';
  let socket: SocketLike | undefined;
  /** Drops since the last successful sign-in: the next wait grows with it. */
  let attempt = 0;
  /** The last socket was refused its token (4401) before signing in: a second refusal waits its turn. */
  let wasRefused = false;
  let openedAt = 0;
  let lastHeard = 0;
  /** A PING went out and nothing came back yet: still so at the next PING, the socket is dead though it looks open. */
  let isPingUnanswered = false;
  /** A refused token is being renewed: the close handler reconnects when it is done. */
  let isRenewing = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let signInTimer: ReturnType<typeof setTimeout> | undefined;
  let probeTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  const clearTimers = () => {
    clearTimeout(retryTimer);
    clearTimeout(signInTimer);
    clearTimeout(probeTimer);
    clearInterval(pingTimer);
    retryTimer = signInTimer = probeTimer = pingTimer = undefined;
  };

  const send = (message: object) => {
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  /** Lets go of the socket: its late events are ignored. */
  const release = () => {
    const old = socket;
    socket = undefined;
    clearTimers();
    if (!old) return;
    old.onopen = old.onmessage = old.onclose = old.onerror = null;
    try {
      old.close();
    } catch {
      // Closing a socket that never connected may throw in old WebViews; it is gone either way.
    }
  };

  const invalidate = (keys: readonly QueryKey[], isWanted?: (query: Query) => boolean) => {
    for (const queryKey of keys) {
      void queryClient.invalidateQueries({ queryKey, predicate: isWanted }).catch(() => {});
    }
  };

  /** Data read before this socket opened may have missed a push; reads still under way are left to finish. */
  const resync = (since: number) =>
    invalidate(RESYNC_KEYS, (query) => query.state.fetchStatus !== 'fetching' && query.state.dataUpdatedAt < since);

  const schedule = (delay: number) => {
    clearTimers();
    state = 'waiting';
    retryTimer = setTimeout(() => void connect(), delay);
  };

  const scheduleRetry = () => {
    const delay = backoffDelay(attempt, random);
    attempt += 1;
    schedule(delay);
  };

  const stop = () => {
    state = 'stopped';
    release();
  };

  const lose = () => {
    release();
    scheduleRetry();
  };

  const onMessage = (message: ServerMessage) => {
    switch (message.type) {
      case 'AUTH_OK':
        clearTimeout(signInTimer);
        state = 'open';
        attempt = 0;
        wasRefused = false;
        clearInterval(pingTimer);
        isPingUnanswered = false;
        pingTimer = setInterval(() => {
          // Counted in PINGs, not seconds: a hidden page's timers run late, and a late PING is no dead socket.
          if (isPingUnanswered) return lose();
          isPingUnanswered = true;
          send({ type: 'PING' });
        }, WS_PING_MS);
        resync(openedAt);
        return;
      case 'NOTIFY':
        invalidate(KEYS_BY_KIND[message.kind] ?? []);
        if (message.kind === 'change-request.submitted' && isReviewer && message.content) notify(message.content);
        return;
      default:
        return;
    }
  };

  const onClose = async (code: number) => {
    socket = undefined;
    clearTimers();
    if (state === 'stopped') return;
    if (code === WS_CLOSE.REPLACED) {
      // Another tab of this employee took the place: this one waits until it is looked at again.
      state = 'replaced';
      return;
    }
    if (code === WS_CLOSE.TOO_MANY) {
      attempt = Math.max(attempt, TOO_MANY_ATTEMPT);
      scheduleRetry();
      return;
    }
    if (code === WS_CLOSE.ACCOUNT_DISABLED) {
      // HR marked the employee as left: the phone goes to sign-in at once instead of at its next tap.
      stop();
      return sessionOver(t.api.accountDisabled);
    }
    if (code === WS_CLOSE.UNAUTHORIZED) {
      // The token ran out or was cut short: a fresh one, then at once (a second refusal in a row waits).
      state = 'waiting';
      isRenewing = true;
      const renewal = await renew().finally(() => {
        isRenewing = false;
      });
      if (state !== 'waiting' || socket) return;
      if (renewal === 'refused') {
        // The session ended elsewhere (a new password, a reset): sign-in now, not at the next tap.
        stop();
        return sessionOver();
      }
      if (renewal === 'renewed' && !wasRefused) {
        wasRefused = true;
        return schedule(0);
      }
      wasRefused = true;
      scheduleRetry();
      return;
    }
    scheduleRetry();
  };

  const connect = async () => {
    if (state === 'stopped') return;
    release();
    state = 'connecting';
    let token = tokenOf();
    if (!token) {
      // The access cookie is gone (it lives 2 h, and an HTTP failure drops it): a fresh one first.
      const renewal = await renew();
      if (state !== 'connecting' || socket) return;
      if (renewal === 'refused') return stop();
      token = tokenOf();
      if (renewal === 'unreachable' || !token) return scheduleRetry();
    }
    let next: SocketLike;
    try {
      next = createSocket(url);
    } catch {
      return scheduleRetry();
    }
    socket = next;
    const signedToken = token;
    next.onopen = () => {
      openedAt = now();
      lastHeard = openedAt;
      next.send(JSON.stringify({ type: 'AUTH', token: signedToken }));
    };
    next.onmessage = (event) => {
      lastHeard = now();
      isPingUnanswered = false;
      const message = parse(event.data);
      if (message) onMessage(message);
    };
    next.onclose = (event) => void onClose(event.code);
    next.onerror = () => {
      // A close event follows, and decides.
    };
    signInTimer = setTimeout(lose, SIGN_IN_TIMEOUT_MS);
  };

  /** The page is shown again, or the network is back: a socket away comes back now, an open one proves it lives. */
  const wake = () => {
    if (state === 'stopped' || state === 'connecting' || isRenewing) return;
    if (state === 'open') {
      if (probeTimer) return;
      const askedAt = now();
      send({ type: 'PING' });
      probeTimer = setTimeout(() => {
        probeTimer = undefined;
        if (lastHeard < askedAt) lose();
      }, PROBE_TIMEOUT_MS);
      return;
    }
    void connect();
  };

  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') wake();
  };

  return {
    userId,
    start: () => {
      if (state !== 'stopped') return;
      state = 'waiting';
      document.addEventListener('visibilitychange', onVisibilityChange);
      window.addEventListener('online', wake);
      void connect();
    },
    stop: () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('online', wake);
      stop();
    },
    setReviewer: (value) => {
      isReviewer = value;
    },
    state: () => state,
  };
};

let current: RealtimeClient | undefined;

/** Opens the socket of the signed-in employee (once; again for another employee). The shell calls it. */
export const startRealtime = (options: RealtimeOptions) => {
  if (current && current.userId === options.userId && current.state() !== 'stopped') {
    current.setReviewer(options.isReviewer);
    return current;
  }
  current?.stop();
  current = createRealtimeClient(options);
  current.start();
  return current;
};

/** Closes the socket: the session is over (signed out, or the server refused the refresh token). */
export const stopRealtime = () => {
  current?.stop();
  current = undefined;
};

onSessionCleared(stopRealtime);
