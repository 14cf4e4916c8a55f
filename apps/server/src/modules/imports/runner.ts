// The worker of the imports: takes the next job that needs work from the database (a new or remapped one to read
// and check, one whose commit was asked for), so any instance may run any job and none is lost when the page is
// closed. A job left in a working state by an instance that stopped (its heartbeat older than STALE) is taken up
// again: reading and checking start over, and a commit, which is one transaction, runs again from nothing.
import { sql } from 'drizzle-orm';
import type { Notifier } from '../../core/notifier';
import type { Db } from '../../db/client';
import { importJobs } from '../../db/schema/index';
import { createCheckThread } from './check-in-thread';
import { createFreshUploads, type FreshUploads } from './fresh-uploads';
import { commitJob, JOB_COLUMNS, processJob } from './service';

const STALE = '2 minutes';
const SWEEP_MS = 30_000;

type JobRow = typeof importJobs.$inferSelect;

export type ImportRunner = {
  kick: () => void;
  /** Starts the checking thread ahead of a check. */
  warm: () => void;
  freshUploads: FreshUploads;
  close: () => Promise<void>;
  idle: () => Promise<void>;
};

export const createImportRunner = ({ db, notifier }: { db: Db; notifier: Notifier }): ImportRunner => {
  const checkThread = createCheckThread();
  const freshUploads = createFreshUploads();
  let running: Promise<void> | undefined;
  let isAgain = false;
  let isClosed = false;

  /** Claims one job (skipping those another worker holds) and moves it into its working state. */
  const claim = async (): Promise<JobRow | undefined> => {
    const { rows } = await db.execute<{ id: number }>(sql`
      with next as (
        select id from import_jobs
        where status = 'queued'
           or (status = 'ready' and is_commit_requested = 1)
           or (status in ('parsing', 'validating', 'committing') and heartbeat_at < now() - ${STALE}::interval)
        order by id limit 1 for update skip locked)
      update import_jobs j
      set status = case when j.is_commit_requested = 1 then 'committing' else 'parsing' end,
          progress = 0, heartbeat_at = now()
      from next where j.id = next.id
      returning j.id`);
    const id = rows[0]?.id;
    if (id === undefined) return undefined;
    // Every column but the file, which the job reads again when it needs it (not held twice, not parsed twice).
    const [job] = await db.select(JOB_COLUMNS).from(importJobs).where(sql`${importJobs.id} = ${id}`);
    return job ? { ...job, fileBytes: null } : undefined;
  };

  const runOne = async () => {
    const job = await claim();
    if (!job) return false;
    await notifier.publish({
      employeeIds: job.createdBy ? [job.createdBy] : [],
      kind: 'import.progress',
      payload: { content: JSON.stringify({ id: job.id, status: job.status, progress: 0 }) },
    });
    try {
      if (job.status === 'committing') await commitJob({ db, notifier }, job);
      else await processJob({ db, notifier, checkThread, freshUploads }, job);
    } catch {
      // The job was marked failed or ready with its reason; the next one still runs.
    }
    return true;
  };

  const loop = async () => {
    do {
      isAgain = false;
      try {
        while (!isClosed && (await runOne())) {}
      } catch {
        // The database was away: the sweep tries again.
      }
    } while (isAgain && !isClosed);
    running = undefined;
  };

  const kick = () => {
    if (isClosed) return;
    if (running) {
      isAgain = true;
      return;
    }
    running = loop();
  };

  const sweep = setInterval(kick, SWEEP_MS);
  sweep.unref();
  setImmediate(kick);

  return {
    kick,
    warm: checkThread.warm,
    freshUploads,
    idle: async () => {
      while (running) await running;
    },
    close: async () => {
      isClosed = true;
      clearInterval(sweep);
      await running;
      await checkThread.close();
    },
  };
};
