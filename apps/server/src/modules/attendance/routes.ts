// AttDay/* calls.
import { attendanceRoutes } from '@ess/contract/attendance';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { getRecentAttendance } from './service';

export const registerAttendanceRoutes = (app: FastifyInstance, db: Db) => {
  registerCall(app, attendanceRoutes.getAttRecordByEmpNo, async ({ body, caller }) => ({
    data: await getRecentAttendance({ db, caller, days: body.day }),
  }));
};
