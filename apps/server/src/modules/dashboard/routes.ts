// Console/GetDashboard: the console's first page.
import { dashboardRoutes } from '@ess/contract/dashboard';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { getDashboard } from './service';

export const registerDashboardRoutes = (app: FastifyInstance, deps: { db: Db; overdueDays: number }) => {
  registerCall(app, dashboardRoutes.getDashboard, async ({ body, caller }) => ({
    data: await getDashboard(deps, caller, body.bu),
  }));
};
