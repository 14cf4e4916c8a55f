// Session cookies (DESIGN §4): the access token, the signed-in user and the rotating refresh token.
// e2e/harness.ts `signIn` writes the same cookies, so their names and encodings are a contract.
import type { LoginUser } from '@ess/contract/account';

export const COOKIE_TOKEN = 'ess_token';
export const COOKIE_USER = 'ess_user';
export const COOKIE_REFRESH = 'ess_refresh';
/** Reserved for the sidebar state of the desktop layout; the phone layout does not use it. */
export const COOKIE_SIDEBAR = 'ess_sidebar';

const TOKEN_SECONDS = 2 * 60 * 60;
const USER_SECONDS = 24 * 60 * 60;
const REMEMBERED_REFRESH_SECONDS = 30 * 24 * 60 * 60;
// The refresh cookie's lifetime cannot be read back, so the choice is kept for the next rotation.
const REMEMBER_KEY = 'ess_remember';

const readCookie = (name: string): string | undefined => {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
};

const writeCookie = (name: string, value: string, maxAgeSeconds?: number) => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the session lives in cookies (DESIGN §4) and older WebViews lack the Cookie Store API.
  document.cookie = `${name}=${value}; Path=/; SameSite=Lax${maxAge}${secure}`;
};

const deleteCookie = (name: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the session lives in cookies (DESIGN §4) and older WebViews lack the Cookie Store API.
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
};

export const readToken = (): string | undefined => readCookie(COOKIE_TOKEN) || undefined;
export const readRefreshToken = (): string | undefined => readCookie(COOKIE_REFRESH) || undefined;
export const hasAnyToken = (): boolean => Boolean(readToken() || readRefreshToken());

const readRemember = (): boolean => {
  try {
    return window.localStorage.getItem(REMEMBER_KEY) !== '0';
  } catch {
    return true;
  }
};

const writeRemember = (isRemember: boolean) => {
  try {
    window.localStorage.setItem(REMEMBER_KEY, isRemember ? '1' : '0');
  } catch {
    // Private mode without storage: the refresh token then lives as long as it was first meant to.
  }
};

export const storeTokens = ({ token, refreshToken }: { token: string; refreshToken: string }) => {
  writeCookie(COOKIE_TOKEN, token, TOKEN_SECONDS);
  writeCookie(COOKIE_REFRESH, refreshToken, readRemember() ? REMEMBERED_REFRESH_SECONDS : undefined);
};

export const storeUser = (user: LoginUser) => {
  const { userAccount, userName, id, baseBu, deptName, titleName } = user;
  const value = encodeURIComponent(JSON.stringify({ userAccount, userName, id, baseBu, deptName, titleName }));
  writeCookie(COOKIE_USER, value, USER_SECONDS);
};

/** After a successful sign-in: tokens, the user, and whether the refresh token outlives the browser session. */
export const startSession = (
  login: LoginUser & { token: string; refreshToken: string },
  { isRemember }: { isRemember: boolean },
) => {
  writeRemember(isRemember);
  storeTokens(login);
  storeUser(login);
};

/** After an HTTP failure: the refresh token stays, so the next screen can get a fresh access token. */
export const clearAccessCookies = () => {
  deleteCookie(COOKIE_TOKEN);
  deleteCookie(COOKIE_USER);
};

const sessionClearedListeners: (() => void)[] = [];

/** Runs `listener` whenever the session ends here (sign-out, or the server refusing it); the socket closes so. */
export const onSessionCleared = (listener: () => void) => {
  sessionClearedListeners.push(listener);
};

export const clearSession = () => {
  clearAccessCookies();
  deleteCookie(COOKIE_REFRESH);
  for (const listener of sessionClearedListeners) listener();
};
