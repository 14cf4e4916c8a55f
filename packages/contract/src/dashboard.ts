// The console's first page (仪表盘): per plant the caller administers, what waits for HR and how this month's work
// stands — record changes to review, what workers sent and nobody handled (超时 past INBOX_OVERDUE_DAYS), this
// month's imports with their rejected rows, the latest payslip batch read / confirmed / questioned, the current
// handbook's acceptance, the latest live notice's read and acknowledgement, the latest exam's submissions and passes,
// the latest study assignment's completion. Each figure leads to the list behind it.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, optionalFilter, plant } from './common';

const waiting = z.object({ open: z.number(), overdue: z.number() });

export const plantDashboard = z.object({
  bu: z.string(),
  /** Record changes of the plant's employees waiting for a reviewer. */
  pendingReviews: z.number(),
  inbox: z.object({ feedback: waiting, proposal: waiting, candidate: waiting }),
  /** Import jobs started this month (Shanghai's calendar). */
  imports: z.object({
    month: z.string(),
    jobs: z.number(),
    done: z.number(),
    failed: z.number(),
    rejectedRows: z.number(),
  }),
  /** The plant's latest payslip batch; null before its first. */
  payslips: z
    .object({
      month: z.string(),
      status: z.string(),
      employees: z.number(),
      read: z.number(),
      confirmed: z.number(),
      disputed: z.number(),
    })
    .nullable(),
  /** The plant's current handbook version and how many of its employees accepted it; null when none is out. */
  handbook: z.object({ label: z.string(), employees: z.number(), accepted: z.number() }).nullable(),
  /** The latest live notice reaching the plant that the caller manages, counted in the plant; null when none. */
  notice: z
    .object({
      title: z.string(),
      mustAcknowledge: z.boolean(),
      audience: z.number(),
      read: z.number(),
      acknowledged: z.number(),
    })
    .nullable(),
  /**
   * The latest exam reaching the plant that has opened (open or closed, not withdrawn), counted in the plant, each
   * worker by their best attempt; null when none.
   */
  exam: z
    .object({
      id: z.number(),
      title: z.string(),
      isOpen: z.boolean(),
      audience: z.number(),
      submitted: z.number(),
      /** Null when the exam has no pass score. */
      passed: z.number().nullable(),
    })
    .nullable(),
  /** The plant's latest study assignment not withdrawn, counted in the plant; null when none. */
  study: z
    .object({
      materialId: z.number(),
      title: z.string(),
      isRequired: z.boolean(),
      /** 'yyyy-MM-dd HH:mm' or ''. */
      dueAt: z.string(),
      audience: z.number(),
      done: z.number(),
      overdue: z.number(),
    })
    .nullable(),
});
export type PlantDashboard = z.infer<typeof plantDashboard>;

export const dashboardRoutes = {
  getDashboard: defineRoute(ADDRESSES.getDashboard, {
    request: z.object({ bu: optionalFilter(plant) }),
    data: z.array(plantDashboard),
  }),
};
