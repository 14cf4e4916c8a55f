// Home/* calls.
import { homeRoutes } from '@ess/contract/home';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { getBanners, getStateBaseInfo, markHandbookRead } from './service';

export const registerHomeRoutes = (app: FastifyInstance, db: Db) => {
  registerCall(app, homeRoutes.getStateBaseInfo, async ({ body }) => ({
    data: await getStateBaseInfo(db, body.stateType, body.sysFunc),
  }));
  registerCall(app, homeRoutes.modifyReadStatus, async ({ caller }) => {
    await markHandbookRead(db, caller);
    return { data: null };
  });
  registerCall(app, homeRoutes.getBannerList, async ({ caller }) => ({ data: await getBanners(db, caller) }));
};
