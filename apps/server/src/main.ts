// Starts the server: checks the settings it can before the database starts, the database (embedded or DATABASE_URL),
// migrations, demo data on an empty database (under the migration lock), listen. A start-up mistake is one line
// naming the setting, and leaves nothing running. Whatever stops it (a signal to it or to its process group, npm
// going away), it answers its in-flight requests first and stops the database after.
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { type Config, readConfig } from './config';
import type { Lifecycle } from './core/lifecycle';
import { createPersonalDataCipher, keyIdOf } from './core/personal-data';
import type { Database } from './db/client';
import { openDatabaseForServer } from './db/connect';
import { withMigrationLock } from './db/migrate';
import { watchConnections } from './graceful-stop';
import { housekeepingJob } from './jobs/housekeeping';
import { outsideCommandsJob } from './jobs/outside-commands';
import { startJobQueue } from './jobs/queue';
import { trainingRemindersJob } from './jobs/training-reminders';
import { wechatMessagesJob, wecomMessagesJob } from './jobs/wecom-messages';
import { announceDueVersions } from './modules/handbook/service';
import { findMissingKeyIds } from './modules/records/reseal';
import { finishDueAttempts } from './modules/training/attempts';
import { backupJob } from './ops/schedule';
import { runtimePaths } from './paths';
import {
  DEMO_EMPLOYEE,
  DEMO_PASSWORD,
  DEMO_PLANT_CLERK,
  DEMO_REVIEWER,
  isDatabaseEmpty,
  seedDemo,
  seedReferenceData,
} from './seed/demo';
import { installDemoMedia } from './seed/demo-training';
import { checkPortFree, listenError, StartupError } from './startup-checks';

const started = Date.now();
const say = (message: string) => console.log(`[ess] ${message}`);
const sayError = (message: string) => console.error(`[ess] ${message}`);
/** Longest a stop waits for in-flight requests before it gives up on them. */
const STOP_TIMEOUT_MS = 20_000;

/** What runs so far: a stop, or a failed start, ends exactly these, requests first and the database last. */
const running: {
  app?: FastifyInstance;
  database?: Database;
  redis?: Redis;
  stopAccepting?: () => Promise<void>;
  stopJobs?: () => Promise<void>;
  stopCluster?: () => Promise<void>;
} = {};

/** /readyz answers ready only while serving: not while the start is under way, nor once a stop has begun. */
const lifecycle: Lifecycle = { state: 'starting' };

let isStopping = false;
const stop = async (reason: string, exitCode: number) => {
  if (isStopping) return;
  isStopping = true;
  lifecycle.state = 'stopping';
  if (reason) say(`${reason}: finishing in-flight requests`);
  const forceExit = setTimeout(() => {
    sayError(`requests still running after ${STOP_TIMEOUT_MS / 1000} s: stopping anyway`);
    void running.stopCluster?.(); // sends the database its fast shutdown at once
    process.exit(1);
  }, STOP_TIMEOUT_MS);
  forceExit.unref();
  try {
    // No new job; one under way ends (a backup is taken again at the next look of any instance).
    const jobsStopped = running.stopJobs?.().catch((error) => sayError(`job queue: ${String(error)}`));
    await running.stopAccepting?.(); // every request already sent still comes in
    await running.app?.close(); // waits for the requests in progress
    await jobsStopped;
    await running.database?.close();
    running.redis?.disconnect();
  } finally {
    await running.stopCluster?.().catch(() => {}); // the embedded cluster shuts down cleanly (checkpoint)
    process.exit(exitCode);
  }
};

/** One line for the operator (a StartupError says which setting and what to do), then nothing left running. */
const refuseToStart = (error: unknown) => {
  if (error instanceof StartupError) sayError(error.message);
  else console.error(error);
  void stop('', 1);
};

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(signal, 0));

/**
 * `npm start` runs the server under `sh -c`: a SIGTERM to npm ends that shell and leaves the server running,
 * without passing the signal on. Under npm the server stops when its parent changes, as if it had been signalled.
 */
const stopWhenNpmGoes = () => {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop('npm exited', 0);
  }, 500).unref();
};

