// The caller's meal deductions, dormitory costs and shoe cabinet; cabinet actions go out as outside-system commands.
import type { Cabinet, DormitoryCost, MealDetail, MealMonth } from '@ess/contract/logistics';
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { type Page, type PageOf, readPage, totalOver } from '../../db/paging';
import { preparedFor } from '../../db/prepared';
import { cabinets, dormitoryCosts, mealDetails, mealMonths } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import type { CommandState, OutsideCommand, OutsideSystems } from '../../integrations/outside-systems';

const mealMonthsOf = and(eq(mealMonths.employeeId, sql.placeholder('employeeId')), gt(mealMonths.deductionAmt, 0));
const mealMonthsPage = preparedFor((db) =>
  db
    .select({ YEAR_MONTH: mealMonths.yearMonth, DEDUCTION_AMT: mealMonths.deductionAmt, total: totalOver() })
    .from(mealMonths)
    .where(mealMonthsOf)
    .orderBy(desc(mealMonths.yearMonth))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('meal_months_page'),
);
const mealMonthsCount = preparedFor((db) =>
  db.select({ n: count() }).from(mealMonths).where(mealMonthsOf).prepare('meal_months_count'),
);

/** Months with a deduction only (SPEC §5: a deduction shows only when above zero), newest first. */
export const getMealMonths = (db: Db, caller: Caller, paging: Page): Promise<PageOf<MealMonth>> =>
  readPage({ pageQuery: mealMonthsPage(db), countQuery: mealMonthsCount(db) }, caller.id, paging);

export const getMealDetails = async (db: Db, caller: Caller, month: string): Promise<MealDetail[]> =>
  db
    .select({
      COST_TIME: shanghaiTime(mealDetails.costTime),
      COST_AMOUNT: mealDetails.costAmount,
      SUBSIDY_AMOUNT: mealDetails.subsidyAmount,
    })
    .from(mealDetails)
    .where(and(eq(mealDetails.employeeId, caller.id), eq(mealDetails.yearMonth, month)))
    .orderBy(asc(mealDetails.costTime), asc(mealDetails.id));

const dormitoryCostsOf = eq(dormitoryCosts.employeeId, sql.placeholder('employeeId'));
const dormitoryCostsPage = preparedFor((db) =>
  db
    .select({
      yearMonth: dormitoryCosts.yearMonth,
      waterCost: dormitoryCosts.waterCost,
      tariffCost: dormitoryCosts.tariffCost,
      accommodationCost: dormitoryCosts.accommodationCost,
      total: totalOver(),
    })
    .from(dormitoryCosts)
    .where(dormitoryCostsOf)
    .orderBy(desc(dormitoryCosts.yearMonth))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('dormitory_costs_page'),
);
const dormitoryCostsCount = preparedFor((db) =>
  db.select({ n: count() }).from(dormitoryCosts).where(dormitoryCostsOf).prepare('dormitory_costs_count'),
);

export const getDormitoryCosts = (db: Db, caller: Caller, paging: Page): Promise<PageOf<DormitoryCost>> =>
  readPage({ pageQuery: dormitoryCostsPage(db), countQuery: dormitoryCostsCount(db) }, caller.id, paging);

const cabinetFields = {
  Id: cabinets.id,
  TeamName: cabinets.teamName,
  AreaDesc: cabinets.areaDesc,
  EquipmentDesc: cabinets.equipmentDesc,
  CaseNo: cabinets.caseNo,
};

export const getMyCabinet = async (db: Db, caller: Caller): Promise<Cabinet | undefined> => {
  const [cabinet] = await db
    .select(cabinetFields)
    .from(cabinets)
    .where(eq(cabinets.employeeId, caller.id))
    .orderBy(asc(cabinets.id))
    .limit(1);
  return cabinet;
};

