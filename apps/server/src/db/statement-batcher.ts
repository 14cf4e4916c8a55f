// Several requests' statements as one statement (and, for writes, one commit). Under load each request's own
// statement is mostly overhead that does not grow with its rows: a connection of the small pool held for a round
// trip, the kernel's socket writes on both sides, a commit and its flush, the index pages found again. Here the
// requests that arrive while earlier statements of their kind are running wait for one of them to end and then go
// together; a lone request goes at once. A batch the database refuses is run again one request at a time, so a
// request that cannot be written fails alone, with its own error.

/** Statements of a kind running at once; the rest of the pool stays free for reads. */
const MAX_IN_FLIGHT = 2;
/** Requests per statement at most. */
const MAX_BATCH = 64;

type Pending<Q, R> = { request: Q; resolve: (row: R) => void; reject: (error: unknown) => void };

export type StatementBatcher<Q, R> = { run: (request: Q) => Promise<R> };

/**
 * `runBatch` runs its requests in one statement and answers one result per request, in their order. `ownerOf`, for
 * writes, names whose rows a request writes: one statement never carries two requests of one owner (a second waits
 * for the statement of the first), so the statement's upserts never meet their own rows.
 */
export const createStatementBatcher = <Q, R>({
  runBatch,
  ownerOf,
}: {
  runBatch: (requests: readonly Q[]) => Promise<readonly R[]>;
  ownerOf?: (request: Q) => number;
}): StatementBatcher<Q, R> => {
  const queue: Pending<Q, R>[] = [];
  let inFlight = 0;
  /** Owners whose request is being run. */
  const running = new Set<number>();

  const settle = async (batch: readonly Pending<Q, R>[]) => {
    const results = await runBatch(batch.map((pending) => pending.request));
    if (results.length !== batch.length) throw new Error('a batched statement answered a different number of results');
    batch.forEach((pending, i) => {
      pending.resolve(results[i] as R);
    });
  };

  const run = async (batch: Pending<Q, R>[]) => {
    try {
      await settle(batch);
    } catch (error) {
      // The whole statement rolled back: one at a time, so only a request that cannot be written fails.
      if (batch.length === 1) (batch[0] as Pending<Q, R>).reject(error);
      else for (const pending of batch) await settle([pending]).catch(pending.reject);
    }
  };

  /** Takes what waits, one request per owner: a second goes with a later statement, once the first ended. */
  const take = () => {
    const batch: Pending<Q, R>[] = [];
    for (let index = 0; index < queue.length && batch.length < MAX_BATCH; ) {
      const pending = queue[index] as Pending<Q, R>;
      const owner = ownerOf?.(pending.request);
      if (owner !== undefined) {
        if (running.has(owner)) {
          index++;
          continue;
        }
        running.add(owner);
      }
      batch.push(pending);
      queue.splice(index, 1);
    }
    return batch;
  };

  const pump = () => {
    while (inFlight < MAX_IN_FLIGHT && queue.length > 0) {
      const batch = take();
      if (batch.length === 0) return;
      inFlight++;
      void run(batch).finally(() => {
        inFlight--;
        if (ownerOf) for (const pending of batch) running.delete(ownerOf(pending.request));
        pump();
      });
    }
  };

  return {
    run: (request) =>
      new Promise<R>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        pump();
      }),
  };
};

/** One batcher per database (and so per server in the tests, which run several in a process). */
export const batcherPerDatabase = <D extends object, Q, R>(create: (db: D) => StatementBatcher<Q, R>) => {
  const batchers = new WeakMap<D, StatementBatcher<Q, R>>();
  return (db: D, request: Q) => {
    let batcher = batchers.get(db);
    if (!batcher) {
      batcher = create(db);
      batchers.set(db, batcher);
    }
    return batcher.run(request);
  };
};
