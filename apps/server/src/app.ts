// buildApp(config, database) → the Fastify instance with every route; no listen, so tests use app.inject.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import { BusinessError } from './core/errors';
import type { Lifecycle } from './core/lifecycle';
import { createInProcessNotifier } from './core/notifier';
import { createPersonalDataCipher } from './core/personal-data';
import { deploymentRedisPrefix, redisNamesOf } from './core/redis-names';
import { createRedisNotifier } from './core/redis-notifier';
import { safeError } from './core/safe-error';
import type { Database } from './db/client';
import { createReadRouting, type ReadRouting } from './db/read-routing';
import { logAfterCommitFailures } from './db/transaction';
import { createTokenService, installAuthGuard } from './http/auth';
import { envelope } from './http/envelope';
import { answerFrameworkError, installErrorHandling } from './http/errors';
import { MemoryRateStore } from './http/memory-rate-store';
import { registerOperationsRoutes } from './http/operations';
import { installReadYourWrites, queryReadsOf } from './http/read-your-writes';
import { installSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { createOutsideSystems, endpointsOf } from './integrations/outside-systems';
import type { JobQueue } from './jobs/queue';
import { registerAccountRoutes } from './modules/account/routes';
import { loadCallerAccess } from './modules/account/service';
import { createLiveAnnouncements } from './modules/announcements/live';
import { registerAnnouncementRoutes } from './modules/announcements/routes';
import { createReminderSender } from './modules/announcements/service';
import { registerAttendanceRoutes } from './modules/attendance/routes';
import { registerBannerRoutes } from './modules/banners/routes';
import { registerConsoleRoutes } from './modules/console/routes';
import { registerDashboardRoutes } from './modules/dashboard/routes';
import { registerFilesRoutes } from './modules/files/routes';
import { registerHandbookRoutes } from './modules/handbook/routes';
import { registerHomeRoutes } from './modules/home/routes';
import { registerImportRoutes } from './modules/imports/routes';
import { createImportRunner, type ImportRunner } from './modules/imports/runner';
import { registerInboxRoutes } from './modules/inbox/routes';
import { registerInspectionRoutes } from './modules/inspection/routes';
import { registerLogisticsRoutes } from './modules/logistics/routes';
import { registerMaterialRoutes } from './modules/materials/routes';
import { registerMenuRoutes } from './modules/menu/routes';
import { registerNoticesRoutes } from './modules/notices/routes';
import { registerPayslipBatchRoutes } from './modules/payslip-batches/routes';
import { readReceipt } from './modules/payslip-batches/service';
import { registerPeopleRoutes } from './modules/people/routes';
import { registerProposalsRoutes } from './modules/proposals/routes';
import { registerQuestionBankRoutes } from './modules/question-bank/routes';
import { createHub, type Hub } from './modules/realtime/hub';
import { registerRealtimeRoutes } from './modules/realtime/routes';
import { registerRecordsRoutes } from './modules/records/routes';
import { registerRecruitmentRoutes } from './modules/recruitment/routes';
import { registerReviewRoutes } from './modules/review/routes';
import { registerSalaryRoutes } from './modules/salary/routes';
import { registerSiteRoutes } from './modules/site/routes';
import { registerTrainingRoutes } from './modules/training/routes';
import { registerWechatRoutes, silentSignInRedirect } from './modules/wechat/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sockets of this instance (tests and benchmarks look at it). */
    hub: Hub;
    /** The imports' worker of this instance (tests wait for it). */
    importRunner: ImportRunner;
    readRouting: ReadRouting;
    /** Sends the notices' requested reminders in the background (the job queue's sweep runs it too). */
    announcementReminders: ReturnType<typeof createReminderSender>;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  redis?: Redis;
  /** Adds the two reference routes the benchmark compares against. */
  withBenchRoutes?: boolean;
  /** Where the log goes (standard output by default; tests read it). */
  logStream?: NodeJS.WritableStream;
  /** Read by /readyz; the server's start and stop move it (tests build an app that is serving). */
  lifecycle?: Lifecycle;
  /** The background job queue this server runs (the console's failed jobs, /metrics); none in most tests. */
  jobs?: JobQueue;
};