/** The box only if it is the caller's: someone else's box and an unknown one answer the same. */
const findOwnCabinet = async (db: Db, caller: Caller, boxId: number) => {
  const [cabinet] = await db
    .select(cabinetFields)
    .from(cabinets)
    .where(and(eq(cabinets.id, boxId), eq(cabinets.employeeId, caller.id)));
  if (!cabinet) throw new BusinessError('CABINET_NOT_FOUND');
  return cabinet;
};

export type CabinetDeps = { db: Db; outsideSystems: OutsideSystems };

/**
 * Writes the command, tries it at once and answers its state: sent or still pending (the screen then asks
 * GetCommandState until it settles). One that failed for good at once is refused with the words the employee needs.
 */
const send = async (outsideSystems: OutsideSystems, command: OutsideCommand): Promise<CommandState> => {
  const state = await outsideSystems.attempt(await outsideSystems.queue(command));
  if (state.status === 'failed') throw new BusinessError('OUTSIDE_SYSTEM_FAILED', { detail: state.message });
  return state;
};

export const openMyCabinet = async ({ db, outsideSystems }: CabinetDeps, caller: Caller, boxId: number) => {
  const cabinet = await findOwnCabinet(db, caller, boxId);
  return send(outsideSystems, {
    target: 'cabinet',
    command: 'OPEN',
    payload: { boxId: cabinet.Id, caseNo: cabinet.CaseNo, areaDesc: cabinet.AreaDesc },
    requestedBy: caller.id,
  });
};

/** A command of the caller's, as the cabinet screen follows it; someone else's and an unknown one answer the same. */
export const getMyCommandState = async ({ outsideSystems }: CabinetDeps, caller: Caller, id: number) => {
  const state = await outsideSystems.stateFor(caller.id, id);
  if (!state) throw new BusinessError('COMMAND_NOT_FOUND');
  return state;
};

/** The cabinet's face reader is enrolled by the attendance system, which takes the photo it already holds. */
export const updateMyCabinetPhoto = async ({ db, outsideSystems }: CabinetDeps, caller: Caller, boxId: number) => {
  const cabinet = await findOwnCabinet(db, caller, boxId);
  return send(outsideSystems, {
    target: 'attendance',
    command: 'UPDATE_CABINET_PHOTO',
    payload: { boxId: cabinet.Id, caseNo: cabinet.CaseNo, empNo: caller.empNo },
    requestedBy: caller.id,
  });
};

/** CABINET_OPEN_ALL_EMPLOYEES: comma-separated employee numbers. */
export const parseEmployeeList = (text: string): ReadonlySet<string> =>
  new Set(
    text
      .split(',')
      .map((empNo) => empNo.trim())
      .filter(Boolean),
  );

/** Answers the state of the one command that opens them all. */
export const openCabinets = async (
  { db, outsideSystems, openAllEmployees }: CabinetDeps & { openAllEmployees: ReadonlySet<string> },
  caller: Caller,
  boxIds: number[],
): Promise<CommandState> => {
  if (!openAllEmployees.has(caller.empNo)) throw new BusinessError('NO_PERMISSION');
  const wanted = [...new Set(boxIds)].sort((a, b) => a - b);
  const found = await db
    .select({ id: cabinets.id, caseNo: cabinets.caseNo })
    .from(cabinets)
    .where(inArray(cabinets.id, wanted))
    .orderBy(asc(cabinets.id));
  const known = new Set(found.map((cabinet) => cabinet.id));
  const missing = wanted.filter((id) => !known.has(id));
  if (missing.length > 0) {
    const listed = missing.slice(0, 5).join('、');
    throw new BusinessError('CABINETS_UNKNOWN', {
      boxes: `${listed}${missing.length > 5 ? ` 等 ${missing.length} 个` : ''}`,
    });
  }
  return send(outsideSystems, {
    target: 'cabinet',
    command: 'OPEN_ALL',
    payload: { boxes: found.map((cabinet) => ({ boxId: cabinet.id, caseNo: cabinet.caseNo })) },
    requestedBy: caller.id,
  });
};
