// Console/* calls: the console's session; the scheduled backups' runs and the failed background jobs for the SysAdmin.
import { consoleRoutes } from '@ess/contract/console';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import type { JobQueue } from '../../jobs/queue';
import { readBackupStatus } from '../../ops/schedule';
import { getConsoleSession, listFailedJobs, retryFailedJob } from './service';

export const registerConsoleRoutes = (
  app: FastifyInstance,
  { database, isBackupScheduled, jobs }: { database: Database; isBackupScheduled: boolean; jobs?: JobQueue },
) => {
  registerCall(app, consoleRoutes.getConsoleSession, async ({ caller }) => ({
    data: await getConsoleSession(database.db, caller),
  }));
  registerCall(app, consoleRoutes.getBackupStatus, async () => ({
    data: await readBackupStatus(database.pool, isBackupScheduled),
  }));
  registerCall(app, consoleRoutes.getFailedJobs, async () => ({ data: await listFailedJobs(jobs) }));
  registerCall(app, consoleRoutes.retryJob, async ({ caller, body, request }) => {
    await retryFailedJob({ db: database.db, jobs }, caller, { ...body, requestId: request.id });
    return { data: null, msg: '已重新排队，稍后执行' };
  });
};
