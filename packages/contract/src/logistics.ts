// Logistics: meal deductions, dormitory costs, the shoe cabinet.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, empty, jsonText, pageQuery, yearMonth } from './common';
import { jsonTextOf } from './json-text';

export const mealMonth = z.object({ YEAR_MONTH: z.string(), DEDUCTION_AMT: z.number() });
export type MealMonth = z.infer<typeof mealMonth>;
export const mealDetail = z.object({
  COST_TIME: z.string(),
  COST_AMOUNT: z.number(),
  SUBSIDY_AMOUNT: z.number(),
});
export type MealDetail = z.infer<typeof mealDetail>;

export const dormitoryCost = z.object({
  yearMonth: z.string(),
  waterCost: z.number(),
  tariffCost: z.number(),
  accommodationCost: z.number(),
});
export type DormitoryCost = z.infer<typeof dormitoryCost>;

export const cabinet = z.object({
  Id: z.number(),
  TeamName: z.string(),
  AreaDesc: z.string(),
  EquipmentDesc: z.string(),
  CaseNo: z.string(),
});
export type Cabinet = z.infer<typeof cabinet>;

/** A number, or digits as text; plain coercion would also read `true` or `[1]` as 1. */
const positiveId = (error: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value),
    z.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error }),
  );
const boxId = positiveId('柜子编号无效');

/**
 * A command to the cabinet controller or the attendance system as the employee follows it: still being delivered
 * (tried again for a while), delivered, or given up. `message` is what the screen shows.
 */
export const commandState = z.object({
  id: z.number(),
  status: z.enum(['pending', 'sent', 'failed']),
  message: z.string(),
});
export type CommandState = z.infer<typeof commandState>;

/** `query` arrives as JSON text or as an object. */
const pagedQuery = jsonText(pageQuery);

export const logisticsRoutes = {
  getMeals: defineRoute(ADDRESSES.getMeals, {
    request: z.object({ empNo: z.unknown().optional(), query: pagedQuery }),
    /** JSON text of MealMonth[]; totalCount on the envelope. */
    data: jsonTextOf(z.array(mealMonth)),
  }),
  getMealsDetail: defineRoute(ADDRESSES.getMealsDetail, {
    request: z.object({ empNo: z.unknown().optional(), date: yearMonth }),
    /** JSON text of MealDetail[]. */
    data: jsonTextOf(z.array(mealDetail)),
  }),
  getDormitoryCostForMobile: defineRoute(ADDRESSES.getDormitoryCostForMobile, {
    request: z.object({ query: pagedQuery }),
    data: z.array(dormitoryCost),
  }),
  getCabinetForMobile: defineRoute(ADDRESSES.getCabinetForMobile, {
    request: empty,
    /** JSON text of the Cabinet, or '' when none is assigned. */
    data: jsonTextOf(cabinet, { orEmpty: true }),
  }),
  updatePhotoToAtt: defineRoute(ADDRESSES.updatePhotoToAtt, {
    request: z.object({ boxId }),
    data: commandState,
  }),
  remoteOpenCabinet: defineRoute(ADDRESSES.remoteOpenCabinet, {
    request: z.object({ boxId }),
    data: commandState,
  }),
  remoteOpenAllCabinet: defineRoute(ADDRESSES.remoteOpenAllCabinet, {
    request: z.object({
      boxId: z.array(boxId, { error: '柜子编号列表无效' }).min(1, { error: '柜子编号列表为空' }).max(500, {
        error: '一次最多开 500 个柜子',
      }),
    }),
    data: commandState,
  }),
  getCommandState: defineRoute(ADDRESSES.getCommandState, {
    request: z.object({ id: positiveId('指令编号无效') }),
    data: commandState,
  }),
};
