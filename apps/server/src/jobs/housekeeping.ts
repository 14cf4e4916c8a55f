// Hourly housekeeping of tables that only grow: idempotency keys past their day, login failure counters of
// accounts (real or not) that are neither locked nor failed within the lock time, and uploads no record came to
// use within a day.
import { sql } from 'drizzle-orm';
import { deleteExpiredIdempotencyKeys } from '../core/idempotency';
import { safeErrorLine } from '../core/safe-error';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema/index';
import { deleteUnattachedFiles } from '../modules/files/service';

const EVERY_MS = 60 * 60 * 1000;

export const deleteStaleLoginFailures = async (db: Db, lockMinutes: number) => {
  await db.delete(loginFailures).where(
    sql`coalesce(${loginFailures.lockedUntil}, '-infinity') < now()
          and ${loginFailures.lastFailedAt} < now() - make_interval(mins => ${lockMinutes})`,
  );
};

/** Runs now and then every hour; answers the function that stops it. Failures are reported and retried next time. */
export const startHousekeeping = (
  { db, lockMinutes }: { db: Db; lockMinutes: number },
  report: (message: string) => void,
) => {
  const run = async () => {
    try {
      await deleteExpiredIdempotencyKeys(db);
      await deleteStaleLoginFailures(db, lockMinutes);
      await deleteUnattachedFiles(db);
    } catch (error) {
      report(`housekeeping failed: ${safeErrorLine(error)}`);
    }
  };
  void run();
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
};
