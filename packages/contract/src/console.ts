// The HR console's own calls (/admin): who is using it. The imports, the payslip batches and the people pages
// have their own modules (imports.ts, payslip-batches.ts).
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, empty } from './common';

export const consoleSession = z.object({
  id: z.number(),
  empNo: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  /** The plants the caller administers (HRAdmin's own, every plant for SysAdmin); empty for everyone else. */
  adminPlants: z.array(z.string()),
});
export type ConsoleSession = z.infer<typeof consoleSession>;

export const consoleRoutes = {
  getConsoleSession: defineRoute(ADDRESSES.getConsoleSession, { request: empty, data: consoleSession }),
};