export const buildApp = async ({
  config,
  database,
  redis,
  withBenchRoutes,
  logStream,
  lifecycle = { state: 'serving' },
  jobs,
}: AppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            // Never a statement's parameter values or a row's contents (core/safe-error.ts).
            serializers: { err: (error) => ({ stack: '', ...safeError(error) }) },
            ...(logStream ? { stream: logStream } : {}),
          },
    trustProxy: config.TRUST_PROXY === 'true',
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // Node arms its timeout checks only from the options the server is created with, and checks every
    // connectionsCheckingInterval (30 s by default, which would double the wait).
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      headersTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(2_000, config.REQUEST_TIMEOUT_MS),
    },
    frameworkErrors: answerFrameworkError,
  });
  const { db } = database;
  logAfterCommitFailures(db, app.log);

  installSecurityHeaders(app);
  installErrorHandling(app);
  // The query calls that dominate the traffic read from DATABASE_READ_URL's replica when it is fresh.
  const readRouting = createReadRouting({
    primary: database,
    replicaUrl: config.DATABASE_READ_URL,
    maxLagSeconds: config.REPLICA_MAX_LAG_SECONDS,
    poolSize: config.DB_POOL_SIZE,
    log: (message) => app.log.warn(message),
  });
  app.addHook('onClose', readRouting.close);
  app.decorate('readRouting', readRouting);
  if (config.DATABASE_READ_URL) installReadYourWrites(app, { windowSeconds: config.REPLICA_MAX_LAG_SECONDS + 2 });
  // First of the request hooks: an overloaded server sheds a call before any work is spent on it.
  registerOperationsRoutes(app, {
    database,
    redis,
    lifecycle,
    metricsToken: config.METRICS_TOKEN,
    shedding: { eventLoopDelayMs: config.SHED_EVENT_LOOP_DELAY_MS, poolWaiting: config.SHED_POOL_WAITING },
    readRouting,
  });

  // Announcements after commit: to this instance's token checks and sockets, and through Redis to the other
  // instances' too. The token checks subscribe first, so a screen told of an access change is read anew.
  const redisNames = redis
    ? redisNamesOf(config.REDIS_PREFIX ?? (await deploymentRedisPrefix(database.pool)))
    : undefined;
  const notifier =
    redis && redisNames
      ? createRedisNotifier(redis, redisNames.notifyChannel)
      : { ...createInProcessNotifier(), close: async () => {} };
  app.addHook('onClose', notifier.close);
  const tokens = createTokenService({
    secretKey: config.secretKey,
    loadAccess: (employeeId) => loadCallerAccess(db, employeeId),
    notifier,
  });
  installAuthGuard(app, tokens);
  await app.register(fastifyRateLimit, {
    global: false,
    // Shared by every instance when Redis is there; a Redis outage must not stop sign-in (the per-account
    // lockout lives in the database).
    // Without Redis, counters that stay right under a burst of concurrent requests (./http/memory-rate-store.ts).
    ...(redis && redisNames ? { redis, nameSpace: redisNames.rateLimitNamespace } : { store: MemoryRateStore }),
    skipOnError: true,
    errorResponseBuilder: () => new BusinessError('LOGIN_TOO_FREQUENT'),
  });

  const accountDeps = {
    db,
    signAccessToken: tokens.sign,
    forgetSessions: tokens.forget,
    settings: {
      maxFailures: config.LOGIN_MAX_FAILURES,
      lockMinutes: config.LOGIN_LOCK_MINUTES,
      initialPassword: config.INITIAL_PASSWORD,
    },
  };
  registerAccountRoutes(app, { ...accountDeps, signInRateLimit: { max: config.LOGIN_RATE_LIMIT, timeWindow: 60_000 } });
  const cipher = createPersonalDataCipher(config.secretKey, config.previousSecretKeys);
  const outsideSystems = createOutsideSystems({ db, endpoints: endpointsOf(config) });
  const recordsDeps = { db, cipher, notifier };

  const reads = queryReadsOf(readRouting);
  const liveAnnouncements = createLiveAnnouncements({ db, notifier });

  registerMenuRoutes(app, { db, reads });
  registerHomeRoutes(app, db);
  registerNoticesRoutes(app, { ...recordsDeps, reads, live: liveAnnouncements });
  registerAttendanceRoutes(app, reads);
  registerSalaryRoutes(app, { reads, readReceipt: readReceipt(db) });
  registerLogisticsRoutes(app, { db, reads, outsideSystems, openAllEmployees: config.CABINET_OPEN_ALL_EMPLOYEES });
  registerInspectionRoutes(app, db);
  registerRecordsRoutes(app, { ...recordsDeps, outsideSystems });
  await registerFilesRoutes(app, db, { publicUploadsPerMinute: config.PUBLIC_UPLOAD_RATE_LIMIT });
  registerReviewRoutes(app, recordsDeps);
  // The public forms (proposals, registration), what they send to HR, and WeChat sharing.
  const publicFormLimits = {
    submit: config.PUBLIC_SUBMIT_RATE_LIMIT,
    upload: config.PUBLIC_UPLOAD_RATE_LIMIT,
    lookup: config.PUBLIC_LOOKUP_RATE_LIMIT,
  };
  const inbox = { notifier, overdueDays: config.INBOX_OVERDUE_DAYS };
  registerProposalsRoutes(app, { db, limits: publicFormLimits, ...inbox });
  registerRecruitmentRoutes(app, { db, limits: publicFormLimits, ...inbox });
  registerWechatRoutes(app, { db, config, account: accountDeps });
  registerTrainingRoutes(app, { db, mediaDir: config.mediaDir });
  const hub = createHub({
    notifier,
    verify: tokens.verifyWithExpiry,
    redis: redis && redisNames ? { client: redis, presenceKey: redisNames.presenceKey } : undefined,
  });
  await registerRealtimeRoutes(app, { db, hub });
  app.decorate('hub', hub);
  // The HR console
  registerConsoleRoutes(app, { database, isBackupScheduled: config.backupHour !== null, jobs });
  registerInboxRoutes(app, { db, ...inbox });
  registerDashboardRoutes(app, { db, overdueDays: inbox.overdueDays });
  const announcementReminders = createReminderSender({ db, notifier }, (message) => app.log.error(message));
  app.decorate('announcementReminders', announcementReminders);
  app.addHook('onClose', announcementReminders.idle);
  await registerAnnouncementRoutes(app, {
    db,
    notifier,
    kickReminders: announcementReminders.kick,
    live: liveAnnouncements,
  });
  await registerBannerRoutes(app, db);
  await registerQuestionBankRoutes(app, { db });
  await registerHandbookRoutes(app, { db });
  await registerMaterialRoutes(app, {
    db,
    notifier,
    mediaDir: config.mediaDir,
    converters: { ffmpegPath: config.FFMPEG_PATH, sofficePath: config.SOFFICE_PATH },
    maxBytes: config.MATERIAL_MAX_MB * 1024 * 1024,
  });
  const importRunner = createImportRunner({ db, notifier, timeLimitSeconds: config.IMPORT_TIME_LIMIT_SECONDS });
  app.addHook('onClose', importRunner.close);
  app.decorate('importRunner', importRunner);
  await registerImportRoutes(app, {
    db,
    notifier,
    kick: importRunner.kick,
    warm: importRunner.warm,
    freshUploads: importRunner.freshUploads,
  });
  registerPayslipBatchRoutes(app, { db, notifier });
  registerPeopleRoutes(app, {
    db,
    notifier,
    forgetSessions: tokens.forget,
    forgetRoleHolders: tokens.forgetRoleHolders,
    initialPassword: config.INITIAL_PASSWORD,
  });
  await registerSiteRoutes(app, { db });

  if (withBenchRoutes) {
    // References for `npm run bench`: the stack with no work, and one primary-key read on the same pool.
    const isPublic = { config: { access: 'public' as const, isApiCall: true } };
    app.post('/api/Bench/Constant', isPublic, async () => envelope(true, '操作成功', 1));
    app.post('/api/Bench/PrimaryKeyRead', isPublic, async (request) => {
      const id = Number((request.body as { id?: unknown } | undefined)?.id) || 1;
      const { rows } = await database.pool.query('select id, emp_no, name from employees where id = $1', [id]);
      return envelope(true, '操作成功', rows[0] ?? null);
    });
    // The write reference: a single-statement INSERT … COMMIT on the same pool (the bench makes bench_writes).
    app.post('/api/Bench/BareInsert', isPublic, async (request) => {
      const { rows } = await database.pool.query('insert into bench_writes (body) values ($1) returning id', [
        JSON.stringify(request.body ?? {}),
      ]);
      return envelope(true, '操作成功', rows[0]?.id ?? null);
    });
    // The bare static handler the media route is compared with: the same files, no sign-in, no lookup.
    const { default: fastifyStatic } = await import('@fastify/static');
    await app.register(fastifyStatic, {
      root: config.mediaDir,
      prefix: '/bench-static/',
      decorateReply: false,
      serve: true,
    });
  }

  const webDist = config.WEB_DIST && path.resolve(config.WEB_DIST);
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    await registerWebApp(app, webDist, { silentSignIn: silentSignInRedirect(config) });
  }
  return app;
};
