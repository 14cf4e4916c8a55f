// The query calls that dominate the traffic (payslip, attendance, meals, dormitory, menus, notices) read from a
// streaming replica when DATABASE_READ_URL is set. The replica is used only while it is fresh: every second this
// instance reads the primary's WAL position and the replica's replayed one, and the replica is fresh while it has
// replayed at least what the primary had written REPLICA_MAX_LAG_SECONDS ago. A replica that lags beyond that, or
// does not answer within a second, is skipped (reads go to the primary) until a later look finds it fresh; a read
// that fails on the replica for its connection runs again on the primary. The caller's own recent writes are the
// HTTP layer's to tell (http/read-your-writes.ts): such a caller reads from the primary.
import pg from 'pg';
import { type Database, openDatabase } from './client';

/** How often the replica's lag is looked at. */
const LOOK_EVERY_MS = 1000;
const LOOK_TIMEOUT_MS = 1000;

/** 'X/Y' (hexadecimal halves of a 64-bit WAL position) as a number of bytes. */
const lsnBytes = (lsn: string) => {
  const [high, low] = lsn.split('/');
  return BigInt(`0x${high}`) * 2n ** 32n + BigInt(`0x${low}`);
};

export type ReadRouting = {
  /** Runs a query call's read on the replica when it may, else on the primary. */
  read: <T>(options: { hasWrittenLately: boolean }, run: (db: Database['db']) => Promise<T>) => Promise<T>;
  /** For /metrics and the tests. */
  state: () => { isFresh: boolean; replicaReads: number; primaryReads: number };
  close: () => Promise<void>;
};

const within = <T>(promise: Promise<T>) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), LOOK_TIMEOUT_MS).unref()),
  ]);

/**
 * The query's own error, which the primary would answer as well; undefined for a failure of the replica itself (its
 * connection, its shutdown, a query cancelled by a conflict with the recovery), after which the primary is asked.
 */
const queryErrorOf = (error: unknown) => {
  const cause = (error as { cause?: unknown })?.cause;
  const database = error instanceof pg.DatabaseError ? error : cause instanceof pg.DatabaseError ? cause : undefined;
  return database && !/^(08|53|57P|40001)/.test(database.code ?? '') ? database : undefined;
};

export const createReadRouting = ({
  primary,
  replicaUrl,
  maxLagSeconds,
  poolSize,
  log,
}: {
  primary: Database;
  replicaUrl: string | undefined;
  maxLagSeconds: number;
  poolSize: number;
  log: (message: string) => void;
}): ReadRouting => {
  let replicaReads = 0;
  let primaryReads = 0;
  const onPrimary = <T>(run: (db: Database['db']) => Promise<T>) => {
    primaryReads += 1;
    return run(primary.db);
  };
  if (!replicaUrl) {
    return {
      read: (_options, run) => onPrimary(run),
      state: () => ({ isFresh: false, replicaReads, primaryReads }),
      close: async () => {},
    };
  }

  const replica = openDatabase(replicaUrl, { max: poolSize });
  let isFresh = false;
  /** The primary's WAL position at each look, newest last, as far back as the lag bound (and one before). */
  const primaryPositions: { at: number; lsn: bigint }[] = [];
  let isLooking = false;
  const setFresh = (fresh: boolean, why: string) => {
    if (fresh !== isFresh)
      log(fresh ? 'read replica: fresh, query calls read from it' : `read replica skipped: ${why}`);
    isFresh = fresh;
  };
  const look = async () => {
    if (isLooking) return;
    isLooking = true;
    try {
      const now = Date.now();
      const [{ rows: written }, { rows: replayed }] = await Promise.all([
        within(primary.health.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')),
        within(
          replica.health.query<{ lsn: string | null }>(
            'select case when pg_is_in_recovery() then pg_last_wal_replay_lsn()::text end as lsn',
          ),
        ),
      ]);
      primaryPositions.push({ at: now, lsn: lsnBytes(written[0]?.lsn ?? '0/0') });
      while ((primaryPositions[1]?.at ?? now) <= now - maxLagSeconds * 1000) primaryPositions.shift();
      const replayedLsn = replayed[0]?.lsn;
      if (!replayedLsn) return setFresh(false, 'it is not a standby in recovery');
      // What the primary had written `maxLagSeconds` ago (or, early on, at the oldest look) must be replayed.
      const bound = [...primaryPositions].reverse().find((position) => position.at <= now - maxLagSeconds * 1000);
      const needed = bound?.lsn ?? (primaryPositions[0] as { lsn: bigint }).lsn;
      setFresh(lsnBytes(replayedLsn) >= needed, `it lags more than ${maxLagSeconds} s behind the primary`);
    } catch (error) {
      setFresh(false, `it does not answer (${(error as Error).message})`);
    } finally {
      isLooking = false;
    }
  };
  void look();
  const timer = setInterval(() => void look(), LOOK_EVERY_MS);
  timer.unref();

  return {
    read: async ({ hasWrittenLately }, run) => {
      if (!isFresh || hasWrittenLately) return onPrimary(run);
      try {
        const answer = await run(replica.db);
        replicaReads += 1;
        return answer;
      } catch (error) {
        if (queryErrorOf(error)) throw error;
        setFresh(false, `a read failed (${(error as Error).message})`);
        return onPrimary(run);
      }
    },
    state: () => ({ isFresh, replicaReads, primaryReads }),
    close: async () => {
      clearInterval(timer);
      await replica.close();
    },
  };
};