const start = async (config: Config) => {
  await checkPortFree(config.HOST, config.PORT); // before the database starts: a taken port leaves nothing behind
  const opened = await openDatabaseForServer(config, {
    log: say,
    logError: sayError,
    onLost: (message) => {
      sayError(message);
      void stop('the database is gone', 1);
    },
  });
  const { database, isEmbedded, embeddedDir } = opened;
  running.stopCluster = opened.stop;
  running.database = database;

  const cipher = createPersonalDataCipher(config.secretKey, config.previousSecretKeys);
  const shouldSeed = config.SEED_DEMO === 'yes' || (config.SEED_DEMO === 'auto' && isEmbedded);
  // Under the migration lock: a second instance starting at the same time waits, then finds the seeded company.
  const hasSeeded = await withMigrationLock(database.pool, async () => {
    if (shouldSeed && (await isDatabaseEmpty(database.pool))) {
      say('empty database: seeding the demo company');
      await seedDemo(database.pool, { cipher });
      return true;
    }
    // Roles, menus and dictionaries a new version brings (the demo seed includes them).
    await seedReferenceData(database.pool);
    return false;
  });
  if (hasSeeded) installDemoMedia(config.mediaDir);
  // Values sealed with a key this server lacks would fail on every read: refuse now, naming the key.
  const missingKeyIds = await findMissingKeyIds(database.db, cipher);
  if (missingKeyIds.length > 0) {
    throw new StartupError(
      `SECRET_KEY: the database holds ID and bank card numbers sealed with key ${missingKeyIds.join(', ')}, which ` +
        `this server lacks (it has ${[...cipher.keyIds].join(', ')}): set SECRET_KEY, or PREVIOUS_SECRET_KEYS, to ` +
        'the key that sealed them',
    );
  }

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  redis?.on('error', (error) => say(`redis: ${error.message}`));
  running.redis = redis;
  // Background work of every instance, run once across them (jobs/queue.ts).
  let kickImports = () => {};
  let kickMaterials = () => {};
  let sendReminders = async () => {};
  const wecomMessages = wecomMessagesJob(config, database.db);
  const wechatMessages = wechatMessagesJob(config, database.db);
  const jobs = await startJobQueue({
    url: database.url,
    jobs: [
      housekeepingJob({ db: database.db, lockMinutes: config.LOGIN_LOCK_MINUTES, mediaDir: config.mediaDir }),
      {
        // Materials to check or convert that a stopped instance left, or that arrived while this one was busy.
        name: 'materials-sweep',
        label: '学习资料转换巡检',
        everySeconds: 30,
        retryLimit: 0,
        keepSeconds: 3600,
        run: async () => kickMaterials(),
      },
      {
        // Imports queued while their instance was busy, or left by an instance that stopped, find a worker.
        name: 'imports-sweep',
        label: '导入任务巡检',
        everySeconds: 30,
        retryLimit: 0,
        keepSeconds: 3600,
        run: async () => kickImports(),
      },
      {
        // Exam attempts whose time is over are submitted with what they saved, whether or not a phone is open.
        name: 'paper-deadlines',
        label: '考试到时交卷',
        everySeconds: 15,
        retryLimit: 0,
        keepSeconds: 3600,
        run: async () => {
          await finishDueAttempts(database.db);
        },
      },
      {
        // Notices whose start and handbook versions whose date has come are messaged to those they concern; a
        // notice's reminder asked for while its instance stopped before sending it goes now.
        name: 'announcement-reminders',
        label: '公告和员工手册消息',
        cron: '* * * * *',
        retryLimit: 0,
        keepSeconds: 3600,
        run: async () => {
          await sendReminders();
          await announceDueVersions(database.db);
        },
      },
      trainingRemindersJob(database.db),
      outsideCommandsJob(config, database.db),
      // In-app messages carried on to WeCom, where it is configured.
      ...(wecomMessages ? [wecomMessages] : []),
      ...(wechatMessages ? [wechatMessages] : []),
      ...(config.backupHour === null
        ? []
        : [
            backupJob({
              pool: database.pool,
              mediaDir: config.mediaDir,
              backupDir: config.backupDir,
              keyId: keyIdOf(config.secretKey),
              bytesPerSecond: config.BACKUP_MB_PER_SECOND * 1024 * 1024,
              hour: config.backupHour,
              keep: config.BACKUP_KEEP,
              log: say,
              logError: sayError,
            }),
          ]),
    ],
    runsJobs: config.RUN_JOBS === 'yes',
    logError: sayError,
  });
  running.stopJobs = jobs.stop;
  const app = await buildApp({
    config,
    database,
    redis,
    withBenchRoutes: process.env.BENCH_ROUTES === 'true',
    lifecycle,
    jobs,
  });
  running.app = app;
  kickImports = app.importRunner.kick;
  kickMaterials = app.materialWorker.kick;
  sendReminders = app.announcementReminders.run;
  running.stopAccepting = watchConnections(app.server).stopAccepting;

  await app.listen({ port: config.PORT, host: config.HOST }).catch((error) => {
    throw listenError(config.HOST, config.PORT, error); // taken since the check
  });
  stopWhenNpmGoes();
  lifecycle.state = 'serving';
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: http://${shownHost}:${config.PORT}/`);
  say(`database: ${isEmbedded ? `embedded PostgreSQL in ${embeddedDir}` : 'DATABASE_URL'}`);
  say(
    config.backupHour === null
      ? 'scheduled backups: off (BACKUP_HOUR)'
      : `scheduled backups: daily at ${config.backupHour}:00 China time to ${config.backupDir}, ` +
          `keeping ${config.BACKUP_KEEP}`,
  );
  if (shouldSeed) {
    say(
      `demo employee: ${DEMO_EMPLOYEE} / ${DEMO_PASSWORD}   reviewer (AppVerify): ${DEMO_REVIEWER} / ${DEMO_PASSWORD}`,
    );
    say(
      `HR console: http://${shownHost}:${config.PORT}/admin   ${DEMO_REVIEWER} (every plant) or ` +
        `${DEMO_PLANT_CLERK} (plant NT) / ${DEMO_PASSWORD}`,
    );
  }
};

try {
  await start(readConfig({ WEB_DIST: runtimePaths.webDist, ...process.env }));
} catch (error) {
  refuseToStart(error);
}
