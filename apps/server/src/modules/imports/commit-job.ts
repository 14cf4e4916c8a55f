// The worker's commit of a checked job (committing → done): one transaction, its audit row inside, that replaces the
// month's rows of the job's employees and keeps what it replaced for a rollback; a payslip import feeds the plant's
// draft payslip batch of the month.
import type { ImportKind } from '@ess/contract/imports';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import { BusinessError } from '../../core/errors';
import { importJobs, payslipBatches } from '../../db/schema/index';
import { type Executor, withTransaction } from '../../db/transaction';
import { durationText } from './check-in-thread';
import {
  announce,
  forgetFile,
  type ImportDeps,
  type JobRow,
  lockScope,
  type StoredSettings,
  setState,
  tellClerk,
} from './job-state';
import { replaceRows, tablesWrittenBy } from './kinds';

/** The batch of a plant's month, made as a draft the first time; a published one takes no import. */
const draftBatchFor = async (tx: Executor, bu: string, month: string) => {
  await tx.insert(payslipBatches).values({ bu, yearMonth: month }).onConflictDoNothing();
  const [batch] = await tx
    .select({ id: payslipBatches.id, status: payslipBatches.status })
    .from(payslipBatches)
    .where(and(eq(payslipBatches.bu, bu), eq(payslipBatches.yearMonth, month)))
    .for('update');
  if (!batch) throw new Error('payslip batch vanished');
  if (batch.status === 'published') throw new BusinessError('IMPORT_BATCH_PUBLISHED', { month });
  return batch.id;
};

/** Rows from which a commit refreshes its tables' statistics at once. */
const ROWS_WORTH_ANALYZE = 1000;

/**
 * A large import (a new plant's roster) can grow a table many times over. Until autovacuum analyzes it (a minute or
 * more later), plans already cached by the pool's connections, e.g. the foreign-key checks of messages to everyone,
 * may still read the small table's statistics and scan the whole table per row. Refreshed right after the commit; a
 * failure only costs the speed autovacuum restores soon.
 */
const refreshStatistics = async (db: Executor, kind: ImportKind) => {
  for (const table of tablesWrittenBy(kind)) {
    await db.execute(sql`analyze ${sql.identifier(table)}`).catch(() => {});
  }
};

/** PostgreSQL's query_canceled: here, a statement of the commit that ran past the time limit. */
const isQueryCanceled = (error: unknown) =>
  (error as { code?: string })?.code === '57014' || (error as { cause?: { code?: string } })?.cause?.code === '57014';

/**
 * The worker's commit: one transaction, its audit row inside. Each of its statements may run at most the time
 * limit; one past it is cancelled by PostgreSQL and the whole commit rolled back.
 */
export const commitJob = async (deps: Pick<ImportDeps, 'db' | 'notifier'> & { timeLimitMs: number }, job: JobRow) => {
  const kind = job.kind as ImportKind;
  const requester = (job.settings as StoredSettings).commitRequestedBy;
  try {
    await withTransaction(deps.db, async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(deps.timeLimitMs)}, true)`);
      await lockScope(tx, job);
      const batchId = kind === 'payslip' && job.yearMonth ? await draftBatchFor(tx, job.bu, job.yearMonth) : null;
      await replaceRows(tx, { kind, jobId: job.id, month: job.yearMonth, batchId, bu: job.bu });
      const [replaced] = await tx
        .execute<{ n: number }>(sql`select count(*)::int as n from import_replaced where job_id = ${job.id}`)
        .then((result) => result.rows);
      await tx
        .update(importJobs)
        .set({
          status: 'done',
          progress: 100,
          message: '',
          batchId,
          committedAt: sql`now()`,
          heartbeatAt: sql`now()`,
        })
        .where(eq(importJobs.id, job.id));
      await forgetFile(tx, job.id);
      await recordAudit(tx, {
        actor: requester,
        action: 'import.commit',
        subject: { type: 'import', id: job.id },
        after: {
          bu: job.bu,
          kind,
          month: job.yearMonth,
          written: job.validRows,
          replaced: replaced?.n ?? 0,
          batchId,
        },
      });
    });
    Object.assign(job, { status: 'done', progress: 100 });
    if ((job.validRows ?? 0) >= ROWS_WORTH_ANALYZE) await refreshStatistics(deps.db, kind);
    await announce(deps.notifier, job);
    await tellClerk(deps.db, job, { to: requester?.id, outcome: '导入完成', body: `已写入 ${job.validRows} 行。` });
  } catch (caught) {
    const error = isQueryCanceled(caught)
      ? new BusinessError('IMPORT_TIMED_OUT', { limit: durationText(deps.timeLimitMs) })
      : caught;
    const message = error instanceof BusinessError ? error.message : '导入失败，数据未作任何修改，请重试';
    // Nothing was written: the job can be committed again once the cause is gone.
    await setState(deps, job, { status: 'ready', isCommitRequested: 0, message });
    if (!(error instanceof BusinessError)) throw error;
  }
};
