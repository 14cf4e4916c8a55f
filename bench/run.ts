// `npm run bench [-- --employees 80000 --connections 50 --duration 10 --only login,calls,records]`
// (`--only ops`: /metrics' cost and a backup beside the query calls, with its restore; `--only notices`: a notice to
// every employee, the home call with it unread, and its read-receipt summary for a plant; `--only banners`: the
// home carousel's pictures, bytes on the wire at 375 px, ≤ 60 KB per image; `--only materials`: a 500 MB material
// uploaded by tus with its connection dropped twice, and the server's extra RSS meanwhile; `--only attempts`: answer
// saves of 2,000 open exam attempts against the bare INSERT reference, the payslip call while they save every 10 s,
// and the results of an exam with 20,000 submissions; `--only wecom`: a month's payslip messages to every employee
// carried to a fake WeCom by the relay job, the payslip call beside it, and the silent sign-in's server time)
// A benchmark, not a test: seeds N employees × 24 months into a fresh database, starts the real server
// (one process, as in production), then loads it with autocannon from this process and prints a table.
// References on the same server: a bare route answering a constant envelope, and one primary-key read
// with raw SQL on the same pool. Ratios are against both.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import type pg from 'pg';
import { createPersonalDataCipher } from '../apps/server/src/core/personal-data';
import { openDatabase } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { ensureDatabase, migrateDatabase } from '../apps/server/src/db/migrate';
import { companyMonth } from '../apps/server/src/lib/calendar';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo';
import { type FakeWechat, startFakeWechat } from '../apps/server/test/fake-wechat';
import { startReplicaPair } from '../apps/server/test/replica-pair';
import { payslipMonths } from '../packages/contract/src/salary';
import { loadAnswerSaves, preparePublishedExam, runAutosavers, startAttempts, timeResults } from './attempts';
import { benchBanners } from './banners';
import { diskFlushesPerSecond } from './disk';
import { benchImport, benchReading, benchUploadBesideCalls } from './imports';
import { benchMaterialUpload } from './materials';
import { benchBackup, type Loaded, whileScraped } from './operations';
import {
  holdIdleSockets,
  loadChangeSubmissions,
  measurePushLatency,
  measureUpload,
  startSecondInstance,
  type Tokens,
} from './records';
import { postgresCpuSeconds } from './replica';
import { loadExamSubmissions, loadRanges, prepareBenchMedia, runViewers } from './training';
import { benchWecom } from './wecom';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
const employees = Number(option('employees', '80000'));
const connections = Number(option('connections', '50'));
const duration = Number(option('duration', '10'));
const only = new Set(
  option('only', 'login,calls,records')
    .split(',')
    // records: change submissions, the upload, the push to reviewers and idle sockets, each also on its own;
    // imports (not run by default): the HR console's 80,000-row payslip import.
    .flatMap((name) => (name === 'records' ? ['changes', 'upload', 'push', 'sockets'] : [name]))
    // training: exam submissions, media with ranges, heartbeats of 1,000 viewers, each also on its own.
    .flatMap((name) => (name === 'training' ? ['exams', 'media', 'heartbeats'] : [name])),
);
const hasTrainingPart = ['exams', 'media', 'heartbeats'].some((name) => only.has(name));
const hasRecordsPart = ['changes', 'upload', 'push', 'sockets'].some((name) => only.has(name));
/** Redis for the second instance of the push measurement (and the first, so they share it); skipped if unreachable. */
const redisUrl = option('redis', 'redis://127.0.0.1:6379');
/** `--profile-server <dir>`: the server writes a CPU profile there when it stops (open it in Chrome's DevTools). */
const profileDir = option('profile-server', '');
const serverArgs = [
  ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
  '--import',
  'tsx',
  'apps/server/src/main.ts',
];
const SECRET_KEY = 'bench-secret-key-that-is-long-enough-0000000000';
const root = path.resolve(import.meta.dirname, '..');

type Result = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };
let serverEnv: NodeJS.ProcessEnv = {};
/** `--only wecom`: the fake WeCom the server sends to and signs in with. */
let fakeWecom: FakeWechat | undefined;

/**
 * `--only replica`: the query calls on an instance reading the primary, then on one reading a streaming standby, in
 * the same run (bench/replica.ts): the standby's share of the reads and the primary's CPU time for the same load.
 */
