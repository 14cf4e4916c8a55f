// Serves the built web app beside the API: its files (precompressed brotli/gzip when the browser takes
// them), hashed assets cached for a year, and index.html for every client-side route, never cached.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BusinessError } from '../core/errors';
import { hasSessionCookie } from './cookies';
import { sendError } from './envelope';
import { documentPolicy } from './security-headers';

const HASHED_ASSETS_DIR = `${path.sep}assets${path.sep}`;
/** A last path segment with an extension names a file, not a client-side route. */
const LOOKS_LIKE_FILE = /\/[^/]*\.[^/]*$/;
const HOME_PATHS = new Set(['/', '/home']);
const LOGIN_PATH = '/login';
/** The HR console: its own document and code (admin.html), signed in with the same cookies. */
const CONSOLE_PATH = /^\/admin(?:\/|$)/;

/**
 * The page the browser is about to show decides which code its document preloads (apps/web/vite.config.ts): a
 * visitor without a session goes to /login, one with a session through the route gate, to home on / and /home.
 * A document of the wrong guess still works; it only loads a screen's code one round trip later.
 */
const documentFor = (pathname: string, cookie: string | undefined, builtDocuments: ReadonlySet<string>) => {
  if (CONSOLE_PATH.test(pathname) && builtDocuments.has('admin.html')) return 'admin.html';
  if (pathname === LOGIN_PATH || !hasSessionCookie(cookie)) return 'index.html';
  const document = HOME_PATHS.has(pathname) ? 'home.html' : 'app.html';
  return builtDocuments.has(document) ? document : 'index.html';
};

export const registerWebApp = async (
  app: FastifyInstance,
  webDist: string,
  {
    silentSignIn,
  }: {
    /** Where a page request goes first to be signed in by its platform (inside WeCom), or undefined. */
    silentSignIn?: (request: FastifyRequest) => string | undefined;
  } = {},
) => {
  const builtDocuments = new Set(readdirSync(webDist).filter((file) => file.endsWith('.html')));
  await app.register(async (site) => {
    // Everything the web app serves is public; the guard denies any route that does not say so.
    site.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await site.register(fastifyStatic, {
      root: webDist,
      // One route per built file, found once at start: a request never touches the disk to learn a file is missing.
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every name under assets/: such a file never changes.
        const isHashed = filePath.includes(HASHED_ASSETS_DIR);
        res.setHeader('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same path answers brotli, gzip or plain bytes by Accept-Encoding, and a client-side route another
        // document by the session cookie: shared caches must know.
        res.setHeader('vary', filePath.endsWith('.html') ? 'accept-encoding, cookie' : 'accept-encoding');
      },
    });
    // Client-side routes (/home, /user/my-bank?…): the app decides, and shows its own 404 for unknown ones.
    site.get('/*', (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (LOOKS_LIKE_FILE.test(pathname)) return sendError(reply, new BusinessError('NOT_FOUND'));
      const signInFirst = silentSignIn?.(request);
      if (signInFirst) {
        reply.header('cache-control', 'no-store');
        return reply.redirect(signInFirst);
      }
      const basePolicy = String(reply.getHeader('content-security-policy') ?? '');
      reply.header(
        'content-security-policy',
        documentPolicy(basePolicy, { host: request.host, isSecure: request.protocol === 'https' }),
      );
      return reply.sendFile(documentFor(pathname, request.headers.cookie, builtDocuments));
    });
  });
};
