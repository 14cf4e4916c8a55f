// The caller's safety-inspection issues of the last 30 days (Asia/Shanghai, today included), each with
// its type's name from the safety-inspection dictionary.
import { SAFETY_ISSUE_DAYS, type SafetyIssue } from '@ess/contract/inspection';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import type { Db } from '../../db/client';
import { SAFETY_ISSUE_TYPES } from '../../db/reference-data';
import { dictionaryItems, safetyIssues } from '../../db/schema/index';
import { companyToday } from '../../lib/calendar';

export const getRecentSafetyIssues = async ({
  db,
  caller,
  today = companyToday(),
}: {
  db: Db;
  caller: Caller;
  today?: string;
}): Promise<SafetyIssue[]> =>
  db
    .select({
      ISSUE_DESCR: safetyIssues.issueDescr,
      WORK_PROCESS: safetyIssues.workProcess,
      INSPECTION_DATE: sql<string>`to_char(${safetyIssues.inspectionDate}, 'YYYY-MM-DD')`,
      TYPE_CODE: safetyIssues.typeCode,
      // A code the dictionary lacks still lists the issue (the screen shows the code instead).
      TYPE_NAME: dictionaryItems.stateDescr,
      BAD_QTY: safetyIssues.badQty,
    })
    .from(safetyIssues)
    .leftJoin(
      dictionaryItems,
      and(
        eq(dictionaryItems.stateType, SAFETY_ISSUE_TYPES.stateType),
        eq(dictionaryItems.sysFunc, SAFETY_ISSUE_TYPES.sysFunc),
        eq(dictionaryItems.stateId, safetyIssues.typeCode),
      ),
    )
    .where(
      and(
        eq(safetyIssues.employeeId, caller.id),
        gte(safetyIssues.inspectionDate, sql`${today}::date - ${SAFETY_ISSUE_DAYS - 1}::int`),
        lte(safetyIssues.inspectionDate, sql`${today}::date`),
      ),
    )
    .orderBy(desc(safetyIssues.inspectionDate), desc(safetyIssues.id));
