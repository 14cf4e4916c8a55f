// What an operator's tools read: /healthz (the process answers), /readyz (it may be given traffic), /metrics
// (Prometheus text, behind METRICS_TOKEN), and the shedding of calls while the server is overloaded.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { BusinessError } from '../core/errors';
import type { Lifecycle } from '../core/lifecycle';
import type { Database } from '../db/client';
import { appliedMigrationCount, knownMigrationCount } from '../db/migrate';
import type { ReadRouting } from '../db/read-routing';
import { JOB_SCHEMA } from '../jobs/queue';
import { BACKUP_HEALTH_SQL } from '../ops/schedule';
import { sendError } from './envelope';

type OperationsDeps = {
  database: Database;
  redis?: Redis;
  lifecycle: Lifecycle;
  metricsToken?: string;
  /** Bounds of the load shedding; 0 turns one off. */
  shedding: { eventLoopDelayMs: number; poolWaiting: number };
  /** Where the query calls read (db/read-routing.ts). */
  readRouting: ReadRouting;
};

/** A check that does not answer in time counts as failed: a hung database must not hang the probe too. */
const CHECK_TIMEOUT_MS = 2000;
const withinTime = <T>(work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref()),
  ]);

/** The probes and /metrics are never shed, counted or signed in. */
const OPERATIONS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** A call is labelled by the route it matched (`Salary/GetSalary`), never by the raw URL, so labels stay few. */
const callOf = (request: FastifyRequest, reply: FastifyReply) => {
  const route = request.routeOptions.url;
  // Nothing answered but a catch-all (`/api/*`, the web app's `/*`) saying there is nothing here.
  if (!route || request.is404 || (reply.statusCode === 404 && route.includes('*'))) return 'unmatched';
  return route.startsWith('/api/') ? route.slice('/api/'.length) : route;
};

