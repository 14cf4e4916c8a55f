// Every server call: POST /api/<path>, typed by the contract, token in two headers, 30 s timeout,
// and the error rules of DESIGN §3 — with one rule above them: a worker is signed out only when the
// server says the session is over, never because a request was dropped on a weak network.
import type { DataOf, Envelope, RequestOf, RouteName, Routes } from '@ess/contract';
import { ADDRESSES, type Address } from '@ess/contract/addresses';
import { t } from '../i18n/zh-CN-shell';
import { clearAccessCookies, clearSession, readRefreshToken, readToken, storeTokens } from './session';
import { showToast } from './toast';

export const REQUEST_TIMEOUT_MS = 30_000;
const REFRESH_PATH = 'Account/RefreshToken';

export type ApiErrorKind = 'business' | 'unauthorized' | 'http' | 'network';

/** A failed call; `message` is what the user may be shown (the server's msg for business failures). */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  constructor(kind: ApiErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export type CallOptions = {
  signal?: AbortSignal;
  /** The caller reports failures itself: no toast, no redirect (used while restoring a session). */
  isQuiet?: boolean;
  /** Sent as Idempotency-Key: a repeated write (double tap, retry) then acts once. */
  idempotencyKey?: string;
};

type SessionOverHandler = (redirectPath: string) => void;
let onSessionOver: SessionOverHandler = (redirectPath) => {
  window.location.assign(`/login?redirect=${encodeURIComponent(redirectPath)}`);
};
/** The app replaces the default full-page redirect with a router navigation. */
export const setSessionOverHandler = (handler: SessionOverHandler) => {
  onSessionOver = handler;
};

export const currentPath = () => `${window.location.pathname}${window.location.search}`;

/**
 * Set while the page goes away (reload, closing the tab): the browser cuts off the calls in flight, which is
 * no network failure of the worker's, and must not clear the access cookie the next page needs.
 */
let isLeavingPage = false;
window.addEventListener('pagehide', () => {
  isLeavingPage = true;
});
window.addEventListener('pageshow', () => {
  isLeavingPage = false;
});

/** What a call sends: JSON, or the multipart form of an upload (the browser writes its content type). */
type Payload = { json: unknown } | { form: FormData };

const post = async (
  path: string,
  payload: Payload,
  { signal, idempotencyKey }: Pick<CallOptions, 'signal' | 'idempotencyKey'> = {},
): Promise<Response> => {
  const headers: Record<string, string> = 'json' in payload ? { 'content-type': 'application/json' } : {};
  const token = readToken();
  if (token) {
    headers.token = token;
    headers.authorization = `Bearer ${token}`;
  }
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const abortOnCaller = () => timeout.abort();
  signal?.addEventListener('abort', abortOnCaller);
  try {
    return await fetch(`/api/${path}`, {
      method: 'POST',
      headers,
      body: 'json' in payload ? JSON.stringify(payload.json ?? {}) : payload.form,
      signal: timeout.signal,
      credentials: 'same-origin',
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortOnCaller);
  }
};

/** What came of asking for a fresh token pair: the server may refuse, or the request may not get through. */
export type Renewal = 'renewed' | 'refused' | 'unreachable';

let renewing: Promise<Renewal> | undefined;
/**
 * Exchanges the refresh token for a fresh pair. Single-flight, because the refresh token rotates and
 * works once; another tab may have rotated it first, and then its new access cookie is as good.
 */
export const renewAccessToken = (): Promise<Renewal> => {
  const refreshToken = readRefreshToken();
  if (!refreshToken) return Promise.resolve('refused');
  renewing ??= (async (): Promise<Renewal> => {
    try {
      const response = await post(REFRESH_PATH, { json: { refreshToken } });
      if (!response.ok) return 'unreachable';
      const answer = (await response.json()) as Envelope<{ token: string; refreshToken: string } | null>;
      if (answer.result && answer.data) {
        storeTokens(answer.data);
        return 'renewed';
      }
      return readRefreshToken() !== refreshToken && readToken() ? 'renewed' : 'refused';
    } catch {
      return 'unreachable';
    } finally {
      renewing = undefined;
    }
  })();
  return renewing;
};

let isRedirecting = false;
/**
 * The server said the session is over: 登录已过期,请重新登录 (or why, when it said: 账号已停用…), then sign-in, back
 * here afterwards.
 */
export const endSession = (message: string = t.api.unauthorized) => {
  clearSession();
  if (isRedirecting) return;
  isRedirecting = true;
  // Several calls may fail together; one message and one navigation are enough.
  setTimeout(() => {
    isRedirecting = false;
  }, 1000);
  void showToast({ content: message, kind: 'fail' });
  onSessionOver(currentPath());
};

/** SPEC §8: an HTTP failure drops the access cookie (the refresh token stays) and says so for 3 s. */
const reportHttpFailure = () => {
  clearAccessCookies();
  void showToast({ content: t.api.serverError, kind: 'fail', durationMs: 3000 });
};

const unreachable = (isQuiet: boolean) => {
  if (!isQuiet) reportHttpFailure();
  return new ApiError('network', t.api.serverError);
};

const sessionOver = (isQuiet: boolean) => {
  if (!isQuiet) endSession();
  return new ApiError('unauthorized', t.api.unauthorized);
};

/**
 * One call under the session rules: a private call goes out with a token (renewed first when the access cookie
 * is gone), a 401 earns one renewal and one more try, and failures are told as DESIGN §3 says.
 */
const callAddress = async <T>(
  route: Address,
  payload: Payload,
  { signal, isQuiet = false, idempotencyKey }: CallOptions,
): Promise<Envelope<T>> => {
  const isPrivate = !route.isPublic;
  // A private call never goes out without a token: it would only earn a 401 for a session still alive.
  if (isPrivate && !readToken()) {
    const renewal = await renewAccessToken();
    if (renewal === 'refused') throw sessionOver(isQuiet);
    if (renewal === 'unreachable') throw unreachable(isQuiet);
  }
  const send = async () => {
    try {
      return await post(route.path, payload, { signal, idempotencyKey });
    } catch (error) {
      // A caller that went away (screen left, query cancelled, page left) is not a failure worth a toast.
      if (signal?.aborted || isLeavingPage) throw error;
      throw unreachable(isQuiet);
    }
  };
  let response = await send();
  if (response.status === 401 && isPrivate) {
    // The access token ran out or was cut short: one fresh pair, one more try.
    const renewal = await renewAccessToken();
    if (renewal === 'unreachable') throw unreachable(isQuiet);
    if (renewal === 'renewed') response = await send();
    if (renewal === 'refused' || response.status === 401) throw sessionOver(isQuiet);
  }
  let answer: Envelope<T> | undefined;
  try {
    answer = (await response.json()) as Envelope<T>;
  } catch {
    answer = undefined;
  }
  const isEnvelope = answer !== undefined && answer !== null && typeof answer.result === 'boolean';
  // Refusals the server words itself (403 权限不足, 404 接口不存在, 503 系统繁忙 while it sheds load) are told as
  // such, not as a failure.
  if (!response.ok && !(isEnvelope && (response.status < 500 || response.status === 503))) {
    if (!isQuiet) reportHttpFailure();
    throw new ApiError('http', t.api.serverError);
  }
  if (!answer || !isEnvelope) {
    if (!isQuiet) reportHttpFailure();
    throw new ApiError('http', t.api.serverError);
  }
  if (!answer.result) throw new ApiError('business', answer.msg || t.api.serverError);
  return answer;
};

/**
 * The whole envelope, for callers that need totalCount. A call is named as in the contract's route table; its
 * path and access come from the contract's zod-free address table, its types from the route (types only), so
 * a screen that validates nothing itself loads no schema library.
 */
export const callApiEnvelope = <N extends RouteName>(
  name: N,
  body: RequestOf<Routes[N]>,
  options: CallOptions = {},
): Promise<Envelope<DataOf<Routes[N]>>> => callAddress(ADDRESSES[name], { json: body }, options);

/** The calls whose body is a multipart form (uploads). */
export type MultipartRouteName = {
  [N in RouteName]: (typeof ADDRESSES)[N] extends { isMultipart: true } ? N : never;
}[RouteName];

/** A multipart call (an upload) under the same session rules as every other call. */
export const callMultipartEnvelope = <N extends MultipartRouteName>(
  name: N,
  form: FormData,
  options: CallOptions = {},
): Promise<Envelope<DataOf<Routes[N]>>> => callAddress(ADDRESSES[name], { form }, options);

/** The public calls (no token). */
export type PublicRouteName = {
  [N in RouteName]: (typeof ADDRESSES)[N] extends { isPublic: true } ? N : never;
}[RouteName];

/**
 * A public call read by GET, which the browser's cache may answer: the server tags the answer (ETag) and the
 * browser asks again with the tag, answered 304 without a body while nothing changed (Site/GetFace, on every page
 * load). Quiet: no toast and no sign-out; the caller keeps what it had when it fails.
 */
export const readPublicData = async <N extends PublicRouteName>(
  name: N,
  { signal }: Pick<CallOptions, 'signal'> = {},
): Promise<DataOf<Routes[N]>> => {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const abortOnCaller = () => timeout.abort();
  signal?.addEventListener('abort', abortOnCaller);
  try {
    const response = await fetch(`/api/${ADDRESSES[name].path}`, {
      credentials: 'same-origin',
      signal: timeout.signal,
    });
    const answer = (await response.json()) as Envelope<DataOf<Routes[N]>> | null;
    if (!response.ok || !answer?.result) throw new ApiError('http', answer?.msg || t.api.serverError);
    return answer.data;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortOnCaller);
  }
};

/** The answer's data; rejects with the server's msg when result is false. */
export const callApi = async <N extends RouteName>(
  name: N,
  body: RequestOf<Routes[N]>,
  options?: CallOptions,
): Promise<DataOf<Routes[N]>> => (await callApiEnvelope(name, body, options)).data;

/** The text to show for a failed call. */
export const describeError = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : t.api.serverError;
