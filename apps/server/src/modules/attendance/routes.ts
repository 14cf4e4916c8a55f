// AttDay/* calls.
import { attendanceRoutes } from '@ess/contract/attendance';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/contract-routes';
import type { QueryReads } from '../../http/read-your-writes';
import { getRecentAttendance } from './service';

export const registerAttendanceRoutes = (app: FastifyInstance, reads: QueryReads) => {
  registerCall(app, attendanceRoutes.getAttRecordByEmpNo, async ({ body, caller, request }) => ({
    data: await reads(request, (db) => getRecentAttendance({ db, caller, days: body.day })),
  }));
};
