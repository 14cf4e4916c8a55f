// The security headers of every response (DESIGN security baseline), computed once from helmet. Helmet's
// own middleware rebuilds the Content-Security-Policy text on every request, a measurable share of a
// query call on 2 cores; the headers never change for a given configuration, so they are sent as is.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const helmetOptions: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The WeChat / WeCom JS-SDK, loaded by the share page only inside those browsers.
      scriptSrc: ["'self'", 'https://res.wx.qq.com', 'https://res2.wx.qq.com'],
      // antd-mobile sets inline styles on its components.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      // The app's own origin only; the page itself adds its own websocket origin (documentPolicy below).
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // HSTS only means something behind TLS; set per request when the request came over https.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet would set, read off one run of its middleware against a recording response. */
export const securityHeaders = (): Record<string, string> => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(helmetOptions)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
};

/** A Host header as browsers send it: a DNS name or IPv4/IPv6 literal, with an optional port. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The policy of the app's page: as every answer's, plus the page's own websocket origin. CSP level 3
 * lets 'self' cover ws: and wss: of the same host, but iOS Safari before 15.4 does not, so it is named.
 */
export const documentPolicy = (basePolicy: string, { host, isSecure }: { host: string; isSecure: boolean }) =>
  HOST.test(host)
    ? basePolicy.replace("connect-src 'self'", `connect-src 'self' ${isSecure ? 'wss' : 'ws'}://${host}`)
    : basePolicy;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route answering the JSON envelope (never a document). */
    isApiCall?: boolean;
  }
}

/**
 * What a JSON answer needs (OWASP REST security): it is never rendered as a page, so the page's headers
 * (a 300-byte policy, cross-origin isolation, legacy switches) would only add ~500 bytes to every call
 * on a weak network, more than most answers' bodies.
 */
export const API_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
} as const;

export const installSecurityHeaders = (app: FastifyInstance) => {
  const headers = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config?.isApiCall ? API_SECURITY_HEADERS : headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
    done();
  });
};
