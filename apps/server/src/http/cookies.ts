// The web app's session cookies as the server reads and, after a silent sign-in, writes them: the names and lifetimes
// of apps/web/src/lib/session.ts, which writes them itself after a password sign-in.
import { ACCESS_TOKEN_SECONDS } from '../core/caller';

export const SESSION_COOKIES = { token: 'ess_token', refresh: 'ess_refresh', user: 'ess_user' } as const;
/** The access token's cookie lives as long as the token; the user's a day; a remembered refresh token 30 days. */
export const SESSION_COOKIE_SECONDS = {
  token: ACCESS_TOKEN_SECONDS,
  refresh: 30 * 24 * 60 * 60,
  user: 24 * 60 * 60,
} as const;

/** A cookie's value in a Cookie header, or undefined when absent or empty. */
export const cookieValue = (header: string | undefined, name: string): string | undefined =>
  new RegExp(`(?:^|;)\\s*${name}=([^;\\s]*)`).exec(header ?? '')?.[1] || undefined;

/** The browser holds a session: the access token or the refresh token. */
export const hasSessionCookie = (header: string | undefined) =>
  cookieValue(header, SESSION_COOKIES.token) !== undefined ||
  cookieValue(header, SESSION_COOKIES.refresh) !== undefined;

/** `; Secure` on a request that came over https (behind a proxy: as its X-Forwarded-Proto says, when trusted). */
export const secureAttributeOf = (request: { protocol: string }) => (request.protocol === 'https' ? '; Secure' : '');

/**
 * Set by a silent sign-in whose account matched no employee: its state's nonce, read by the password sign-in that
 * follows in this browser, which binds the account to whoever signs in. HttpOnly, for the API only.
 */
export const BIND_COOKIE = 'ess_bind';

/** The bind cookie with a nonce and its age; no value and no age remove it. */
export const bindCookie = (request: { protocol: string }, nonce = '', maxAgeSeconds = 0) =>
  `${BIND_COOKIE}=${nonce}; Path=/api; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secureAttributeOf(request)}`;
