// Hourly housekeeping of tables that only grow: idempotency keys past their day, login failure counters of
// accounts (real or not) that are neither locked nor failed within the lock time, and uploads no record came to
// use within a day (the logos no save of 公司信息 used among them).
import { sql } from 'drizzle-orm';
import { deleteExpiredIdempotencyKeys } from '../core/idempotency';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema/index';
import { deleteUnattachedFiles } from '../modules/files/service';
import { deleteUnusedLogos } from '../modules/site/service';
import type { JobDefinition } from './queue';

export const deleteStaleLoginFailures = async (db: Db, lockMinutes: number) => {
  await db.delete(loginFailures).where(
    sql`coalesce(${loginFailures.lockedUntil}, '-infinity') < now()
          and ${loginFailures.lastFailedAt} < now() - make_interval(mins => ${lockMinutes})`,
  );
};

/** The queue's job: hourly, on one instance; a failure is retried by the queue. */
export const housekeepingJob = ({ db, lockMinutes }: { db: Db; lockMinutes: number }): JobDefinition => ({
  name: 'housekeeping',
  label: '每小时清理',
  cron: '7 * * * *',
  run: async () => {
    await deleteExpiredIdempotencyKeys(db);
    await deleteStaleLoginFailures(db, lockMinutes);
    await deleteUnattachedFiles(db);
    await deleteUnusedLogos(db);
  },
});
