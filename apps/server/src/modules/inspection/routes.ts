// InspectionEhs/* calls.
import { inspectionRoutes } from '@ess/contract/inspection';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { getRecentSafetyIssues } from './service';

export const registerInspectionRoutes = (app: FastifyInstance, db: Db) => {
  registerCall(app, inspectionRoutes.getMyEhs, async ({ caller }) => ({
    data: JSON.stringify(await getRecentSafetyIssues({ db, caller })),
  }));
};
