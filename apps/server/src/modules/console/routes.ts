// Console/* calls: the console's session, and the scheduled backups' runs for the SysAdmin.
import { consoleRoutes } from '@ess/contract/console';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { readBackupStatus } from '../../ops/schedule';
import { getConsoleSession } from './service';

export const registerConsoleRoutes = (
  app: FastifyInstance,
  { database, isBackupScheduled }: { database: Database; isBackupScheduled: boolean },
) => {
  registerCall(app, consoleRoutes.getConsoleSession, async ({ caller }) => ({
    data: await getConsoleSession(database.db, caller),
  }));
  registerCall(app, consoleRoutes.getBackupStatus, async () => ({
    data: await readBackupStatus(database.pool, isBackupScheduled),
  }));
};
