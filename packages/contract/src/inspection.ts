// Safety inspection: the employee's issues of the last 30 days.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, empty } from './common';
import { jsonTextOf } from './json-text';

export const SAFETY_ISSUE_DAYS = 30;

export const safetyIssue = z.object({
  ISSUE_DESCR: z.string(),
  WORK_PROCESS: z.string(),
  INSPECTION_DATE: z.string(),
  TYPE_CODE: z.string(),
  /** The issue type's name from the safety-inspection dictionary; null for a code it does not know. */
  TYPE_NAME: z.string().nullable(),
  BAD_QTY: z.number(),
});
export type SafetyIssue = z.infer<typeof safetyIssue>;

export const inspectionRoutes = {
  getMyEhs: defineRoute(ADDRESSES.getMyEhs, {
    request: empty,
    /** JSON text of SafetyIssue[]. */
    data: jsonTextOf(z.array(safetyIssue)),
  }),
};
