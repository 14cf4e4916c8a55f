// One transaction per business change. Work that must only happen once the change is durable (pushing a
// notification, calling another system) is queued with `afterCommit` and runs after the commit; a
// rolled-back change runs none of it.
import type { Db } from './client';

/** A transaction handle: every query builder of the Drizzle handle, bound to one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Services that only write take either, so a caller may fold them into its own transaction. */
export type Executor = Db | Tx;
export type AfterCommit = (task: () => unknown) => void;

export const withTransaction = async <T>(
  db: Db,
  work: (tx: Tx, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> => {
  const tasks: (() => unknown)[] = [];
  const result = await db.transaction((tx) => work(tx, (task) => tasks.push(task)));
  // The change is committed: a failing task (its own errors are its own to report) must not undo the answer.
  for (const task of tasks) {
    try {
      await task();
    } catch {}
  }
  return result;
};
