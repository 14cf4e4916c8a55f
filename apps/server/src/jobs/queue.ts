// The background work of every instance on one queue in PostgreSQL (pg-boss, schema `pgboss`; docs/decisions.md):
// a job runs on one instance only, a schedule fires once across instances, a failed run is retried with a growing
// delay and, after its last retry, kept in the failed list that the SysAdmin sees in the console and can retry.
import { setTimeout as sleep } from 'node:timers/promises';
import { PgBoss } from 'pg-boss';
import { safeErrorLine } from '../core/safe-error';

/** The pg-boss schema: the backup leaves it out (jobs are the running instances' business, not the plant's data). */
export const JOB_SCHEMA = 'pgboss';

export type JobRun = {
  /** 0 for the first run, then 1, 2 … for each retry (automatic or from the console). */
  retryCount: number;
  /** Aborted when the server stops: a long job lets go and is taken again later. */
  signal: AbortSignal;
};

export type JobDefinition = {
  /** The queue's name; the console shows `label`. */
  name: string;
  label: string;
  /** A cron expression in China time (five fields, or six with seconds first); pg-boss fires it at most once a minute. */
  cron?: string;
  /**
   * For work due more often than a minute: the job is scheduled every minute and its run repeats itself every this
   * many seconds through the minute, on the instance that took it.
   */
  everySeconds?: number;
  /** Retries after the first failure before the job lands in the failed list. */
  retryLimit?: number;
  /** The first retry's delay; each next one doubles it. */
  retryDelaySeconds?: number;
  /** A run longer than this is taken as lost and retried. */
  expireInSeconds?: number;
  /** How long a finished run stays listed (a failed one in the console's list); a week unless said. */
  keepSeconds?: number;
  run: (job: JobRun) => Promise<void>;
};

export type FailedJob = { id: string; name: string; label: string; failedAt: Date; retries: number; message: string };

export type JobQueue = {
  /** Queues a run of a job now (on whichever instance takes it first); answers its id. */
  send: (name: string) => Promise<string>;
  /** The failed jobs still kept (a week), newest first. */
  failed: () => Promise<FailedJob[]>;
  /** Puts a failed job back to run at once; false when it is not (or no longer) a failed job of a known queue. */
  retry: (name: string, id: string) => Promise<boolean>;
  /** Stops taking jobs, ends the running ones (their signal aborts) and waits for them. */
  stop: () => Promise<void>;
};

const KEEP_SECONDS = 7 * 24 * 3600;

/**
 * A minute's passes of a job due every few seconds: pg-boss files one job per 60-second slot whatever the schedule
 * says, so a six-field cron would run once a minute. A pass that fails does not cost the minute's later ones; the run
 * fails with the first error after them, so it is listed among the failed jobs.
 */
const repeatThroughMinute = async (everySeconds: number, pass: () => Promise<void>, signal: AbortSignal) => {
  const started = Date.now();
  let firstError: unknown;
  // The last pass starts a period before the minute is up, so a run ends about when the next minute's begins.
  const lastStart = started + Math.max(0, 60 - everySeconds) * 1000;
  const period = everySeconds * 1000;
  for (let at = started; !signal.aborted && (at === started || at <= lastStart); ) {
    if (at > Date.now()) await sleep(at - Date.now(), undefined, { signal }).catch(() => {});
    if (signal.aborted) break;
    try {
      await pass();
    } catch (error) {
      firstError ??= error;
    }
    // The next period's start; those a long pass ran over are skipped, not caught up one after another.
    at =
      started + Math.max(Math.floor((at - started) / period) + 1, Math.ceil((Date.now() - started) / period)) * period;
  }
  if (firstError !== undefined) throw firstError;
};

export const startJobQueue = async ({
  url,
  jobs,
  logError,
  cronCheckSeconds = 5,
  pollSeconds = 2,
  runsJobs = true,
}: {
  url: string;
  jobs: readonly JobDefinition[];
  /** False: takes no job and fires no schedule (RUN_JOBS=no); the list and the retry work all the same. */
  runsJobs?: boolean;
  logError: (message: string) => void;
  /**
   * How often an instance looks whether a schedule is due (the tests look every second): the every-few-seconds jobs
   * start this late after the minute, and after a start.
   */
  cronCheckSeconds?: number;
  /** How often an idle worker asks for a job. */
  pollSeconds?: number;
}): Promise<JobQueue> => {
  const boss = new PgBoss({
    connectionString: url,
    schema: JOB_SCHEMA,
    // Its own two connections: the request pool stays the requests'.
    max: 2,
    application_name: 'ess-jobs',
    cronMonitorIntervalSeconds: cronCheckSeconds,
    cronWorkerIntervalSeconds: Math.min(5, cronCheckSeconds),
    persistWarnings: false,
    schedule: runsJobs,
    supervise: runsJobs,
    openTelemetry: { enabled: false },
  });
  boss.on('error', (error) => logError(`job queue: ${safeErrorLine(error)}`));
  await boss.start();

  const stopping = new AbortController();
  const labels = new Map(jobs.map((job) => [job.name, job.label]));
  for (const job of jobs) {
    const options = {
      retryLimit: job.retryLimit ?? 3,
      retryDelay: job.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 15 * 60,
      deleteAfterSeconds: job.keepSeconds ?? KEEP_SECONDS,
    };
    if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, options);
    else await boss.createQueue(job.name, options);
    if (!runsJobs) continue;
    await boss.work(job.name, { pollingIntervalSeconds: pollSeconds }, async ([taken]) => {
      if (!taken) return;
      try {
        const run = { retryCount: taken.retryCount, signal: AbortSignal.any([taken.signal, stopping.signal]) };
        await (job.everySeconds ? repeatThroughMinute(job.everySeconds, () => job.run(run), run.signal) : job.run(run));
      } catch (error) {
        logError(`job ${job.name} failed (run ${taken.retryCount + 1}): ${safeErrorLine(error)}`);
        throw error;
      }
    });
    const cron = job.everySeconds ? '* * * * *' : job.cron;
    if (cron) await boss.schedule(job.name, cron, null, { tz: 'Asia/Shanghai' });
  }
  // A schedule this version no longer runs (or a setting turned off, e.g. BACKUP_HOUR=off) stops firing.
  if (runsJobs) {
    const scheduled = new Set(jobs.filter((job) => job.cron || job.everySeconds).map((job) => job.name));
    for (const { name } of await boss.getSchedules()) if (!scheduled.has(name)) await boss.unschedule(name);
  }

  const failed = async () => {
    const { rows } = await boss.getDb().executeSql(
      `select id::text, name, coalesce(completed_on, created_on) as "failedAt", retry_count as retries,
              coalesce(output->>'message', output::text, '') as message
       from ${JOB_SCHEMA}.job where state = 'failed' order by coalesce(completed_on, created_on) desc limit 100`,
      [],
    );
    return (rows as Omit<FailedJob, 'label'>[]).map((row) => ({ ...row, label: labels.get(row.name) ?? row.name }));
  };

  return {
    send: async (name) => {
      const id = await boss.send(name, {});
      if (!id) throw new Error(`job ${name} was not queued`);
      return id;
    },
    failed,
    retry: async (name, id) => {
      if (!labels.has(name)) return false;
      // Its answer counts the jobs moved from failed to retry (pg-boss's declared type leaves the count out).
      const answer = (await boss.retry(name, id)) as { affected?: number };
      return (answer.affected ?? 0) > 0;
    },
    stop: async () => {
      stopping.abort();
      await boss.stop({ graceful: true, timeout: 20_000, close: true });
    },
  };
};
