// Serves the built web app beside the API: its files (precompressed brotli/gzip when the browser takes
// them), hashed assets cached for a year, and index.html for every client-side route, never cached.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../core/errors';
import { sendError } from './envelope';
import { documentPolicy } from './security-headers';

const HASHED_ASSETS_DIR = `${path.sep}assets${path.sep}`;
/** A last path segment with an extension names a file, not a client-side route. */
const LOOKS_LIKE_FILE = /\/[^/]*\.[^/]*$/;

export const registerWebApp = async (app: FastifyInstance, webDist: string) => {
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
        // The same path answers brotli, gzip or plain bytes by Accept-Encoding: shared caches must know.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // Client-side routes (/home, /user/my-bank?…): the app decides, and shows its own 404 for unknown ones.
    site.get('/*', (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (LOOKS_LIKE_FILE.test(pathname)) return sendError(reply, new BusinessError('NOT_FOUND'));
      const basePolicy = String(reply.getHeader('content-security-policy') ?? '');
      reply.header(
        'content-security-policy',
        documentPolicy(basePolicy, { host: request.host, isSecure: request.protocol === 'https' }),
      );
      return reply.sendFile('index.html');
    });
  });
};
