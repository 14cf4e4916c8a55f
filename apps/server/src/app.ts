// buildApp(config, database) → the Fastify instance with every route; no listen, so tests use app.inject.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/client';
import { createTokenService, installAuthGuard } from './http/auth';
import { envelope } from './http/envelope';
import { installErrorHandling } from './http/errors';
import { createMemoryRateLimiter, createRedisRateLimiter } from './http/rate-limit';
import { installSecurityHeaders } from './http/security-headers';
import { createOutsideSystems } from './integrations/outside-systems';
import { registerAccountRoutes } from './modules/account/routes';
import { loadSessionsValidFrom } from './modules/account/service';
import { registerAttendanceRoutes } from './modules/attendance/routes';
import { registerHomeRoutes } from './modules/home/routes';
import { registerInspectionRoutes } from './modules/inspection/routes';
import { registerLogisticsRoutes } from './modules/logistics/routes';
import { registerMenuRoutes } from './modules/menu/routes';
import { registerNoticesRoutes } from './modules/notices/routes';
import { registerSalaryRoutes } from './modules/salary/routes';

export type AppOptions = {
  config: Config;
  database: Database;
  redis?: Redis;
  /** Adds the two reference routes the benchmark compares against. */
  withBenchRoutes?: boolean;
};

export const buildApp = async ({ config, database, redis, withBenchRoutes }: AppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY === 'true',
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
  });
  const { db } = database;

  installSecurityHeaders(app);
  installErrorHandling(app);

  const tokens = createTokenService({
    secretKey: config.secretKey,
    loadSessionsValidFrom: (employeeId) => loadSessionsValidFrom(db, employeeId),
  });
  installAuthGuard(app, tokens);
  const limiter = redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter();

  app.get('/healthz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });

  registerAccountRoutes(app, {
    db,
    limiter,
    signAccessToken: tokens.sign,
    forgetSessions: tokens.forget,
    settings: {
      loginRateLimit: config.LOGIN_RATE_LIMIT,
      maxFailures: config.LOGIN_MAX_FAILURES,
      lockMinutes: config.LOGIN_LOCK_MINUTES,
      initialPassword: config.INITIAL_PASSWORD,
    },
  });
  registerMenuRoutes(app, db);
  registerHomeRoutes(app, db);
  registerNoticesRoutes(app, db);
  registerAttendanceRoutes(app, db);
  registerSalaryRoutes(app, db);
  registerLogisticsRoutes(app, {
    db,
    outsideSystems: createOutsideSystems({ db, config }),
    openAllEmployees: config.CABINET_OPEN_ALL_EMPLOYEES,
  });
  registerInspectionRoutes(app, db);

  if (withBenchRoutes) {
    // References for `npm run bench`: the stack with no work, and one primary-key read on the same pool.
    app.post('/api/Bench/Constant', { config: { isPublic: true } }, async () => envelope(true, '操作成功', 1));
    app.post('/api/Bench/PrimaryKeyRead', { config: { isPublic: true } }, async (request) => {
      const id = Number((request.body as { id?: unknown } | undefined)?.id) || 1;
      const { rows } = await database.pool.query('select id, emp_no, name from employees where id = $1', [id]);
      return envelope(true, '操作成功', rows[0] ?? null);
    });
  }

  const webDist = config.WEB_DIST && path.resolve(config.WEB_DIST);
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Hashed build assets never change; everything else is revalidated.
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/*', async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const file = path.join(webDist, path.normalize(decodeURIComponent(url)).replace(/^(\.\.[/\\])+/, ''));
      if (url !== '/' && file.startsWith(webDist) && existsSync(file) && !file.endsWith(path.sep)) {
        return reply.sendFile(path.relative(webDist, file));
      }
      // Client-side routes: the SPA decides (and shows /404 for unknown paths).
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
};
