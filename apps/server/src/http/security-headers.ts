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
      scriptSrc: ["'self'"],
      // antd-mobile sets inline styles on its components.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
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

export const installSecurityHeaders = (app: FastifyInstance) => {
  const headers = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
    done();
  });
};