export const registerOperationsRoutes = (app: FastifyInstance, deps: OperationsDeps) => {
  const { database, redis, lifecycle } = deps;
  const registry = new Registry();
  // Nothing reads the figures without a token, so nothing is counted either: no cost per request.
  const isMeasured = Boolean(deps.metricsToken);
  if (isMeasured) collectDefaultMetrics({ register: registry, prefix: 'ess_' }); // CPU, memory, event-loop lag, GC
  const requests = new Counter({
    name: 'ess_http_requests_total',
    help: 'Requests answered, by contract call (or route) and HTTP status',
    labelNames: ['call', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'ess_http_request_duration_seconds',
    help: 'Time to answer a request, by contract call (or route)',
    labelNames: ['call'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'ess_refusals_total',
    help: 'Calls answered with a refusal, by call and error code (LOGIN_FAILED, ACCOUNT_LOCKED, SERVER_BUSY, …)',
    labelNames: ['call', 'code'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'ess_db_pool_connections',
    help: 'The request pool: connections open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, database.pool.totalCount);
      this.set({ state: 'idle' }, database.pool.idleCount);
      this.set({ state: 'waiting' }, database.pool.waitingCount);
    },
  });
  new Gauge({
    name: 'ess_websockets_open',
    help: 'Websockets open on this instance',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('hub') ? app.hub.size() : 0);
    },
  });
  // The query calls' reads by where they went, and whether this instance finds the replica fresh (DATABASE_READ_URL).
  new Counter({
    name: 'ess_query_reads_total',
    help: 'Reads of the query calls (payslip, attendance, meals, dormitory, menus, notices) by database: replica or primary',
    labelNames: ['database'] as const,
    registers: [registry],
    collect() {
      const { replicaReads, primaryReads } = deps.readRouting.state();
      this.reset();
      this.inc({ database: 'replica' }, replicaReads);
      this.inc({ database: 'primary' }, primaryReads);
    },
  });
  new Gauge({
    name: 'ess_read_replica_fresh',
    help: 'Whether this instance reads from the replica (1) or skips it: lagging, down or not configured (0)',
    registers: [registry],
    collect() {
      this.set(deps.readRouting.state().isFresh ? 1 : 0);
    },
  });
  // What the database holds, read at each scrape (the same for every instance: aggregate with max, not sum).
  const tableGauge = (name: string, help: string, sql: string) =>
    new Gauge({
      name,
      help,
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const { rows } = await withinTime(database.health.query<{ status: string; count: number }>(sql));
        for (const row of rows) this.set({ status: row.status }, row.count);
      },
    });
  tableGauge(
    'ess_outbox_commands',
    'Commands to outside systems (cabinets, attendance) by status: pending ones wait for a relay',
    "select status, count(*)::int as count from outbox_commands where status <> 'sent' group by status",
  );
  tableGauge(
    'ess_import_jobs',
    'HR console imports not finished, by status',
    "select status, count(*)::int as count from import_jobs where status in ('queued', 'parsing', 'checking', 'committing') group by status",
  );
  // The job queue (jobs/queue.ts): waiting, running, retrying and failed jobs per queue; none before it first started.
  new Gauge({
    name: 'ess_jobs',
    help: 'Background jobs by queue and state (created and retry wait, active run, failed ones gave up after retries)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await withinTime(
        database.health.query<{ queue: string; state: string; count: number }>(
          `select name as queue, state::text, count(*)::int as count from ${JOB_SCHEMA}.job
           where state <> 'completed' group by name, state`,
        ),
      ).catch(() => ({ rows: [] })); // the queue's schema is made at its first start
      for (const row of rows) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  /** One figure read from the database at each scrape. */
  const figureGauge = (name: string, help: string, read: () => Promise<number | undefined>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set((await read()) ?? 0);
      },
    });
  figureGauge(
    'ess_accounts_locked',
    'Account names locked now after too many wrong passwords',
    async () =>
      (
        await withinTime(
          database.health.query<{ count: number }>(
            'select count(*)::int as count from login_failures where locked_until > now()',
          ),
        )
      ).rows[0]?.count,
  );
  // The scheduled backups (ops/schedule.ts): alert on a failed run or on a last success too long ago. A scrape
  // collects its gauges at once: both figures come from the one read in flight.
  let backupHealth: Promise<{ lastSuccess: number; lastFailed: number } | undefined> | undefined;
  const readBackupHealth = () => {
    backupHealth ??= withinTime(database.health.query(BACKUP_HEALTH_SQL))
      .then(({ rows }) => rows[0])
      .finally(() => {
        backupHealth = undefined;
      });
    return backupHealth;
  };
  figureGauge(
    'ess_backup_last_success_timestamp_seconds',
    'When the latest good scheduled backup finished (Unix seconds; 0 if none)',
    async () => (await readBackupHealth())?.lastSuccess,
  );
  figureGauge(
    'ess_backup_last_run_failed',
    'Whether the latest scheduled backup failed (1) or not (0); one cut off for hours counts as failed',
    async () => (await readBackupHealth())?.lastFailed,
  );

  // Load shedding: the loop's lag, sampled every half second (its mean over the last window, so one long
  // garbage collection on a busy machine does not shed).
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  let laggingMs = 0;
  const sampler = setInterval(() => {
    laggingMs = loopDelay.mean / 1e6;
    loopDelay.reset();
  }, 500);
  sampler.unref();
  app.addHook('onClose', async () => {
    clearInterval(sampler);
    loopDelay.disable();
  });
  const isOverloaded = () =>
    (deps.shedding.eventLoopDelayMs > 0 && laggingMs > deps.shedding.eventLoopDelayMs) ||
    (deps.shedding.poolWaiting > 0 && database.pool.waitingCount > deps.shedding.poolWaiting);
  app.addHook('onRequest', async (request, reply) => {
    if (OPERATIONS_PATHS.has(request.url.split('?')[0] ?? '') || !request.url.startsWith('/api/')) return;
    if (!isOverloaded()) return;
    reply.header('Retry-After', '5');
    return sendError(reply, new BusinessError('SERVER_BUSY'));
  });
  if (isMeasured)
    app.addHook('onResponse', async (request, reply) => {
      if (OPERATIONS_PATHS.has(request.routeOptions.url ?? '')) return;
      const call = callOf(request, reply);
      requests.inc({ call, status: String(reply.statusCode) });
      durations.observe({ call }, reply.elapsedTime / 1000);
      if (request.refusal) refusals.inc({ call, code: request.refusal });
    });

  const knownMigrations = knownMigrationCount();
  const publicRoute = { config: { access: 'public' as const } };

  app.get('/healthz', publicRoute, async (_request, reply) => {
    try {
      await withinTime(database.health.query('select 1'));
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });

  app.get('/readyz', publicRoute, async (_request, reply) => {
    const checks: Record<string, string> = { lifecycle: lifecycle.state };
    let isReady = lifecycle.state === 'serving';
    try {
      const applied = await withinTime(appliedMigrationCount(database.health));
      checks.database = 'ok';
      checks.migrations = `${applied}/${knownMigrations}`;
      if (applied !== knownMigrations) isReady = false;
    } catch {
      checks.database = 'unavailable';
      isReady = false;
    }
    if (redis) {
      try {
        await withinTime(redis.ping());
        checks.redis = 'ok';
      } catch {
        checks.redis = 'unavailable';
        isReady = false;
      }
    }
    return reply.code(isReady ? 200 : 503).send({ status: isReady ? 'ready' : 'not ready', checks });
  });

  app.get('/metrics', publicRoute, async (request, reply) => {
    // Without a token configured there is no /metrics; with one, only its holder reads it.
    if (!deps.metricsToken) return reply.code(404).send({ result: false, msg: '接口不存在', data: null });
    if (request.headers.authorization !== `Bearer ${deps.metricsToken}`) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ result: false, msg: '未授权', data: null });
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
};
