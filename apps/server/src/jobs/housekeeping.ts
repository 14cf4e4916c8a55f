// Hourly housekeeping of tables that only grow: idempotency keys past their day, login failure counters of
// accounts (real or not) that are neither locked nor failed within the lock time, and uploads no record came to
// use within a day (the logos no save of 公司信息 used among them), material uploads silent for a day, and the
// WeCom sign-in states of the day before, and what became of WeCom deliveries older than 90 days.
import { sql } from 'drizzle-orm';
import { deleteExpiredIdempotencyKeys } from '../core/idempotency';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema/index';
import { deleteUnattachedFiles } from '../modules/files/service';
import { deleteStaleUploads } from '../modules/materials/service';
import { deleteUnusedLogos } from '../modules/site/service';
import { deleteOldDeliveries, deleteOldOAuthStates } from '../modules/wechat/service';
import type { JobDefinition } from './queue';

export const deleteStaleLoginFailures = async (db: Db, lockMinutes: number) => {
  await db.delete(loginFailures).where(
    sql`coalesce(${loginFailures.lockedUntil}, '-infinity') < now()
          and ${loginFailures.lastFailedAt} < now() - make_interval(mins => ${lockMinutes})`,
  );
};

/** The queue's job: hourly, on one instance; a failure is retried by the queue. */
export const housekeepingJob = ({
  db,
  lockMinutes,
  mediaDir,
}: {
  db: Db;
  lockMinutes: number;
  /** Where the partial uploads of materials lie; none: they are left alone. */
  mediaDir?: string;
}): JobDefinition => ({
  name: 'housekeeping',
  label: '每小时清理',
  cron: '7 * * * *',
  run: async () => {
    await deleteExpiredIdempotencyKeys(db);
    await deleteStaleLoginFailures(db, lockMinutes);
    await deleteUnattachedFiles(db);
    await deleteUnusedLogos(db);
    await deleteOldOAuthStates(db);
    await deleteOldDeliveries(db);
    if (mediaDir) await deleteStaleUploads({ db, mediaDir });
  },
});
