// Console/* calls: the console's session.
import { consoleRoutes } from '@ess/contract/console';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { getConsoleSession } from './service';

export const registerConsoleRoutes = (app: FastifyInstance, db: Db) => {
  registerCall(app, consoleRoutes.getConsoleSession, async ({ caller }) => ({
    data: await getConsoleSession(db, caller),
  }));
};
