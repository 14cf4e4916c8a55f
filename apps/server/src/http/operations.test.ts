// The operator's endpoints: /healthz, /readyz through the instance's life, /metrics behind its token with the
// named series, and calls shed with 503 系统繁忙 while requests pile up for the database.
import { accountRoutes } from '@ess/contract/account';
import { salaryRoutes } from '@ess/contract/salary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildApp } from '../app';
import type { Lifecycle } from '../core/lifecycle';

const METRICS_TOKEN = 'metrics-token-for-tests';

describe('operations endpoints', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ METRICS_TOKEN, SHED_POOL_WAITING: '1' });
  });
  afterAll(async () => t?.close());

  it('answers /readyz only while serving with every migration applied, and /healthz throughout', async () => {
    const lifecycle: Lifecycle = { state: 'starting' };
    const app = await buildApp({ config: t.config, database: t.database, lifecycle });
    try {
      const readiness = async () => {
        const response = await app.inject({ method: 'GET', url: '/readyz' });
        return { status: response.statusCode, body: response.json() };
      };
      expect(await readiness()).toMatchObject({ status: 503, body: { checks: { lifecycle: 'starting' } } });
      lifecycle.state = 'serving';
      const ready = await readiness();
      expect(ready).toMatchObject({ status: 200, body: { status: 'ready', checks: { database: 'ok' } } });
      expect(ready.body.checks.migrations).toMatch(/^(\d+)\/\1$/);
      lifecycle.state = 'stopping';
      expect(await readiness()).toMatchObject({ status: 503, body: { checks: { lifecycle: 'stopping' } } });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

      // A database migrated past this code (a newer instance upgraded it) is not this instance's to serve.
      lifecycle.state = 'serving';
      await t.database.pool.query(
        "insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', 0)",
      );
      try {
        expect(await readiness()).toMatchObject({ status: 503, body: { status: 'not ready' } });
      } finally {
        await t.database.pool.query("delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-version'");
      }
      expect((await readiness()).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('serves /metrics to the token holder only, with calls by route name and the named series', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);

    const worker = await makeEmployee(t.database, {});
    const token = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
    await t.call(salaryRoutes.getPersonSalaryByOld, { day: '2000-01' }, token);
    await t.call(accountRoutes.checkLogin, { userAccount: worker.empNo, password: 'f'.repeat(64), isRemember: true });
    await t.app.inject({ method: 'GET', url: '/api/no/such/call?emp=100001' });

    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    const salary = salaryRoutes.getPersonSalaryByOld.path;
    expect(text).toContain(`ess_http_requests_total{call="${salary}",status="200"} 1`);
    expect(text).toContain(`ess_http_request_duration_seconds_bucket{le="0.005",call="${salary}"}`);
    expect(text).toMatch(/ess_refusals_total\{call="Account\/CheckLogin",code="LOGIN_FAILED"\} 1/);
    // An unknown address is counted as such, never under its raw URL.
    expect(text).toMatch(/ess_http_requests_total\{call="unmatched",status="404"\} 1/);
    expect(text).not.toContain('emp=100001');
    for (const series of [
      'ess_db_pool_connections{state="waiting"}',
      'ess_websockets_open',
      'ess_accounts_locked',
      'ess_nodejs_eventloop_lag_seconds',
      'ess_process_cpu_seconds_total',
      '# TYPE ess_outbox_commands gauge',
      '# TYPE ess_import_jobs gauge',
      'ess_backup_last_success_timestamp_seconds 0',
      'ess_backup_last_run_failed 0',
    ]) {
      expect(text).toContain(series);
    }
  });

  it('sheds calls with 503 系统繁忙 and Retry-After while requests wait for the database, and recovers', async () => {
    const worker = await makeEmployee(t.database, {});
    const token = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
    // Every connection of the pool taken, and two queries queued behind them: more waiting than the bound of 1.
    const held = await Promise.all(Array.from({ length: 5 }, () => t.database.pool.connect()));
    const queued = [t.database.pool.query('select 1'), t.database.pool.query('select 1')];
    try {
      expect(t.database.pool.waitingCount).toBe(2);
      const shed = await t.app.inject({
        method: 'POST',
        url: `/api/${salaryRoutes.getPersonSalaryByOld.path}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { day: '2000-01' },
      });
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('5');
      expect(shed.json()).toEqual({ result: false, msg: '系统繁忙，请稍后再试', data: null });
      // The probes keep answering on their own connection.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      for (const client of held) client.release();
      await Promise.all(queued);
    }
    const served = await t.call(salaryRoutes.getPersonSalaryByOld, { day: '2000-01' }, token);
    expect(served.status).toBe(200);
  });
});