const benchReplica = async () => {
  const pair = await startReplicaPair();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ess-bench-replica-'));
  try {
    await migrateDatabase(pair.primaryUrl);
    const database = openDatabase(pair.primaryUrl, { max: 4 });
    const seedStarted = Date.now();
    await seedDemo(database.pool, { employees, cipher: createPersonalDataCipher(SECRET_KEY) });
    await database.pool.query('checkpoint');
    await pair.caughtUp();
    console.log(`replica: seeded on the primary and replayed by the standby in ${(Date.now() - seedStarted) / 1000} s`);
    const sample = await database.pool.query<{ id: number; emp_no: string; bu: string }>(
      'select id, emp_no, bu from employees order by random() limit 2000',
    );
    await database.close();
    const tokens = await Promise.all(sample.rows.map(signToken));
    const [previousMonth] = payslipMonths(companyMonth());
    const calls: [string, () => string][] = [
      ['SalaryPayslip/GetPersonSalaryByOld', () => JSON.stringify({ day: previousMonth })],
      ['AttDay/GetAttRecordByEmpNo', () => '{"day":3}'],
    ];
    const metricsToken = 'bench-metrics-token-0000';
    const measure = async (withReplica: boolean) => {
      const instance = await startSecondInstance({
        root,
        env: {
          ...process.env,
          DATABASE_URL: pair.primaryUrl,
          ...(withReplica ? { DATABASE_READ_URL: pair.standbyUrl } : {}),
          HOST: '127.0.0.1',
          SECRET_KEY,
          LOG_LEVEL: 'warn',
          WEB_DIST: '',
          DATA_DIR: dataDir,
          MEDIA_DIR: path.join(dataDir, 'media'),
          METRICS_TOKEN: metricsToken,
          RUN_JOBS: 'no',
        },
        port: 19_000 + Math.floor(Math.random() * 1000),
      });
      const metrics = async () =>
        (await fetch(`${instance.base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
      const reads = (text: string, database: string) =>
        Number(new RegExp(`^ess_query_reads_total\\{database="${database}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
      try {
        for (let tries = 0; withReplica && !/^ess_read_replica_fresh 1$/m.test(await metrics()); tries++) {
          if (tries > 100) throw new Error('the standby never became fresh');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        for (const [route, body] of calls) await warmUp(instance.base, route, body, tokens);
        const before = await metrics();
        const cpuBefore = postgresCpuSeconds(pair.primaryDir);
        let requests = 0;
        for (const [route, body] of calls)
          requests += (await fire(instance.base, route, body, tokens, duration)).requests.total;
        const cpu = postgresCpuSeconds(pair.primaryDir) - cpuBefore;
        const after = await metrics();
        return {
          requests,
          cpu,
          replica: reads(after, 'replica') - reads(before, 'replica'),
          primary: reads(after, 'primary') - reads(before, 'primary'),
        };
      } finally {
        instance.process.kill('SIGTERM');
        await new Promise((resolve) => instance.process.once('exit', resolve));
      }
    };
    const alone = await measure(false);
    const replicated = await measure(true);
    const share = replicated.replica / Math.max(1, replicated.replica + replicated.primary);
    console.log(
      '\n| the query calls (payslip, then attendance) | requests | reads: standby / primary | primary CPU s | per 1,000 requests |',
    );
    console.log('|---|---:|---:|---:|---:|');
    for (const [name, run] of [
      ['primary only', alone],
      ['with DATABASE_READ_URL', replicated],
    ] as const) {
      console.log(
        `| ${name} | ${run.requests} | ${run.replica} / ${run.primary} | ${run.cpu.toFixed(2)} | ${((run.cpu / run.requests) * 1000).toFixed(3)} |`,
      );
    }
    console.log(`\nstandby's share of the reads: ${(share * 100).toFixed(1)} % (goal ≥ 90 %)`);
  } finally {
    await pair.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const main = async () => {
  if (only.has('replica')) {
    await benchReplica();
    if (only.size === 1) return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ess-bench-'));
  const cluster = await startEmbeddedPostgres({ dataDir });
  let server: ChildProcess | undefined;
  try {
    await ensureDatabase(cluster.adminUrl, 'ess');
    const url = cluster.urlFor('ess');
    await migrateDatabase(url);
    const database = openDatabase(url, { max: 4 });
    const seedStarted = Date.now();
    await seedDemo(database.pool, { employees, cipher: createPersonalDataCipher(SECRET_KEY) });
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const counts = await database.pool.query(
      `select (select count(*) from employees)::int as employees, (select count(*) from payslips)::int as payslips,
              (select count(*) from attendance_days)::int as attendance, (select count(*) from meal_months)::int as meals`,
    );
    console.log(`seeded ${JSON.stringify(counts.rows[0])} in ${seedSeconds.toFixed(1)} s`);
    // The seed ends with vacuum (analyze); writing its pages out now keeps the checkpointer from doing it in
    // the middle of the measurements, as a database in service is not freshly bulk-loaded.
    const checkpointStarted = Date.now();
    await database.pool.query('checkpoint');
    console.log(`checkpointed in ${((Date.now() - checkpointStarted) / 1000).toFixed(1)} s`);

    mkdirSync(path.join(dataDir, 'media'), { recursive: true });
    const port = 18_000 + Math.floor(Math.random() * 1000);
    const hasRedis = only.has('push') && (await isReachable(redisUrl));
    fakeWecom = only.has('wecom') ? await startFakeWechat({ delayMs: 5 }) : undefined;
    serverEnv = {
      ...process.env,
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      SECRET_KEY,
      LOG_LEVEL: 'warn',
      BENCH_ROUTES: 'true',
      LOGIN_RATE_LIMIT: '1000000',
      WEB_DIST: '',
      MEDIA_DIR: path.join(dataDir, 'media'),
      ...(hasRedis ? { REDIS_URL: redisUrl } : {}),
      // The operations part compares this instance, without the job queue's workers, against one with them.
      ...(only.has('ops') ? { RUN_JOBS: 'no' } : {}),
      // WeCom against the fake: the relay job sends every 10 s, the silent sign-in goes through it.
      ...(fakeWecom
        ? {
            WECOM_CORP_ID: 'ww-bench',
            WECOM_CORP_SECRET: 'bench',
            WECOM_AGENT_ID: '1000002',
            WECOM_API_BASE: fakeWecom.url,
            WECOM_OAUTH_BASE: fakeWecom.url,
            PUBLIC_URL: 'https://ess.example.com',
          }
        : {}),
    };
    server = spawn(process.execPath, serverArgs, {
      cwd: root,
      env: { ...serverEnv, PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base);
    const rss = await serverRss(server.pid);
    console.log(`server idle RSS: ${rss} MB`);

    const sample = await database.pool.query<{ id: number; emp_no: string; bu: string }>(
      'select id, emp_no, bu from employees order by random() limit 2000',
    );
    const results: Result[] = [];

    if (only.has('login')) {
      const password = createHash('sha256').update(DEMO_PASSWORD).digest('hex');
      const bodies = sample.rows.map((row) => JSON.stringify({ userAccount: row.emp_no, password, isRemember: true }));
      results.push(await load(base, 'Account/CheckLogin (argon2id)', 'Account/CheckLogin', () => pick(bodies)));
    }

    if (only.has('calls')) {
      const key = new TextEncoder().encode(SECRET_KEY);
      const tokens = await Promise.all(
        sample.rows.map((row) =>
          // Session epoch 0: no seeded employee has changed a password yet.
          new SignJWT({ no: row.emp_no, bu: row.bu, ep: 0 })
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject(String(row.id))
            .setIssuedAt()
            .setExpirationTime('2h')
            .sign(key),
        ),
      );
      const [previousMonth] = payslipMonths(companyMonth());
      const maxId = employees;
      const pkReadBody = () => JSON.stringify({ id: 1 + Math.floor(Math.random() * maxId) });
      await warmUp(base, 'Bench/Constant', () => '{}');
      const constantResult = await load(base, 'reference: constant envelope', 'Bench/Constant', () => '{}');
      await warmUp(base, 'Bench/PrimaryKeyRead', pkReadBody);
      const pkReadResult = await load(base, 'reference: primary-key read', 'Bench/PrimaryKeyRead', pkReadBody);
      const references = [constantResult, pkReadResult];
      results.push(...references);
      const calls: [string, string, () => string][] = [
        ['payslip', 'SalaryPayslip/GetPersonSalaryByOld', () => JSON.stringify({ day: previousMonth })],
        ['attendance', 'AttDay/GetAttRecordByEmpNo', () => '{"day":3}'],
        ['meals', 'LogisticsMeals/GetMeals', () => '{"query":{"CurrentPage":1}}'],
        ['dormitory', 'LogisticsDormitory/GetDormitoryCostForMobile', () => '{"query":{"CurrentPage":1}}'],
      ];
      for (const [name, route, body] of calls) {
        await expectServed(base, route, body(), tokens[0]);
        await warmUp(base, route, body, tokens);
        // The health check runs beside the loaded call: it must stay fast while the server is busy.
        const [result, health] = await Promise.all([
          load(base, name, route, body, tokens),
          autocannon({ url: `${base}/healthz`, connections: 1, duration: duration - 1, method: 'GET' }),
        ]);
        results.push(result, {
          name: `  /healthz during ${name}`,
          rps: health.requests.average,
          p50: health.latency.p50,
          p99: health.latency.p99,
          errors: health.errors,
          non2xx: health.non2xx,
        });
      }
      const [constant, pkRead] = references as [Result, Result];
      printTable(results, constant, pkRead);
    } else {
      printTable(results);
    }

    if (hasRecordsPart) {
      await benchRecords({ base, pool: database.pool, sample: sample.rows, serverPid: server.pid, results, dataDir });
    }
    if (hasTrainingPart) {
      await benchTraining({ base, pool: database.pool, results, mediaDir: path.join(dataDir, 'media'), dataDir });
    }
    if (only.has('ops')) {
      await benchOperations({ base, url, adminUrl: cluster.adminUrl, sample: sample.rows, dataDir, port });
    }
    if (only.has('banners')) {
      const people = await database.pool.query<{ id: number; emp_no: string; bu: string }>(
        `(select id, emp_no, bu from employees where emp_no = '900001')
         union all (select id, emp_no, bu from employees where bu = 'NT' and emp_no like '1%' order by id limit 1)`,
      );
      const [hr, worker] = people.rows;
      if (!hr || !worker) throw new Error('the demo has no SysAdmin or no NT worker');
      await benchBanners({
        base,
        hrToken: await signToken(hr),
        workerToken: await signToken(worker),
        connections,
        duration,
      });
    }
    if (only.has('imports')) {
      await benchImports({ base, pool: database.pool, sample: sample.rows, serverPid: server.pid as number });
    }
    if (only.has('notices')) {
      await benchNotices({ base, pool: database.pool, sample: sample.rows });
    }
    if (only.has('attempts')) {
      await benchAttempts({ base, pool: database.pool, results, dataDir });
    }
    if (fakeWecom) {
      const tokens = await Promise.all(sample.rows.map((row) => signToken(row)));
      const [previousMonth] = payslipMonths(companyMonth());
      const body = () => JSON.stringify({ day: previousMonth });
      const route = 'SalaryPayslip/GetPersonSalaryByOld';
      await warmUp(base, route, body, tokens);
      await benchWecom({
        base,
        pool: database.pool,
        fake: fakeWecom,
        loadPayslip: (name) => load(base, name, route, body, tokens),
      });
    }
    if (only.has('materials')) {
      const { rows } = await database.pool.query<{ id: number; emp_no: string; bu: string }>(
        `select id, emp_no, bu from employees where emp_no = '900001'`,
      );
      if (!rows[0]) throw new Error('the demo has no SysAdmin');
      await benchMaterialUpload({
        base,
        hrToken: await signToken(rows[0]),
        serverRss: () => serverRss(server?.pid),
        dataDir,
        mediaDir: path.join(dataDir, 'media'),
      });
    }
    await database.close();
    console.log(
      `\nemployees ${employees}, ${connections} connections, ${duration} s per call, ${os.cpus().length} cores`,
    );
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server?.once('exit', resolve));
    }
    await cluster.stop();
    await fakeWecom?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/** A benchmark of refusals would measure nothing: one call first, which must answer result:true. */
const expectServed = async (base: string, route: string, body: string, token: string | undefined) => {
  const response = await fetch(`${base}/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token, authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const answer = (await response.json()) as { result: boolean; msg: string };
  if (!response.ok || !answer.result) throw new Error(`${route} is not served: ${response.status} ${answer.msg}`);
};

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** Loads one route with `connections` clients, each request from a random signed-in employee. */
const fire = (base: string, route: string, body: () => string, tokens: string[] | undefined, seconds: number) =>
  autocannon({
    url: `${base}/api/${route}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (tokens) {
            const token = pick(tokens);
            headers.token = token;
            headers.authorization = `Bearer ${token}`;
          }
          return { ...request, headers, body: body() };
        },
      },
    ],
  });

/**
 * A short unrecorded run first, as a server in service is warm: each sampled token has been seen once,
 * each pooled connection has prepared its statements, and the rows are in PostgreSQL's cache.
 */
const WARM_UP_SECONDS = 2;
const warmUp = async (base: string, route: string, body: () => string, tokens?: string[]) => {
  // Every token once, whatever the call's speed: a slow call's 2 s would leave tokens to be verified and their
  // roles read while it is measured.
  if (tokens) {
    const waiting = [...tokens];
    const sendNext = async (): Promise<void> => {
      const token = waiting.pop();
      if (!token) return;
      await fetch(`${base}/api/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token, authorization: `Bearer ${token}` },
        body: body(),
      }).then((response) => response.arrayBuffer());
      return sendNext();
    };
    await Promise.all(Array.from({ length: connections }, sendNext));
  }
  await fire(base, route, body, tokens, WARM_UP_SECONDS);
};

const load = async (
  base: string,
  name: string,
  route: string,
  body: () => string,
  tokens?: string[],
): Promise<Result> => {
  const result = await fire(base, route, body, tokens, duration);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
};

const printTable = (results: Result[], constant?: Result, pkRead?: Result) => {
  console.log('\n| call | req/s | p50 ms | p99 ms | × constant | × pk-read | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const row of results) {
    const ratio = (reference?: Result) => (reference ? (row.rps / reference.rps).toFixed(2) : '');
    console.log(
      `| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${ratio(constant)} | ${ratio(pkRead)} | ${row.errors + row.non2xx} |`,
    );
  }
};

const waitForHealth = async (base: string) => {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const serverRss = async (pid?: number) => {
  if (!pid) return 0;
  const { readFileSync } = await import('node:fs');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
};

const signToken = (row: { id: number; emp_no: string; bu: string }) =>
  // Session epoch 0: no seeded employee has changed a password yet.
  new SignJWT({ no: row.emp_no, bu: row.bu, ep: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(row.id))
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(SECRET_KEY));

const isReachable = async (url: string) => {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
};

/**
 * Issue 20's goals: the payslip call on an instance with /metrics (scraped every second) and the job queue's workers
 * against one without either, in turns, each twice; a backup while the call runs, and its restore.
 */
const benchOperations = async ({
  base,
  url,
  adminUrl,
  sample,
  dataDir,
  port,
}: {
  base: string;
  url: string;
  adminUrl: string;
  sample: { id: number; emp_no: string; bu: string }[];
  dataDir: string;
  port: number;
}) => {
  const tokens = await Promise.all(sample.map(signToken));
  const [previousMonth] = payslipMonths(companyMonth());
  const route = 'SalaryPayslip/GetPersonSalaryByOld';
  const body = () => JSON.stringify({ day: previousMonth });
  const metricsToken = 'bench-metrics-token-0000';
  const measured = await startSecondInstance({
    root,
    env: { ...serverEnv, METRICS_TOKEN: metricsToken, RUN_JOBS: 'yes' },
    port: port + 1,
  });
  try {
    const payslipOn = async (on: string, seconds = duration): Promise<Loaded> => {
      const result = await fire(on, route, body, tokens, seconds);
      return { rps: result.requests.average, p99: result.latency.p99 };
    };
    await warmUp(base, route, body, tokens);
    await warmUp(measured.base, route, body, tokens);
    const without: Loaded[] = [];
    const withMetrics: Loaded[] = [];
    for (let turn = 0; turn < 2; turn++) {
      without.push(await payslipOn(base));
      withMetrics.push(await whileScraped(measured.base, metricsToken, () => payslipOn(measured.base)));
    }
    const mean = (runs: Loaded[]) => runs.reduce((sum, run) => sum + run.rps, 0) / runs.length;
    console.log('\n| /metrics and the job queue | payslip req/s (two turns) | p99 ms | × without |');
    console.log('|---|---:|---:|---:|');
    console.log(
      `| without METRICS_TOKEN, RUN_JOBS=no | ${without.map((run) => Math.round(run.rps)).join(', ')} | ${without.map((run) => run.p99).join(', ')} | 1.00 |`,
    );
    console.log(
      `| with METRICS_TOKEN scraped every second, the queue's workers and schedules | ${withMetrics.map((run) => Math.round(run.rps)).join(', ')} | ${withMetrics.map((run) => run.p99).join(', ')} | ${(mean(withMetrics) / mean(without)).toFixed(3)} |`,
    );
  } finally {
    measured.process.kill('SIGTERM');
    await new Promise((resolve) => measured.process.once('exit', resolve));
  }

  await ensureDatabase(adminUrl, 'ess_restored');
  const backup = await benchBackup({
    root,
    env: { ...serverEnv, DATABASE_URL: url },
    dataDir,
    restoreUrl: new URL('/ess_restored', url).toString(),
    loadFor: async (seconds) => {
      const result = await fire(base, route, body, tokens, seconds);
      return { rps: result.requests.average, p99: result.latency.p99 };
    },
  });
  console.log('\n| backup | figure |');
  console.log('|---|---|');
  console.log(`| backup alone (the CLI, start to end) | ${backup.quiet.seconds.toFixed(1)} s |`);
  console.log(`| backup beside the payslip load | ${backup.loaded.seconds.toFixed(1)} s, archive ${backup.size} |`);
  console.log(
    `| payslip during the backup | ${Math.round(backup.during.rps)} req/s, p99 ${backup.during.p99} ms = ${(backup.during.rps / backup.alone.rps).toFixed(2)} × alone (${Math.round(backup.alone.rps)} req/s, p99 ${backup.alone.p99} ms) |`,
  );
  console.log(`| restore into an empty database (the CLI, start to end) | ${backup.restored.seconds.toFixed(1)} s |`);
};

/** Issue 12's goals: an 80,000-row payslip .xlsx imported against COPY, peak RSS, the query calls meanwhile. */
/**
 * `--only notices` (issue 21): a notice to the whole company published and visible to everyone, the home call
 * (SystemNotice/GetPersonMsg) of employees with it unread against the primary-key reference, and the read-receipt
 * summary of the notice for one plant once a third of the company has read it.
 */
const benchNotices = async ({
  base,
  pool,
  sample,
}: {
  base: string;
  pool: pg.Pool;
  sample: { id: number; emp_no: string; bu: string }[];
}) => {
  const tokens = await Promise.all(sample.map(signToken));
  const { rows: adminRows } = await pool.query<{ id: number; emp_no: string; bu: string }>(
    "select id, emp_no, bu from employees where emp_no = '900001'",
  );
  const adminToken = await signToken(adminRows[0] as { id: number; emp_no: string; bu: string });
  const post = async (route: string, body: unknown, token: string) => {
    const response = await fetch(`${base}/api/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token, authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { result: boolean; msg: string; data: unknown };
    if (!answer.result) throw new Error(`${route}: ${answer.msg}`);
    return answer.data;
  };
  const { rows: totals } = await pool.query<{ n: number }>(
    'select count(*)::int as n from employees where left_on is null',
  );
  const started = performance.now();
  const { id } = (await post(
    'Announcement/Publish',
    {
      title: '全公司通知（基准测试）',
      body: '<p>请全体员工阅读本通知。</p>',
      audience: { plants: [] },
      mustAcknowledge: true,
    },
    adminToken,
  )) as { id: number };
  const publishedMs = performance.now() - started;
  // Visible to everyone: the last of the sample (any employee) finds it in 消息.
  for (;;) {
    const mine = (await post('Announcement/GetMine', {}, tokens.at(-1) as string)) as { id: number }[];
    if (mine.some((notice) => notice.id === id)) break;
  }
  const visibleMs = performance.now() - started;

  const pkReadBody = () => JSON.stringify({ id: 1 + Math.floor(Math.random() * employees) });
  await warmUp(base, 'Bench/PrimaryKeyRead', pkReadBody);
  const reference = await load(base, 'reference: primary-key read', 'Bench/PrimaryKeyRead', pkReadBody);
  await warmUp(base, 'SystemNotice/GetPersonMsg', () => '{}', tokens);
  const home = await load(base, 'home: GetPersonMsg, notice unread', 'SystemNotice/GetPersonMsg', () => '{}', tokens);

  // A third of the company has read it, half of them acknowledged it.
  await pool.query(
    `insert into announcement_receipts (announcement_id, employee_id, acknowledged_at)
     select $1, id, case when id % 6 = 0 then now() end from employees where id % 3 = 0 on conflict do nothing`,
    [id],
  );
  await pool.query('analyze announcement_receipts');
  const summaryMs: number[] = [];
  for (let run = 0; run < 25; run++) {
    const before = performance.now();
    await post('Announcement/GetReceipts', { id, bu: 'NT' }, adminToken);
    summaryMs.push(performance.now() - before);
  }
  const sorted = summaryMs.slice(5).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  const worst = sorted.at(-1) as number;
  const { rows: plantRows } = await pool.query<{ n: number }>(
    "select count(*)::int as n from employees where bu = 'NT' and left_on is null",
  );

  console.log('\n| goal | figure | target |');
  console.log('|---|---|---|');
  console.log(
    `| a notice to all ${totals[0]?.n} employees, published → visible to an employee | published in ${publishedMs.toFixed(0)} ms, visible at ${visibleMs.toFixed(0)} ms | ≤ 2,000 ms |`,
  );
  console.log(
    `| home call (GetPersonMsg) with it unread, ${connections} connections | ${Math.round(home.rps)} req/s, p99 ${home.p99} ms = ${(home.rps / reference.rps).toFixed(2)} × pk-read (${Math.round(reference.rps)}) | ≥ 0.9 × |`,
  );
  console.log(
    `| read-receipt summary for plant NT (${plantRows[0]?.n} employees), a third read | median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms of 20 | ≤ 100 ms |`,
  );
};

const benchImports = async ({
  base,
  pool,
  sample,
  serverPid,
}: {
  base: string;
  pool: pg.Pool;
  sample: { id: number; emp_no: string; bu: string }[];
  serverPid: number;
}) => {
  const tokens = await Promise.all(sample.map(signToken));
  const { rows: clerkRows } = await pool.query<{ id: number; emp_no: string; bu: string }>(
    "select id, emp_no, bu from employees where emp_no = '900001'",
  );
  const clerkToken = await signToken(clerkRows[0] as { id: number; emp_no: string; bu: string });
  const [previousMonth] = payslipMonths(companyMonth());
  const result = await benchImport({
    base,
    pool,
    serverPid,
    clerkToken,
    duration,
    connections,
    query: {
      call: { route: 'SalaryPayslip/GetPersonSalaryByOld', body: () => JSON.stringify({ day: previousMonth }), tokens },
      reference: {
        route: 'Bench/PrimaryKeyRead',
        body: () => JSON.stringify({ id: 1 + Math.floor(Math.random() * employees) }),
        tokens,
      },
    },
  });
  const { alone, loaded } = result;
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const phases = (run: typeof alone) =>
    `upload ${seconds(run.uploadedMs)} s, ${Object.entries(run.seen)
      .map(([status, ms]) => `${status} ${seconds(ms)}`)
      .join(', ')} s`;
  console.log(`\nimport alone (the median run): ${phases(alone)}\nimport under load: ${phases(loaded)}`);
  console.log('\n| goal | figure | target |');
  console.log('|---|---|---|');
  console.log(
    `| ${result.rows} payslip rows from .xlsx (${(result.fileBytes / 1048576).toFixed(1)} MB), upload → committed | ${seconds(alone.importMs)} s (median of ${seconds(result.aloneRange[0])}–${seconds(result.aloneRange[1])} s) = ${(alone.importMs / result.copyMs).toFixed(1)} × COPY into a bare table (${seconds(result.copyMs)} s), ${(alone.importMs / result.copyConstrainedMs).toFixed(1)} × COPY with payslips' keys (${seconds(result.copyConstrainedMs)} s) | ≤ 3 × |`,
  );
  console.log(
    `| the same under the payslip call's load | ${seconds(loaded.importMs)} s (checked at ${seconds(loaded.checkedMs)} s) | — |`,
  );
  console.log(
    `| server peak RSS during the imports | ${result.peakRss} MB (${result.idleRss} MB before) | ≤ 1024 MB |`,
  );
  console.log(
    `| payslip call during the import, ${connections} connections | ${Math.round(loaded.duringRps)} req/s = ${(loaded.duringRps / result.referenceRps).toFixed(2)} × pk-read (${Math.round(result.referenceRps)}), ${loaded.duringErrors} errors | ≥ 0.5 × |`,
  );
  // Issue 17: the upload's effect on the other calls, and reading linear in the file.
  const beside = await benchUploadBesideCalls({ base, clerkToken, tokens: tokens.slice(0, 8) });
  console.log(
    `| payslip call p99 during a 30 MB upload (${(beside.uploadMs / 1000).toFixed(1)} s), 8 employees at once | ${beside.during.p99.toFixed(0)} ms (max ${beside.during.max.toFixed(0)} ms) against ${beside.idle.p99.toFixed(0)} ms idle (max ${beside.idle.max.toFixed(0)} ms) = ${(beside.during.p99 / beside.idle.p99).toFixed(2)} × | ≤ 2 × |`,
  );
  for (const { strings, times } of benchReading()) {
    const [small, middle, large] = times as [(typeof times)[0], (typeof times)[0], (typeof times)[0]];
    console.log(
      `| reading an Excel-shaped .xlsx, ${strings} strings (CPU, best of 3) | ${times.map((time) => `${time.rows} rows ${(time.megabytes).toFixed(1)} MB ${(time.ms / 1000).toFixed(2)} s`).join(', ')}; ×${(middle.ms / small.ms).toFixed(2)} and ×${(large.ms / middle.ms).toFixed(2)} per doubling | ≤ 2.5 × per doubling |`,
    );
  }
};

/**
 * The write reference of this run (issue 17): a bare single-statement INSERT … COMMIT through the same pool and
 * HTTP stack, measured once and kept; with it the disk's flush rate, which bounds commits that do not share a flush.
 */
let writeReference: (Result & { flushesPerSecond: number }) | undefined;
const measureWriteReference = async (base: string, pool: pg.Pool, dataDir: string) => {
  if (writeReference) return writeReference;
  await pool.query(
    'create table if not exists bench_writes (id bigint generated always as identity primary key, body jsonb not null)',
  );
  const flushesPerSecond = diskFlushesPerSecond(dataDir);
  const body = () => JSON.stringify({ text: '基准写入', at: Date.now() });
  await warmUp(base, 'Bench/BareInsert', body);
  writeReference = {
    ...(await load(base, 'reference: bare INSERT … COMMIT', 'Bench/BareInsert', body)),
    flushesPerSecond,
  };
  return writeReference;
};
const writeReferenceLine = (reference: Result & { flushesPerSecond: number }, pkRead: Result) =>
  `| write reference: bare INSERT … COMMIT, ${connections} connections | ${Math.round(reference.rps)} req/s = ${(reference.rps / pkRead.rps).toFixed(2)} × pk-read; p50 ${reference.p50} ms, p99 ${reference.p99} ms; the disk flushes ${Math.round(reference.flushesPerSecond)} times a second (8 KB + fdatasync) | — |`;

/** Issue 9's goals: submissions, the push to reviewers, a 3 MB upload, idle sockets (docs/performance.md). */
const benchRecords = async ({
  base,
  pool,
  sample,
  serverPid,
  results,
  dataDir,
}: {
  base: string;
  pool: pg.Pool;
  sample: { id: number; emp_no: string; bu: string }[];
  serverPid: number | undefined;
  results: Result[];
  dataDir: string;
}) => {
  const tokens: Tokens = await Promise.all(
    sample.map(async (row) => ({ id: row.id, empNo: row.emp_no, bu: row.bu, token: await signToken(row) })),
  );
  // The primary-key reference of this very run, beside the submissions.
  const pkReadBody = () => JSON.stringify({ id: 1 + Math.floor(Math.random() * employees) });
  const pkRead =
    results.find((row) => row.name === 'reference: primary-key read') ??
    (await (async () => {
      await warmUp(base, 'Bench/PrimaryKeyRead', pkReadBody);
      return load(base, 'reference: primary-key read', 'Bench/PrimaryKeyRead', pkReadBody);
    })());

  const writes = only.has('changes') ? await measureWriteReference(base, pool, dataDir) : undefined;
  const changes = only.has('changes')
    ? await loadChangeSubmissions({ base, pool, tokens: tokens.slice(0, 1000), connections })
    : undefined;
  const upload = only.has('upload')
    ? await measureUpload({ base, token: (tokens[1500] as Tokens[number]).token })
    : undefined;
  const { rows: reviewerRows } = await pool.query<{ id: number; emp_no: string; bu: string }>(
    "select id, emp_no, bu from employees where emp_no = '900001'",
  );
  const reviewerToken = await signToken(reviewerRows[0] as { id: number; emp_no: string; bu: string });
  const pushOne = only.has('push')
    ? await measurePushLatency({
        submitBase: base,
        reviewerBase: base,
        reviewerToken,
        submitters: tokens.slice(1000, 1200),
      })
    : undefined;
  let pushTwo: Awaited<ReturnType<typeof measurePushLatency>> | undefined;
  if (pushOne && serverEnv.REDIS_URL) {
    const second = await startSecondInstance({ root, env: serverEnv, port: 19_000 + Math.floor(Math.random() * 1000) });
    try {
      pushTwo = await measurePushLatency({
        submitBase: base,
        reviewerBase: second.base,
        reviewerToken,
        submitters: tokens.slice(1200, 1400),
      });
    } finally {
      second.process.kill('SIGTERM');
      await new Promise((resolve) => second.process.once('exit', resolve));
    }
  }
  const sockets = only.has('sockets') ? await holdIdleSockets({ base, tokens, serverPid }) : undefined;

  console.log('\n| goal | figure | target |');
  console.log('|---|---|---|');
  if (changes && writes) {
    console.log(writeReferenceLine(writes, pkRead));
    console.log(
      `| change submissions, ${connections} connections | ${Math.round(changes.rps)} req/s = ${(changes.rps / writes.rps).toFixed(2)} × the write reference (${(changes.rps / pkRead.rps).toFixed(2)} × pk-read); p50 ${changes.p50} ms, p99 ${changes.p99} ms; ${changes.made} of ${changes.sent} made, ${changes.errors} errors | ≥ 0.5 × the write reference |`,
    );
  }
  if (sockets) {
    console.log(
      `| ${sockets.sockets} idle sockets on one instance | server RSS ${sockets.rssWith} MB (${sockets.rssBefore} MB before) | ≤ 300 MB |`,
    );
  }
  if (pushOne) {
    console.log(
      `| push, submit → reviewer's socket, one instance | p50 ${pushOne.p50.toFixed(1)} ms, p99 ${pushOne.p99.toFixed(1)} ms (${pushOne.pushes}/${pushOne.of}) | p99 ≤ 100 ms |`,
    );
    console.log(
      pushTwo
        ? `| push across two instances (Redis) | p50 ${pushTwo.p50.toFixed(1)} ms, p99 ${pushTwo.p99.toFixed(1)} ms (${pushTwo.pushes}/${pushTwo.of}) | p99 ≤ 100 ms |`
        : `| push across two instances | skipped: no Redis at ${redisUrl} | p99 ≤ 100 ms |`,
    );
  }
  if (upload) {
    console.log(
      `| 3 MB photo upload | ${upload.uploadMs.toFixed(1)} ms; the bytes alone on the loopback ${upload.loopbackMs.toFixed(1)} ms: +${upload.overheadMs.toFixed(1)} ms | ≤ +50 ms |`,
    );
  }
};

/** Issue 10's goals: exam submissions, media with ranges, heartbeats of 1,000 viewers (docs/performance.md). */
const benchTraining = async ({
  base,
  pool,
  results,
  mediaDir,
  dataDir,
}: {
  base: string;
  pool: pg.Pool;
  results: Result[];
  mediaDir: string;
  dataDir: string;
}) => {
  // Employees nobody else's part of the run signs in as: the submissions use each one once.
  const { rows } = await pool.query<{ id: number; emp_no: string; bu: string }>(
    'select id, emp_no, bu from employees order by id desc limit 30000',
  );
  const signed = await Promise.all(rows.map(async (row) => ({ id: row.id, token: await signToken(row) })));
  const pkReadBody = () => JSON.stringify({ id: 1 + Math.floor(Math.random() * employees) });
  const pkRead =
    results.find((row) => row.name === 'reference: primary-key read') ??
    (await (async () => {
      await warmUp(base, 'Bench/PrimaryKeyRead', pkReadBody);
      return load(base, 'reference: primary-key read', 'Bench/PrimaryKeyRead', pkReadBody);
    })());
  const lines: string[] = [];

  if (only.has('exams')) {
    const writes = await measureWriteReference(base, pool, dataDir);
    const exams = await loadExamSubmissions({ base, pool, tokens: signed.slice(2000), connections, duration });
    lines.push(
      writeReferenceLine(writes, pkRead),
      `| exam submissions, ${connections} connections | ${Math.round(exams.rps)} req/s = ${(exams.rps / writes.rps).toFixed(2)} × the write reference (${(exams.rps / pkRead.rps).toFixed(2)} × pk-read); p50 ${exams.p50} ms, p99 ${exams.p99} ms; ${exams.stored} stored, ${exams.errors} errors | ≥ 0.7 × the write reference |`,
    );
  }
  const viewers = signed.slice(0, 1000);
  const media =
    only.has('media') || only.has('heartbeats')
      ? await prepareBenchMedia({ pool, mediaDir, employeeIds: viewers.map((viewer) => viewer.id) })
      : undefined;
  if (media && only.has('media')) {
    const token = (viewers[0] as { token: string }).token;
    const warm = (url: string, withToken: boolean) =>
      loadRanges({ url, token: withToken ? token : undefined, duration: 2 });
    await warm(`${base}/bench-static/bench-50mb.mp4`, false);
    const bare = await loadRanges({ url: `${base}/bench-static/bench-50mb.mp4`, duration });
    await warm(`${base}${media.path}`, true);
    const served = await loadRanges({ url: `${base}${media.path}`, token, duration });
    lines.push(
      `| 50 MB video, 1 MB ranges, 20 clients | ${served.mbPerSecond.toFixed(0)} MB/s (${Math.round(served.rps)} ranges/s, p99 ${served.p99} ms, ${served.errors} errors) = ${(served.mbPerSecond / bare.mbPerSecond).toFixed(2)} × the bare static handler (${bare.mbPerSecond.toFixed(0)} MB/s) | ≥ 0.9 × |`,
    );
  }
  if (media && only.has('heartbeats')) {
    const tokens = signed.slice(1000, 2000).map((row) => row.token);
    const [previousMonth] = payslipMonths(companyMonth());
    const body = () => JSON.stringify({ day: previousMonth });
    const route = 'SalaryPayslip/GetPersonSalaryByOld';
    await warmUp(base, route, body, tokens);
    const alone = await load(base, 'payslip alone', route, body, tokens);
    const beating = runViewers({
      base,
      viewers,
      materialId: media.materialId,
      studyIdOf: media.studyIdOf,
      seconds: duration + 12,
    });
    // The viewers start within their first ten seconds; the query is measured once all of them beat.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const during = await load(base, 'payslip with 1,000 viewers', route, body, tokens);
    const beats = await beating;
    lines.push(
      `| payslip query while 1,000 viewers beat every 10 s | ${Math.round(during.rps)} req/s = ${(during.rps / alone.rps).toFixed(2)} × the same call alone (${Math.round(alone.rps)}); p99 ${during.p99} ms; beats ${beats.accepted} accepted, ${beats.refused} refused, ${beats.failed} failed | ≥ 0.8 × |`,
    );
  }
  console.log('\n| training goal | figure | target |');
  console.log('|---|---|---|');
  for (const line of lines) console.log(line);
};

/** Issue 22's goals: answer saves of open attempts, the payslip call beside 2,000 autosaving workers, the results. */
const benchAttempts = async ({
  base,
  pool,
  results,
  dataDir,
}: {
  base: string;
  pool: pg.Pool;
  results: Result[];
  dataDir: string;
}) => {
  const { rows } = await pool.query<{ id: number; emp_no: string; bu: string }>(
    "select id, emp_no, bu from employees where emp_no like '1%' and left_on is null order by id desc limit 3000",
  );
  const signed = await Promise.all(rows.map(async (row) => ({ id: row.id, token: await signToken(row) })));
  const { rows: hrRows } = await pool.query<{ id: number; emp_no: string; bu: string }>(
    "select id, emp_no, bu from employees where emp_no = '900001'",
  );
  const hrToken = await signToken(hrRows[0] as { id: number; emp_no: string; bu: string });
  const pkReadBody = () => JSON.stringify({ id: 1 + Math.floor(Math.random() * employees) });
  const pkRead =
    results.find((row) => row.name === 'reference: primary-key read') ??
    (await (async () => {
      await warmUp(base, 'Bench/PrimaryKeyRead', pkReadBody);
      return load(base, 'reference: primary-key read', 'Bench/PrimaryKeyRead', pkReadBody);
    })());
  const exam = await preparePublishedExam(pool);
  const attempts = await startAttempts(base, exam.paperId, signed.slice(0, 2000));
  const writes = await measureWriteReference(base, pool, dataDir);
  const saves = await loadAnswerSaves({ base, ...exam, attempts, connections, duration });
  const lines = [
    writeReferenceLine(writes, pkRead),
    `| answer saves of 2,000 open attempts, ${connections} connections | ${Math.round(saves.rps)} req/s = ${(saves.rps / writes.rps).toFixed(2)} × the write reference; p50 ${saves.p50} ms, p99 ${saves.p99} ms; ${saves.errors} errors | ≥ 0.5 × the write reference |`,
  ];

  const tokens = signed.slice(2000).map((row) => row.token);
  const [previousMonth] = payslipMonths(companyMonth());
  const body = () => JSON.stringify({ day: previousMonth });
  const route = 'SalaryPayslip/GetPersonSalaryByOld';
  await warmUp(base, route, body, tokens);
  const alone = await load(base, 'payslip alone', route, body, tokens);
  const saving = runAutosavers({ base, ...exam, attempts, seconds: duration + 12 });
  // The workers start within their first ten seconds; the query is measured once all of them save.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const during = await load(base, 'payslip with 2,000 autosaving workers', route, body, tokens);
  const saved = await saving;
  lines.push(
    `| payslip query while 2,000 workers save their answers every 10 s | ${Math.round(during.rps)} req/s = ${(during.rps / alone.rps).toFixed(2)} × the same call alone (${Math.round(alone.rps)}); p99 ${during.p99} ms; saves ${saved.saved} kept, ${saved.refused} refused, ${saved.failed} failed | ≥ 0.8 × |`,
  );

  const results20k = await preparePublishedExam(pool);
  const timed = await timeResults({ base, pool, ...results20k, hrToken, submissions: 20_000 });
  lines.push(
    `| the results of an exam with 20,000 submissions (Paper/GetResults, per question included) | median ${timed.medianMs} ms, slowest ${timed.maxMs} ms of five | ≤ 1 s |`,
  );
  console.log('\n| published exams goal | figure | target |');
  console.log('|---|---|---|');
  for (const line of lines) console.log(line);
};

await main();
