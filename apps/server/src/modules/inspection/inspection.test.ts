// InspectionEhs/GetMyEhs: the caller's safety issues of the last 30 Shanghai days, newest first.
import { routes } from '@ess/contract';
import type { SafetyIssue } from '@ess/contract/inspection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';

let t: TestContext;
let employeeToken: string;
beforeAll(async () => {
  t = await createTestContext();
  employeeToken = await t.login('100001');
});
afterAll(() => t.close());

/** Every issue of the employee with how many Shanghai days ago it was, straight from the table. */
const storedIssues = async (empNo: string) => {
  const { rows } = await t.database.pool.query<SafetyIssue & { id: number; days_ago: number }>(
    `select s.id, s.issue_descr as "ISSUE_DESCR", s.work_process as "WORK_PROCESS",
            to_char(s.inspection_date, 'YYYY-MM-DD') as "INSPECTION_DATE", s.type_code as "TYPE_CODE",
            s.bad_qty as "BAD_QTY", (now() at time zone 'Asia/Shanghai')::date - s.inspection_date as days_ago
     from safety_issues s join employees e on e.id = s.employee_id where e.emp_no = $1`,
    [empNo],
  );
  return rows;
};

const expectedIssues = async (empNo: string): Promise<SafetyIssue[]> =>
  (await storedIssues(empNo))
    .filter((issue) => issue.days_ago >= 0 && issue.days_ago <= 29)
    .sort((a, b) => a.days_ago - b.days_ago || b.id - a.id)
    .map(({ id: _id, days_ago: _daysAgo, ...issue }) => issue);

const myIssues = async (token: string, payload: Record<string, unknown> = {}) => {
  const { status, body } = await t.call(routes.getMyEhs, payload, token);
  expect(status).toBe(200);
  expect(body.result).toBe(true);
  expect(typeof body.data).toBe('string');
  return JSON.parse(body.data) as SafetyIssue[];
};

describe('InspectionEhs/GetMyEhs', () => {
  it("answers the caller's issues of the last 30 days as a JSON string, newest first", async () => {
    const stored = await storedIssues('100001');
    expect(stored.some((issue) => issue.days_ago > 29)).toBe(true);
    const issues = await myIssues(employeeToken);
    expect(issues).toEqual(await expectedIssues('100001'));
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.length).toBeLessThan(stored.length);
    expect(issues[0]).toEqual({
      ISSUE_DESCR: expect.any(String),
      WORK_PROCESS: expect.any(String),
      INSPECTION_DATE: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      TYPE_CODE: expect.any(String),
      BAD_QTY: expect.any(Number),
    });
  });

  it('includes today and the 29 days before, not day 30 and not the future', async () => {
    const token = await t.login('100002');
    expect(await storedIssues('100002')).toEqual([]);
    await t.database.pool.query(
      `insert into safety_issues (employee_id, issue_descr, work_process, inspection_date, type_code, bad_qty)
       select e.id, '边界' || x.days_ago, '总装', (now() at time zone 'Asia/Shanghai')::date - x.days_ago, 'EHS01', 1
       from employees e cross join (values (0), (29), (30), (-1)) as x(days_ago) where e.emp_no = '100002'`,
    );
    const issues = await myIssues(token);
    expect(issues.map((issue) => issue.ISSUE_DESCR)).toEqual(['边界0', '边界29']);
    expect(issues).toEqual(await expectedIssues('100002'));
  });

  it("answers '[]' for an employee without issues", async () => {
    const token = await t.login('900001');
    expect(await storedIssues('900001')).toEqual([]);
    const { body } = await t.call(routes.getMyEhs, {}, token);
    expect(body).toMatchObject({ result: true, data: '[]' });
  });

  it("never answers another employee's issues, whatever the payload carries", async () => {
    const colleagueToken = await t.login('100004');
    const mine = await myIssues(employeeToken, { empNo: '100004', empId: 5 });
    const theirs = await myIssues(colleagueToken, { empNo: '100001', empId: 1 });
    expect(mine).toEqual(await expectedIssues('100001'));
    expect(theirs).toEqual(await expectedIssues('100004'));
    expect(mine).not.toEqual(theirs);
  });
});
