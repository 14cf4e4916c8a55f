// One transaction per business change. Work that must only happen once the change is durable (pushing a
// notification, calling another system) is queued with `afterCommit` and runs after the commit; a
// rolled-back change runs none of it.
import { safeErrorLine } from '../core/safe-error';
import type { Db } from './client';

/** A transaction handle: every query builder of the Drizzle handle, bound to one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Services that only write take either, so a caller may fold them into its own transaction. */
export type Executor = Db | Tx;
/** Queues work for after the commit; `name` tells the log which task failed. */
export type AfterCommit = (task: () => unknown, name?: string) => void;

/** Where a failed after-commit task is reported: the app's logger, whose `err` serializer keeps values out. */
export type AfterCommitLog = { error: (details: { err: unknown; task: string }, message: string) => void };

const logOfDb = new WeakMap<Db, AfterCommitLog>();

/** The app hands its logger over for its database handle (app.ts); tools without one report on standard error. */
export const logAfterCommitFailures = (db: Db, log: AfterCommitLog) => {
  logOfDb.set(db, log);
};

const reportFailure = (db: Db, task: string, error: unknown) => {
  const log = logOfDb.get(db);
  if (log) log.error({ err: error, task }, 'after-commit task failed');
  // The line holds the statement's verb and table and the error, never a parameter value (core/safe-error.ts).
  else console.error(`after-commit task ${task} failed: ${safeErrorLine(error)}`);
};

export const withTransaction = async <T>(
  db: Db,
  work: (tx: Tx, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> => {
  const tasks: { task: () => unknown; name: string }[] = [];
  const result = await db.transaction((tx) =>
    work(tx, (task, name) => tasks.push({ task, name: name ?? (task.name || 'unnamed') })),
  );
  // The change is committed: a failing task must not undo the answer, and is logged rather than lost.
  for (const { task, name } of tasks) {
    try {
      await task();
    } catch (error) {
      reportFailure(db, name, error);
    }
  }
  return result;
};

/**
 * Work taken one piece at a time, each in a transaction of its own (a due notice, a reminder, a version claimed with
 * `for update skip locked`): `step` runs again until it answers that there was nothing left.
 */
export const repeatInTransactions = async (
  db: Db,
  step: (tx: Tx, afterCommit: AfterCommit) => Promise<boolean>,
): Promise<void> => {
  for (;;) {
    if (!(await withTransaction(db, step))) return;
  }
};
