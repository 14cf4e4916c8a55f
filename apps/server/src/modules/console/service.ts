// The HR console's session: who is using it, with the roles and plants that decide which pages it shows (the
// pages are a courtesy; every console call checks the role and the plant again); the failed background jobs.
import type { ConsoleSession, FailedJob } from '@ess/contract/console';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { employees } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import { companyDateTime } from '../../lib/calendar';

export const getConsoleSession = async (db: Db, caller: Caller): Promise<ConsoleSession> => {
  const [row] = await db.select({ name: employees.name }).from(employees).where(eq(employees.id, caller.id));
  if (!row) throw new BusinessError('EMPLOYEE_NOT_FOUND');
  return {
    id: caller.id,
    empNo: caller.empNo,
    name: row.name,
    roles: [...caller.roles],
    adminPlants: [...caller.adminPlants].sort(),
  };
};

/** The failed jobs, newest first; none where this server runs no queue (a test, a tool). */
export const listFailedJobs = async (jobs: JobQueue | undefined): Promise<FailedJob[]> =>
  (await jobs?.failed())?.map((job) => ({ ...job, failedAt: companyDateTime(job.failedAt).slice(0, 16) })) ?? [];

/** Puts a failed job back to run now, audited; refused when it is no longer failed (retried by another SysAdmin). */
export const retryFailedJob = async (
  { db, jobs }: { db: Db; jobs: JobQueue | undefined },
  caller: Caller,
  { name, id, requestId }: { name: string; id: string; requestId: string },
) => {
  if (!jobs) throw new BusinessError('JOB_QUEUE_OFF');
  if (!(await jobs.retry(name, id))) throw new BusinessError('JOB_NOT_FAILED');
  await recordAudit(db, {
    actor: caller,
    action: 'job.retry',
    subject: { type: 'job', id },
    after: { name },
    requestId,
  });
};
