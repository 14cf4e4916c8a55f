// Menu/GetMenuList: always the caller's menus; the userId in the payload is ignored.
import { menuRoutes } from '@ess/contract/menu';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { getMenuList } from './service';

export const registerMenuRoutes = (app: FastifyInstance, db: Db) => {
  registerCall(app, menuRoutes.getMenuList, async ({ body, caller }) => ({
    data: await getMenuList(db, caller, body.terminalType),
  }));
};
