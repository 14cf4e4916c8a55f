// Attendance: punches of the last days.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute } from './common';

export const ATTENDANCE_DAYS = 3;

export const attRecord = z.object({
  /** yyyy-MM-dd */
  attTime: z.string(),
  /** HH:mm, or null when there was no punch */
  attStartTime: z.string().nullable(),
  attEndTime: z.string().nullable(),
});
export type AttRecord = z.infer<typeof attRecord>;

export const attendanceRoutes = {
  getAttRecordByEmpNo: defineRoute(ADDRESSES.getAttRecordByEmpNo, {
    request: z.object({
      day: z.coerce
        .number({ error: '天数应为数字' })
        .int({ error: '天数应为整数' })
        .min(1, { error: '天数至少为 1' })
        .max(ATTENDANCE_DAYS, { error: `只能查询最近 ${ATTENDANCE_DAYS} 天的考勤` })
        .default(ATTENDANCE_DAYS),
      empNo: z.unknown().optional(),
    }),
    data: z.array(attRecord),
  }),
};
