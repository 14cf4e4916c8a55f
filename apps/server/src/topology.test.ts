// The production topology, for real: a PostgreSQL primary and a streaming standby (pg_basebackup), Redis, two server
// instances (main.ts, as `npm start` runs it) behind nginx with the shipped site file (deploy/nginx/ess.conf). nginx
// keeps the hashed assets; a load through it reaches both instances and reads from the standby; a change submitted
// on one instance is pushed to a reviewer's socket on the other; killed, an instance's sockets reconnect to the
// other, which serves on; with the standby stopped, the query calls read from the primary without an error.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { FACTORY_PASSWORD_HASH, type MadeEmployee, makeEmployee, makePayslip } from '../test/factories';
import { POSTGRES_BIN, type ReplicaPair, startReplicaPair } from '../test/replica-pair';
import { TEST_SECRET_KEY } from '../test/secret-key';
import { type Database, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedReferenceData } from './seed/demo';

const NGINX = '/usr/sbin/nginx';
const hasNginx = existsSync(NGINX) && existsSync(path.join(POSTGRES_BIN, 'pg_basebackup'));
const METRICS_TOKEN = 'metrics-token-for-tests';
const root = path.resolve(__dirname, '../../..');

type Instance = { name: string; base: string; process: ChildProcess };

let work: string;
let pair: ReplicaPair;
let database: Database;
let worker: MadeEmployee;
let reviewer: MadeEmployee;
let nginx: ChildProcess | undefined;
let front: string;
const instances: Instance[] = [];
/** One deployment's keys and channels, apart from any other test's on the same Redis. */
const redisPrefix = `topology-${randomBytes(4).toString('hex')}`;

const freePort = async () => {
  const { createServer } = await import('node:net');
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
};

const waitUntilOk = async (url: string, timeoutMs = 60_000) => {
  await vi.waitFor(
    async () => {
      const response = await fetch(url);
      expect(response.status).toBe(200);
    },
    { timeout: timeoutMs, interval: 200 },
  );
};

const startInstance = async (name: string): Promise<Instance> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: pair.primaryUrl,
      DATABASE_READ_URL: pair.standbyUrl,
      REPLICA_MAX_LAG_SECONDS: '2',
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: redisPrefix,
      SECRET_KEY: TEST_SECRET_KEY,
      DATA_DIR: path.join(work, name),
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
      TRUST_PROXY: 'true',
      WEB_DIST: path.join(work, 'web'),
      SEED_DEMO: 'no',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const instance = { name, base: `http://127.0.0.1:${port}`, process: child };
  await waitUntilOk(`${instance.base}/readyz`);
  return instance;
};

