// InspectionEhs/GetMyEhs: the caller's safety issues of the last 30 Shanghai days, newest first.
import { routes } from '@ess/contract';
import type { SafetyIssue } from '@ess/contract/inspection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FACTORY_PASSWORD_HASH,
  type MadeEmployee,
  makeEmployee,
  makeSafetyIssue,
  shanghaiDay,
} from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';

type MadeIssue = Awaited<ReturnType<typeof makeSafetyIssue>>;

let t: TestContext;
const signIn = (made: MadeEmployee) => t.login(made.empNo, FACTORY_PASSWORD_HASH);

let employee: MadeEmployee;
let employeeToken: string;
/** The employee's issues inside the window, as the call must list them: newest first. */
let employeeIssues: MadeIssue[];
beforeAll(async () => {
  t = await createTestContext();
  employee = await makeEmployee(t.database);
  const older = await makeSafetyIssue(t.database, employee, {
    date: shanghaiDay(17),
    issueDescr: '工位物料堆放超高',
    workProcess: '焊接',
    typeCode: 'EHS02',
    badQty: 2,
  });
  const recent = await makeSafetyIssue(t.database, employee, { date: shanghaiDay(3), badQty: 3 });
  // Found later on the same day: listed before the one found earlier.
  const sameDay = await makeSafetyIssue(t.database, employee, {
    date: shanghaiDay(3),
    issueDescr: '安全通道被占用',
    workProcess: '涂装',
    typeCode: 'EHS03',
  });
  await makeSafetyIssue(t.database, employee, { date: shanghaiDay(45), issueDescr: '未按规定佩戴防护眼镜' });
  employeeIssues = [sameDay, recent, older];
  employeeToken = await signIn(employee);
});
afterAll(() => t.close());

/** The names the seeded safety-inspection dictionary gives the type codes. */
const TYPE_NAMES: Record<string, string> = { EHS01: '人的不安全行为', EHS02: '物的不安全状态', EHS03: '作业环境缺陷' };

/** An issue as the call shows it. */
const shownIssue = (issue: MadeIssue): SafetyIssue => ({
  ISSUE_DESCR: issue.issueDescr,
  WORK_PROCESS: issue.workProcess,
  INSPECTION_DATE: issue.inspectionDate,
  TYPE_CODE: issue.typeCode,
  TYPE_NAME: TYPE_NAMES[issue.typeCode] ?? null,
  BAD_QTY: issue.badQty,
});

const myIssues = async (token: string, payload: Record<string, unknown> = {}) => {
  const { status, body } = await t.call(routes.getMyEhs, payload, token);
  expect(status).toBe(200);
  expect(body.result).toBe(true);
  expect(typeof body.data).toBe('string');
  return JSON.parse(body.data) as SafetyIssue[];
};

describe('InspectionEhs/GetMyEhs', () => {
  it("answers the caller's issues of the last 30 days as a JSON string, newest first", async () => {
    const issues = await myIssues(employeeToken);
    expect(issues).toEqual(employeeIssues.map(shownIssue));
    expect(issues[0]?.INSPECTION_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('includes today and the 29 days before, not day 30 and not the future', async () => {
    const bordering = await makeEmployee(t.database);
    const made = new Map<number, MadeIssue>();
    for (const daysAgo of [0, 29, 30, -1]) {
      const issue = await makeSafetyIssue(t.database, bordering, {
        date: shanghaiDay(daysAgo),
        issueDescr: `边界${daysAgo}`,
      });
      made.set(daysAgo, issue);
    }
    const issues = await myIssues(await signIn(bordering));
    expect(issues.map((issue) => issue.ISSUE_DESCR)).toEqual(['边界0', '边界29']);
    expect(issues).toEqual([0, 29].map((daysAgo) => shownIssue(made.get(daysAgo)!)));
  });

  it("names each issue's type from the dictionary, and answers null for a code it does not know", async () => {
    const inspected = await makeEmployee(t.database);
    await makeSafetyIssue(t.database, inspected, { date: shanghaiDay(1), issueDescr: '未知类型', typeCode: 'EHS99' });
    await makeSafetyIssue(t.database, inspected, {
      date: shanghaiDay(2),
      issueDescr: '设备护罩缺失',
      typeCode: 'EHS02',
    });
    const issues = await myIssues(await signIn(inspected));
    expect(issues.map(({ TYPE_CODE, TYPE_NAME }) => ({ TYPE_CODE, TYPE_NAME }))).toEqual([
      { TYPE_CODE: 'EHS99', TYPE_NAME: null },
      { TYPE_CODE: 'EHS02', TYPE_NAME: '物的不安全状态' },
    ]);
  });

  it("answers '[]' for an employee without issues", async () => {
    const token = await signIn(await makeEmployee(t.database));
    const { body } = await t.call(routes.getMyEhs, {}, token);
    expect(body).toMatchObject({ result: true, data: '[]' });
  });

  it("never answers another employee's issues, whatever the payload carries", async () => {
    const colleague = await makeEmployee(t.database);
    const colleagueIssue = await makeSafetyIssue(t.database, colleague, {
      date: shanghaiDay(5),
      issueDescr: '叉车超速',
      workProcess: '冲压',
      typeCode: 'EHS02',
      badQty: 4,
    });
    const mine = await myIssues(employeeToken, { empNo: colleague.empNo, empId: colleague.id });
    const theirs = await myIssues(await signIn(colleague), { empNo: employee.empNo, empId: employee.id });
    expect(mine).toEqual(employeeIssues.map(shownIssue));
    expect(theirs).toEqual([shownIssue(colleagueIssue)]);
    expect(mine).not.toEqual(theirs);
  });
});
