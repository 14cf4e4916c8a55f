// LogisticsMeals/*, LogisticsDormitory/* and LogisticsCabinet/* calls.
import { logisticsRoutes } from '@ess/contract/logistics';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import type { QueryReads } from '../../http/read-your-writes';
import type { OutsideSystems } from '../../integrations/outside-systems';
import {
  getDormitoryCosts,
  getMealDetails,
  getMealMonths,
  getMyCabinet,
  getMyCommandState,
  openCabinets,
  openMyCabinet,
  parseEmployeeList,
  updateMyCabinetPhoto,
} from './service';

export type LogisticsDeps = {
  db: Db;
  /** The meals' and dormitory's reads (the replica when it may). */
  reads: QueryReads;
  outsideSystems: OutsideSystems;
  /** CABINET_OPEN_ALL_EMPLOYEES as configured (comma-separated employee numbers). */
  openAllEmployees: string;
};

export const registerLogisticsRoutes = (
  app: FastifyInstance,
  { db, reads, outsideSystems, openAllEmployees }: LogisticsDeps,
) => {
  const cabinetDeps = { db, outsideSystems };
  const openAllList = parseEmployeeList(openAllEmployees);

  registerCall(app, logisticsRoutes.getMeals, async ({ body, caller, request }) => {
    const { rows, totalCount } = await reads(request, (db) =>
      getMealMonths(db, caller, { page: body.query.CurrentPage, pageSize: body.query.PageSize }),
    );
    return { data: JSON.stringify(rows), totalCount };
  });
  registerCall(app, logisticsRoutes.getMealsDetail, async ({ body, caller, request }) => ({
    data: JSON.stringify(await reads(request, (db) => getMealDetails(db, caller, body.date))),
  }));
  registerCall(app, logisticsRoutes.getDormitoryCostForMobile, async ({ body, caller, request }) => {
    const { rows, totalCount } = await reads(request, (db) =>
      getDormitoryCosts(db, caller, { page: body.query.CurrentPage, pageSize: body.query.PageSize }),
    );
    return { data: rows, totalCount };
  });
  registerCall(app, logisticsRoutes.getCabinetForMobile, async ({ caller }) => {
    const cabinet = await getMyCabinet(db, caller);
    return cabinet ? { data: JSON.stringify(cabinet) } : { data: '', msg: '暂未分配柜子' };
  });
  registerCall(app, logisticsRoutes.updatePhotoToAtt, async ({ body, caller }) => {
    const state = await updateMyCabinetPhoto(cabinetDeps, caller, body.boxId);
    return { data: state, msg: state.message };
  });
  registerCall(app, logisticsRoutes.remoteOpenCabinet, async ({ body, caller }) => {
    const state = await openMyCabinet(cabinetDeps, caller, body.boxId);
    return { data: state, msg: state.message };
  });
  registerCall(app, logisticsRoutes.remoteOpenAllCabinet, async ({ body, caller }) => {
    const state = await openCabinets({ ...cabinetDeps, openAllEmployees: openAllList }, caller, body.boxId);
    return { data: state, msg: state.message };
  });
  registerCall(app, logisticsRoutes.getCommandState, async ({ body, caller }) => {
    const state = await getMyCommandState(cabinetDeps, caller, body.id);
    return { data: state, msg: state.message };
  });
};
