// Menu/GetMenuList: always the caller's menus; the userId in the payload is ignored.
import { menuRoutes } from '@ess/contract/menu';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import type { QueryReads } from '../../http/read-your-writes';
import { getMenuList } from './service';

export const registerMenuRoutes = (app: FastifyInstance, { reads }: { db: Db; reads: QueryReads }) => {
  registerCall(app, menuRoutes.getMenuList, async ({ body, caller, request }) => ({
    data: await reads(request, (db) => getMenuList(db, caller, body.terminalType)),
  }));
};
