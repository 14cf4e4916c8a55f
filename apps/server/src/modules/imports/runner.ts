// The worker of the imports: takes the next job that needs work from the database (a new or remapped one to read
// and check, one whose commit was asked for), so any instance may run any job and none is lost when the page is
// closed. A job left in a working state by an instance that stopped (its heartbeat older than STALE) is taken up
// again: reading and checking start over, and a commit, which is one transaction, runs again from nothing. An
// instance looks for work when a job is sent to it, when one of its jobs ends, and when the job queue's sweep
// (main.ts, every half minute on one instance) kicks it.
import { sql } from 'drizzle-orm';
import type { Notifier } from '../../core/notifier';
import type { Db } from '../../db/client';
import { importJobs } from '../../db/schema/index';
import { withTransaction } from '../../db/transaction';
import { type CheckThread, createCheckThread } from './check-in-thread';
import { processJob } from './check-job';
import { commitJob } from './commit-job';
import { createFreshUploads, type FreshUploads } from './fresh-uploads';
import { JOB_COLUMNS } from './job-state';

const STALE = '2 minutes';
/** How often a job at work tells the others it is still alive: well inside STALE, whatever the job is doing. */
const HEARTBEAT_MS = 20_000;
/**
 * Jobs one instance works on at once, each in a slot with a checking thread of its own: a plant's large file
 * takes one, and the other plants' jobs go on in the other. Two, for the two cores a plant's server may have.
 */
export const PARALLEL_JOBS = 2;

type JobRow = typeof importJobs.$inferSelect;

export type ImportRunner = {
  kick: () => void;
  /** Starts a checking thread ahead of a check. */
  warm: () => void;
  freshUploads: FreshUploads;
  close: () => Promise<void>;
  idle: () => Promise<void>;
};

export const createImportRunner = ({
  db,
  notifier,
  timeLimitSeconds,
}: {
  db: Db;
  notifier: Notifier;
  timeLimitSeconds: number;
}): ImportRunner => {
  const timeLimitMs = timeLimitSeconds * 1000;
  const freshUploads = createFreshUploads();
  let isClosed = false;

  /**
   * Claims one job (skipping those another worker holds) and moves it into its working state. Never a job of a
   * plant that has one at work already (on any instance): one plant's jobs run one after the other, and a plant's
   * queue never holds up another's. Claims are taken one at a time under an advisory lock, so that two slots never
   * both see a plant as free.
   */
  const claim = async (): Promise<JobRow | undefined> => {
    const id = await withTransaction(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('import-jobs:claim'))`);
      const { rows } = await tx.execute<{ id: number }>(sql`
        with next as (
          select j.id from import_jobs j
          where (j.status = 'queued'
              or (j.status = 'ready' and j.is_commit_requested = 1)
              or (j.status in ('parsing', 'validating', 'committing') and j.heartbeat_at < now() - ${STALE}::interval))
            and not exists (
              select 1 from import_jobs w
              where w.bu = j.bu and w.id <> j.id
                and w.status in ('parsing', 'validating', 'committing')
                and w.heartbeat_at >= now() - ${STALE}::interval)
          order by j.id limit 1 for update skip locked)
        update import_jobs j
        set status = case when j.is_commit_requested = 1 then 'committing' else 'parsing' end,
            progress = 0, heartbeat_at = now()
        from next where j.id = next.id
        returning j.id`);
      return rows[0]?.id;
    });
    if (id === undefined) return undefined;
    // The job's columns; its file (import_file_parts) is read when the check needs it.
    const [job] = await db.select(JOB_COLUMNS).from(importJobs).where(sql`${importJobs.id} = ${id}`);
    return job;
  };

  /** Keeps the job's heartbeat fresh while it is worked on, however long one step of it takes. */
  const keepAlive = (jobId: number) => {
    const timer = setInterval(() => {
      db.execute(sql`update import_jobs set heartbeat_at = now() where id = ${jobId}`).catch(() => {});
    }, HEARTBEAT_MS);
    timer.unref();
    return () => clearInterval(timer);
  };

  const runOne = async (checkThread: CheckThread) => {
    const job = await claim();
    if (!job) return false;
    // There may be more: an idle slot looks too.
    kick();
    await notifier.publish({
      employeeIds: job.createdBy ? [job.createdBy] : [],
      kind: 'import.progress',
      payload: { content: JSON.stringify({ id: job.id, status: job.status, progress: 0 }) },
    });
    const stopHeartbeat = keepAlive(job.id);
    try {
      if (job.status === 'committing') await commitJob({ db, notifier, timeLimitMs }, job);
      else await processJob({ db, notifier, checkThread, freshUploads, timeLimitMs }, job);
    } catch {
      // The job was marked failed or ready with its reason; the next one still runs.
    } finally {
      stopHeartbeat();
    }
    return true;
  };

  /** A slot: its own checking thread, and a loop that takes jobs while there are any. */
  const createSlot = () => {
    const checkThread = createCheckThread();
    let running: Promise<void> | undefined;
    let isAgain = false;
    const loop = async () => {
      do {
        isAgain = false;
        try {
          while (!isClosed && (await runOne(checkThread))) {}
        } catch {
          // The database was away: the next kick or sweep tries again.
        }
      } while (isAgain && !isClosed);
      running = undefined;
    };
    return {
      checkThread,
      start: () => {
        running ??= loop();
      },
      again: () => {
        isAgain = true;
      },
      isRunning: () => running !== undefined,
      idle: async () => {
        while (running) await running;
      },
    };
  };
  const slots = Array.from({ length: PARALLEL_JOBS }, createSlot);

  /**
   * The first idle slot looks for work (the others only when it found some), so that a lone job always goes to the
   * first slot, whose thread is warm and whose memory is already taken; with every slot busy, each looks again when
   * its job is done.
   */
  function kick() {
    if (isClosed) return;
    const idle = slots.find((slot) => !slot.isRunning());
    if (idle) idle.start();
    else for (const slot of slots) slot.again();
  }
  setImmediate(kick);

  return {
    kick,
    // The slot the next job goes to: the first idle one.
    warm: () => (slots.find((slot) => !slot.isRunning()) ?? slots[0])?.checkThread.warm(),
    freshUploads,
    idle: async () => {
      // A slot may kick off work the other then takes: settle until every slot is idle at once.
      while (slots.some((slot) => slot.isRunning())) await Promise.all(slots.map((slot) => slot.idle()));
    },
    close: async () => {
      isClosed = true;
      await Promise.all(slots.map((slot) => slot.idle()));
      await Promise.all(slots.map((slot) => slot.checkThread.close()));
    },
  };
};
