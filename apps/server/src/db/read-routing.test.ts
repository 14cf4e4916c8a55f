// The query calls on a real streaming standby (a primary and a pg_basebackup standby of Debian's PostgreSQL 15): read
// from the standby while it is fresh, from the primary right after the caller's own write, and from the primary
// when the standby lags beyond the bound or is down, without an error.
import { routes } from '@ess/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FACTORY_PASSWORD_HASH, type MadeEmployee, makeEmployee, makeMessages } from '../../test/factories';
import { type ReplicaPair, startReplicaPair } from '../../test/replica-pair';
import { TEST_SECRET_KEY } from '../../test/secret-key';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { seedReferenceData } from '../seed/demo';
import { type Database, openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { createReadRouting } from './read-routing';

const METRICS_TOKEN = 'metrics-token-for-tests';
let pair: ReplicaPair;
let database: Database;
let worker: MadeEmployee;

beforeAll(async () => {
  pair = await startReplicaPair();
  await migrateDatabase(pair.primaryUrl);
  database = openDatabase(pair.primaryUrl, { max: 4 });
  await seedReferenceData(database.pool);
  worker = await makeEmployee(database);
}, 120_000);
afterAll(async () => {
  await database?.close();
  await pair?.close();
}, 60_000);

const appWith = async (maxLagSeconds: number) => {
  const config = readConfig({
    DATA_DIR: '/tmp/ess-test-unused',
    DATABASE_URL: pair.primaryUrl,
    DATABASE_READ_URL: pair.standbyUrl,
    REPLICA_MAX_LAG_SECONDS: String(maxLagSeconds),
    SECRET_KEY: TEST_SECRET_KEY,
    LOG_LEVEL: 'silent',
    SHED_EVENT_LOOP_DELAY_MS: '0',
    METRICS_TOKEN,
  });
  const app = await buildApp({ config, database });
  await app.ready();
  return app;
};

const signIn = async (app: FastifyInstance) => {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/Account/CheckLogin',
    payload: { userAccount: worker.empNo, password: FACTORY_PASSWORD_HASH, isRemember: true },
  });
  return answer.json().data.token as string;
};

const call = (app: FastifyInstance, path: string, token: string, cookie?: string) =>
  app.inject({ method: 'POST', url: `/api/${path}`, headers: { token, ...(cookie ? { cookie } : {}) }, payload: {} });

const unreadTitles = async (app: FastifyInstance, token: string, cookie?: string) =>
  ((await call(app, routes.getPersonMsg.path, token, cookie)).json().data as { noticeTitle: string }[]).map(
    (message) => message.noticeTitle,
  );

describe('the query calls with a read replica', () => {
  it('read from the standby, and from the primary right after the caller’s own write', async () => {
    // A bound long enough that the standby stays in use while its replay is paused: what it answers is then stale.
    const app = await appWith(30);
    try {
      const token = await signIn(app);
      await makeMessages(database, worker, [{ title: '十二月排班' }]);
      await pair.caughtUp();
      await vi.waitFor(() => expect(app.readRouting.state().isFresh).toBe(true), { timeout: 15_000, interval: 50 });
      await pair.pauseReplay();

      const marked = await call(app, routes.modifyReadMsg.path, token);
      expect(marked.json()).toMatchObject({ result: true });
      const cookie = /^(ess_wrote=1)/.exec(String(marked.headers['set-cookie']))?.[1];
      expect(marked.headers['set-cookie']).toMatch(/^ess_wrote=1; Max-Age=32; Path=\/api; HttpOnly; SameSite=Lax$/);
      // Queries set no cookie: only what may change data does.
      expect((await call(app, routes.getPersonMsg.path, token)).headers['set-cookie']).toBeUndefined();

      const before = app.readRouting.state();
      // With the cookie, the caller reads what they just wrote: from the primary.
      expect(await unreadTitles(app, token, cookie)).toEqual([]);
      // Without it, the standby answers, and it has not replayed the write.
      expect(await unreadTitles(app, token)).toEqual(['十二月排班']);
      expect(app.readRouting.state()).toMatchObject({
        replicaReads: before.replicaReads + 1,
        primaryReads: before.primaryReads + 1,
      });
      const metrics = (
        await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).body;
      expect(metrics).toMatch(/^ess_read_replica_fresh 1$/m);
      expect(metrics).toMatch(/^ess_query_reads_total\{database="replica"\} [1-9]\d*$/m);
      expect(metrics).toMatch(/^ess_query_reads_total\{database="primary"\} [1-9]\d*$/m);
      await pair.resumeReplay();
      await pair.caughtUp();
      expect(await unreadTitles(app, token)).toEqual([]);
    } finally {
      await pair.resumeReplay().catch(() => {});
      await app.close();
    }
  }, 60_000);

  it('skips a standby that lags beyond the bound or is down, and uses it again once fresh', async () => {
    const routing = createReadRouting({
      primary: database,
      replicaUrl: pair.standbyUrl,
      maxLagSeconds: 1,
      poolSize: 2,
      log: () => {},
    });
    const titles = () =>
      routing.read({ hasWrittenLately: false }, async (db) =>
        (await db.$client.query<{ title: string }>('select title from messages order by id')).rows.map((r) => r.title),
      );
    try {
      await vi.waitFor(() => expect(routing.state().isFresh).toBe(true), { timeout: 15_000, interval: 50 });
      await pair.pauseReplay();
      await makeMessages(database, worker, [{ title: '安全培训' }]);
      // Within the bound and a look, the paused standby is skipped: reads come from the primary, current.
      await vi.waitFor(() => expect(routing.state().isFresh).toBe(false), { timeout: 10_000, interval: 50 });
      expect(await titles()).toContain('安全培训');
      await pair.resumeReplay();
      await vi.waitFor(() => expect(routing.state().isFresh).toBe(true), { timeout: 15_000, interval: 50 });

      // Down: a read sent before the look notices runs again on the primary; later ones go there at once.
      await pair.stopStandby();
      const primaryReadsBefore = routing.state().primaryReads;
      expect(await titles()).toContain('安全培训');
      expect(routing.state().primaryReads).toBe(primaryReadsBefore + 1);
      await vi.waitFor(() => expect(routing.state().isFresh).toBe(false), { timeout: 10_000, interval: 50 });
      expect(await titles()).toContain('安全培训');
      await pair.startStandby();
      await vi.waitFor(() => expect(routing.state().isFresh).toBe(true), { timeout: 30_000, interval: 100 });
      const replicaReadsBefore = routing.state().replicaReads;
      expect(await titles()).toContain('安全培训');
      expect(routing.state().replicaReads).toBe(replicaReadsBefore + 1);
    } finally {
      await pair.resumeReplay().catch(() => {});
      await routing.close();
    }
  }, 90_000);
});
