// The job queue every instance shares: a schedule fires once across two instances, a failing job is retried and
// then kept in the failed list, which the SysAdmin sees in the console and retries from there (audited).
import { routes } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeHrClerk } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { companyDateTime } from '../lib/calendar';
import { type JobDefinition, type JobQueue, startJobQueue } from './queue';

const METRICS_TOKEN = 'metrics-token-for-tests';
/** Daily at the China-time second a few seconds ago: due now, once, and not again for a day. */
const dailyCronOfMomentAgo = () => {
  const [hour, minute, second] = companyDateTime(new Date(Date.now() - 3000))
    .slice(11)
    .split(':')
    .map(Number);
  return `${second} ${minute} ${hour} * * *`;
};

const runsOfOnce: string[] = [];
const once = (instance: string, cron: string): JobDefinition => ({
  name: 'test-once',
  label: '测试定时任务',
  cron,
  run: async () => {
    runsOfOnce.push(instance);
  },
});

let flakyRuns = 0;
let isFlakyFailing = true;
const flaky: JobDefinition = {
  name: 'test-flaky',
  label: '测试任务',
  retryLimit: 1,
  retryDelaySeconds: 1,
  run: async () => {
    flakyRuns += 1;
    if (isFlakyFailing) throw new Error('磁盘已满');
  },
};

/** Due every second: far more often than the once-a-minute pg-boss fires a schedule. */
const frequentPasses: number[] = [];
const frequent: JobDefinition = {
  name: 'test-frequent',
  label: '测试频繁任务',
  everySeconds: 1,
  run: async () => {
    frequentPasses.push(Date.now());
  },
};

let t: TestContext;
let second: JobQueue | undefined;
const cron = dailyCronOfMomentAgo();
beforeAll(async () => {
  t = await createTestContext({ METRICS_TOKEN }, { jobs: [once('first', cron), flaky, frequent] });
  // A second instance on the same database, with the same schedule.
  second = await startJobQueue({
    url: t.database.url,
    jobs: [once('second', cron), frequent],
    logError: () => {},
    cronCheckSeconds: 1,
    pollSeconds: 0.5,
  });
});
afterAll(async () => {
  await second?.stop();
  await t?.close();
});

const cronPassedAt = async () =>
  (await t.database.pool.query<{ at: Date | null }>('select cron_on as at from pgboss.version')).rows[0]?.at;

describe('the job queue', () => {
  it('runs a schedule once when two instances look at it', async () => {
    await vi.waitFor(() => expect(runsOfOnce.length).toBeGreaterThan(0), { timeout: 30_000, interval: 100 });
    const firstRunAt = Date.now();
    // Several more looks at the schedules, by either instance, while the occurrence is still in its window.
    await vi.waitFor(async () => expect(((await cronPassedAt())?.getTime() ?? 0) - firstRunAt).toBeGreaterThan(3000), {
      timeout: 30_000,
      interval: 200,
    });
    expect(runsOfOnce).toHaveLength(1);
    const { rows } = await t.database.pool.query("select state::text from pgboss.job where name = 'test-once'");
    expect(rows).toEqual([{ state: 'completed' }]);
  }, 60_000);

  it('runs work due every few seconds that often, in one job a minute', async () => {
    await vi.waitFor(() => expect(frequentPasses.length).toBeGreaterThanOrEqual(4), { timeout: 90_000, interval: 100 });
    const [first, , , fourth] = frequentPasses as [number, number, number, number];
    // Three intervals of a second (timers fire a little late, never early).
    expect(fourth - first).toBeGreaterThanOrEqual(2900);
    expect(fourth - first).toBeLessThan(15_000);
    const { rows } = await t.database.pool.query(
      "select count(*)::int as n from pgboss.job where name = 'test-frequent'",
    );
    expect(rows[0].n).toBeLessThanOrEqual(2);
  }, 120_000);

  it('retries a failing job, keeps it in the failed list, and runs it again when the SysAdmin says so', async () => {
    const sysAdmin = await t.login(
      (await makeHrClerk(t.database, { roles: ['SysAdmin'] })).empNo,
      FACTORY_PASSWORD_HASH,
    );
    const clerk = await t.login((await makeHrClerk(t.database, {})).empNo, FACTORY_PASSWORD_HASH);
    const id = await (t.jobs as JobQueue).send('test-flaky');

    // The first run and its one retry fail: then it is given up and listed.
    await vi.waitFor(
      async () => {
        const listed = await t.call(routes.getFailedJobs, {}, sysAdmin);
        expect(listed.body.data).toEqual([
          {
            id,
            name: 'test-flaky',
            label: '测试任务',
            failedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
            retries: 1,
            message: '磁盘已满',
          },
        ]);
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(flakyRuns).toBe(2);
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toMatch(/^ess_jobs\{queue="test-flaky",state="failed"\} 1$/m);

    // Only the SysAdmin sees or retries it; a malformed id is refused in words.
    expect((await t.call(routes.getFailedJobs, {}, clerk)).status).toBe(403);
    expect((await t.call(routes.retryJob, { name: 'test-flaky', id }, clerk)).status).toBe(403);
    expect((await t.call(routes.retryJob, { name: 'test-flaky', id: 'x' }, sysAdmin)).body).toMatchObject({
      result: false,
      msg: '任务不存在',
    });
    expect(flakyRuns).toBe(2);

    isFlakyFailing = false;
    const retried = await t.call(routes.retryJob, { name: 'test-flaky', id }, sysAdmin);
    expect(retried.body).toMatchObject({ result: true, msg: '已重新排队，稍后执行' });
    expect((await t.call(routes.getFailedJobs, {}, sysAdmin)).body.data).toEqual([]);
    await vi.waitFor(
      async () => {
        const { rows } = await t.database.pool.query('select state::text from pgboss.job where id = $1', [id]);
        expect(rows).toEqual([{ state: 'completed' }]);
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(flakyRuns).toBe(3);
    const { rows: audit } = await t.database.pool.query(
      "select subject_id, after from audit_log where action = 'job.retry' and subject_type = 'job'",
    );
    expect(audit).toEqual([{ subject_id: id, after: { name: 'test-flaky' } }]);
    // Retried already: a second click is told so, and nothing runs again.
    expect((await t.call(routes.retryJob, { name: 'test-flaky', id }, sysAdmin)).body).toMatchObject({
      result: false,
      msg: '该任务已不在失败列表中，请刷新后查看',
    });
  }, 60_000);
});
