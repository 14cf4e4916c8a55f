// Every server call: POST /api/<path>, typed by the contract, token in two headers, 30 s timeout,
// and the error rules of DESIGN §3 (401 → sign-in, other HTTP failures → toast, result:false → reject).
import type { DataOf, Envelope, RequestOf, RouteSpec } from '@ess/contract';
import { t } from '../i18n/zh-CN';
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
};

type UnauthorizedHandler = (redirectPath: string) => void;
let onUnauthorized: UnauthorizedHandler = (redirectPath) => {
  window.location.assign(`/login?redirect=${encodeURIComponent(redirectPath)}`);
};
/** The app replaces the default full-page redirect with a router navigation. */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler) => {
  onUnauthorized = handler;
};

export const currentPath = () => `${window.location.pathname}${window.location.search}`;

const post = async (path: string, body: unknown, signal?: AbortSignal): Promise<Response> => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = readToken();
  if (token) {
    headers.token = token;
    headers.authorization = `Bearer ${token}`;
  }
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const abortOnCaller = () => timeout.abort();
  signal?.addEventListener('abort', abortOnCaller);
  try {
    return await fetch(`/api/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      signal: timeout.signal,
      credentials: 'same-origin',
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortOnCaller);
  }
};

let refreshing: Promise<boolean> | undefined;
/**
 * The access cookie lives 2 h and is dropped after a network failure; while a refresh token remains,
 * a private call first gets a fresh pair instead of sending the user back to sign in. Single-flight,
 * because the refresh token rotates and works once.
 */
export const renewAccessToken = (): Promise<boolean> => {
  const refreshToken = readRefreshToken();
  if (!refreshToken) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const response = await post(REFRESH_PATH, { refreshToken });
      if (!response.ok) return false;
      const answer = (await response.json()) as Envelope<{ token: string; refreshToken: string } | null>;
      if (!answer.result || !answer.data) return false;
      storeTokens(answer.data);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
};

let isRedirecting = false;
const handleUnauthorized = () => {
  clearSession();
  if (isRedirecting) return;
  isRedirecting = true;
  // Several calls may fail together; one navigation is enough.
  setTimeout(() => {
    isRedirecting = false;
  }, 1000);
  onUnauthorized(currentPath());
};

const handleHttpFailure = () => {
  clearAccessCookies();
  void showToast({ content: t.api.serverError, kind: 'fail', durationMs: 3000 });
};

/**
 * What a call needs of a route at run time: its path and whether it is public. The sign-in screen
 * passes this with the route's type instead of the contract route, so zod stays out of its bundle.
 */
export type RouteAddress<R extends RouteSpec> = Pick<R, 'path' | 'isPublic'>;

/** The whole envelope, for callers that need totalCount. */
export const callApiEnvelope = async <R extends RouteSpec>(
  route: R | RouteAddress<R>,
  body: RequestOf<R>,
  { signal, isQuiet = false }: CallOptions = {},
): Promise<Envelope<DataOf<R>>> => {
  if (!route.isPublic && !readToken()) await renewAccessToken();
  let response: Response;
  try {
    response = await post(route.path, body, signal);
  } catch (error) {
    // A caller that went away (screen left, query cancelled) is not a failure worth a toast.
    if (signal?.aborted) throw error;
    if (!isQuiet) handleHttpFailure();
    throw new ApiError('network', t.api.serverError);
  }
  if (response.status === 401) {
    if (!isQuiet) handleUnauthorized();
    throw new ApiError('unauthorized', t.api.unauthorized);
  }
  let answer: Envelope<DataOf<R>> | undefined;
  if (response.ok) {
    try {
      answer = (await response.json()) as Envelope<DataOf<R>>;
    } catch {
      answer = undefined;
    }
  }
  if (!answer || typeof answer.result !== 'boolean') {
    if (!isQuiet) handleHttpFailure();
    throw new ApiError('http', t.api.serverError);
  }
  if (!answer.result) throw new ApiError('business', answer.msg || t.api.serverError);
  return answer;
};

/** The answer's data; rejects with the server's msg when result is false. */
export const callApi = async <R extends RouteSpec>(
  route: R | RouteAddress<R>,
  body: RequestOf<R>,
  options?: CallOptions,
): Promise<DataOf<R>> => (await callApiEnvelope(route, body, options)).data;

/** The text to show for a failed call. */
export const describeError = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : t.api.serverError;
