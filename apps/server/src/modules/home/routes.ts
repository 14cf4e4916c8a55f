// Home/* calls.
import { homeRoutes } from '@ess/contract/home';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { acceptHandbook } from '../handbook/service';
import { getBanners, getStateBaseInfo } from './service';

export const registerHomeRoutes = (app: FastifyInstance, db: Db) => {
  registerCall(app, homeRoutes.getStateBaseInfo, async ({ body }) => ({
    data: await getStateBaseInfo(db, body.stateType, body.sysFunc),
  }));
  registerCall(app, homeRoutes.modifyReadStatus, async ({ body, caller, request }) => {
    await acceptHandbook(db, caller, { versionId: body.versionId, requestId: request.id });
    return { data: null };
  });
  registerCall(app, homeRoutes.getBannerList, async ({ caller }) => ({ data: await getBanners(db, caller) }));
};