/** nginx in the foreground with the shipped site file, its upstreams pointed at the two instances. */
const startNginx = async (upstreams: string[]) => {
  const port = await freePort();
  const prefix = path.join(work, 'nginx');
  mkdirSync(path.join(prefix, 'cache'), { recursive: true });
  let site = readFileSync(path.join(root, 'deploy/nginx/ess.conf'), 'utf8')
    .replace('/var/cache/nginx/ess', path.join(prefix, 'cache'))
    .replace('server app1:8080', `server ${upstreams[0]}`)
    .replace('server app2:8080', `server ${upstreams[1]}`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('listen [::]:80;', '');
  expect(site).not.toMatch(/app[12]:8080|listen 80;/);
  site = site.replace(/^#.*$/gm, '');
  writeFileSync(path.join(prefix, 'ess.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${path.join(prefix, 'ess.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  nginx = spawn(NGINX, ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', path.join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  front = `http://127.0.0.1:${port}`;
  await waitUntilOk(`${front}/healthz`);
};

const post = async (base: string, call: string, token: string | null, body: unknown = {}) => {
  const response = await fetch(`${base}/api/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { result: boolean; msg: string; data: unknown } };
};

const signIn = async (employee: MadeEmployee) => {
  const answer = await post(front, 'Account/CheckLogin', null, {
    userAccount: employee.empNo,
    password: FACTORY_PASSWORD_HASH,
    isRemember: true,
  });
  return (answer.body.data as { token: string }).token;
};

const metricOf = async (base: string, pattern: RegExp) => {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(pattern.exec(text)?.[1] ?? 0);
};
const payslipCalls = (base: string) =>
  metricOf(base, /^ess_http_requests_total\{call="SalaryPayslip\/GetPersonSalaryByOld",status="200"\} (\d+)$/m);
const replicaReads = (base: string) => metricOf(base, /^ess_query_reads_total\{database="replica"\} (\d+)$/m);
const socketsOpen = (base: string) => metricOf(base, /^ess_websockets_open (\d+)$/m);

/** `count` payslip calls through nginx, eight at a time: the statuses and envelopes' results. */
const payslipLoad = async (token: string, count: number) => {
  const outcomes: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        next += 1;
        const answer = await post(front, 'SalaryPayslip/GetPersonSalaryByOld', token, { day: payslipMonth });
        outcomes.push(`${answer.status} ${answer.body.result}`);
      }
    }),
  );
  return outcomes;
};

type Socket = { socket: WebSocket; messages: string[] };
const openSocket = (token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = new WebSocket(`${front.replace('http', 'ws')}/ws`);
    const messages: string[] = [];
    socket.on('open', () => socket.send(JSON.stringify({ type: 'AUTH', token })));
    socket.on('message', (data) => {
      messages.push(data.toString());
      if (data.toString().includes('AUTH_OK')) resolve({ socket, messages });
    });
    socket.on('error', reject);
  });

let payslipMonth = '';

beforeAll(async () => {
  if (!hasNginx) return;
  work = mkdtempSync(path.join(os.tmpdir(), 'ess-topology-'));
  // A web app of one document and one hashed script: what nginx's asset cache is tried on.
  mkdirSync(path.join(work, 'web/assets'), { recursive: true });
  writeFileSync(path.join(work, 'web/index.html'), '<!doctype html><title>员工自助</title>');
  writeFileSync(path.join(work, 'web/assets/app-4f3c2a1b.js'), 'console.log("员工自助");');
  pair = await startReplicaPair();
  await migrateDatabase(pair.primaryUrl);
  database = openDatabase(pair.primaryUrl, { max: 2 });
  await seedReferenceData(database.pool);
  worker = await makeEmployee(database);
  reviewer = await makeEmployee(database, { roles: ['Employee', 'AppVerify'] });
  payslipMonth = (await makePayslip(database, worker)).yearMonth;
  await pair.caughtUp();
  instances.push(await startInstance('a'), await startInstance('b'));
  await startNginx(instances.map((instance) => instance.base.replace('http://', '')));
}, 180_000);

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  for (const instance of instances) instance.process.kill('SIGKILL');
  await database?.close();
  await pair?.close();
  if (work) rmSync(work, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!hasNginx)('two instances behind nginx, a primary and a standby, Redis', () => {
  it('spreads the load, pushes across instances, survives a killed instance and a stopped standby', async () => {
    const [a, b] = instances as [Instance, Instance];
    const token = await signIn(worker);
    const reviewerToken = await signIn(reviewer);
    for (const instance of instances) {
      await vi.waitFor(async () => expect(await metricOf(instance.base, /^ess_read_replica_fresh (\d)$/m)).toBe(1), {
        timeout: 20_000,
        interval: 200,
      });
    }

    // Hashed assets: the app's year-long immutable caching, kept by nginx after the first fetch.
    const asset = async () => {
      const response = await fetch(`${front}/assets/app-4f3c2a1b.js`);
      return { status: response.status, cache: response.headers.get('x-cache-status'), body: await response.text() };
    };
    expect(await asset()).toEqual({ status: 200, cache: 'MISS', body: 'console.log("员工自助");' });
    expect(await asset()).toEqual({ status: 200, cache: 'HIT', body: 'console.log("员工自助");' });
    expect((await fetch(`${front}/assets/app-4f3c2a1b.js`)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );

    // The load through nginx reaches both instances, and their query calls read from the standby.
    expect(new Set(await payslipLoad(token, 60))).toEqual(new Set(['200 true']));
    for (const instance of instances) {
      expect(await payslipCalls(instance.base)).toBeGreaterThan(0);
      expect(await replicaReads(instance.base)).toBeGreaterThan(0);
    }

    // The reviewer's socket (through nginx's upgrade) hears a change submitted on the other instance.
    const first = await openSocket(reviewerToken);
    const holder = (await socketsOpen(a.base)) === 1 ? a : b;
    const other = holder === a ? b : a;
    expect(await socketsOpen(other.base)).toBe(0);
    const submitted = await post(other.base, 'SystemNotice/ModifyNotice', token, {
      NoticeType: 'APP_EDIT_WORK',
      NoticeBody: { records: [{ schoolName: '某厂', title: '操作工', quitReason: '合同到期' }] },
    });
    expect(submitted.body).toMatchObject({ result: true });
    await vi.waitFor(() => expect(first.messages.join('\n')).toContain('change-request.submitted'), {
      timeout: 10_000,
      interval: 50,
    });

    // The instance holding the socket is killed: the socket closes, reconnects through nginx to the other one,
    // and every call goes on there.
    const closed = new Promise((resolve) => first.socket.once('close', resolve));
    holder.process.kill('SIGKILL');
    await closed;
    const again = await openSocket(reviewerToken);
    expect(await socketsOpen(other.base)).toBe(1);
    expect(new Set(await payslipLoad(token, 40))).toEqual(new Set(['200 true']));

    // The standby stops: the query calls read from the primary, without an error.
    await pair.stopStandby();
    expect(new Set(await payslipLoad(token, 40))).toEqual(new Set(['200 true']));
    await vi.waitFor(async () => expect(await metricOf(other.base, /^ess_read_replica_fresh (\d)$/m)).toBe(0), {
      timeout: 10_000,
      interval: 200,
    });
    expect(new Set(await payslipLoad(token, 20))).toEqual(new Set(['200 true']));
    again.socket.close();
  }, 180_000);
});
