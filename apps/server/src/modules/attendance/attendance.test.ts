// AttDay/GetAttRecordByEmpNo: the caller's last days on the Shanghai calendar, one entry per day.
import { routes } from '@ess/contract';
import type { AttRecord } from '@ess/contract/attendance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeAttendanceDays, makeEmployee, shanghaiDay } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';

let t: TestContext;
let employee: { empNo: string; token: string };
let colleague: { empNo: string; token: string };
/** The employee's last 3 days as the call answers them, today first; a fourth, older day lies outside. */
let employeeDays: AttRecord[];
let colleagueDays: AttRecord[];

const day = (daysAgo: number, start: string | null, end: string | null): AttRecord => ({
  attTime: shanghaiDay(daysAgo),
  attStartTime: start,
  attEndTime: end,
});

/** A new employee with the given days punched, signed in. */
const signInEmployeeWith = async (days: AttRecord[]) => {
  const made = await makeEmployee(t.database);
  await makeAttendanceDays(
    t.database,
    made,
    days.map(({ attTime, attStartTime, attEndTime }) => ({ date: attTime, start: attStartTime, end: attEndTime })),
  );
  return { empNo: made.empNo, token: await t.login(made.empNo, FACTORY_PASSWORD_HASH) };
};

beforeAll(async () => {
  t = await createTestContext();
  // Today, yesterday without a punch out, the day before, and one day too old to be asked for.
  employeeDays = [day(0, '07:45', '17:52'), day(1, '07:58', null), day(2, '08:03', '18:20')];
  employee = await signInEmployeeWith([...employeeDays, day(3, '07:41', '17:35')]);
  colleagueDays = [day(0, '07:31', '16:45'), day(1, '07:35', '16:50'), day(2, null, '16:40')];
  colleague = await signInEmployeeWith(colleagueDays);
});
afterAll(() => t.close());

describe('AttDay/GetAttRecordByEmpNo', () => {
  it("answers the caller's last 3 days, today first, times as HH:mm", async () => {
    const { status, body } = await t.call(routes.getAttRecordByEmpNo, { day: 3 }, employee.token);
    expect(status).toBe(200);
    expect(body.result).toBe(true);
    expect(body.data).toEqual(employeeDays);
  });

  it('answers 3 days when no day is sent, and fewer when asked', async () => {
    const all = await t.call(routes.getAttRecordByEmpNo, {}, employee.token);
    expect(all.body.data).toEqual(employeeDays);
    const one = await t.call(routes.getAttRecordByEmpNo, { day: '1' }, employee.token);
    expect(one.body.data).toEqual(employeeDays.slice(0, 1));
  });

  it('keeps a day without a row, with both times null', async () => {
    const { token } = await signInEmployeeWith([day(0, '07:50', '17:40'), day(2, '07:55', '17:45')]);
    const { body } = await t.call(routes.getAttRecordByEmpNo, { day: 3 }, token);
    expect(body.data).toEqual([day(0, '07:50', '17:40'), day(1, null, null), day(2, '07:55', '17:45')]);
  });

  it('answers 3 empty days for an employee with no punches at all', async () => {
    const { token } = await signInEmployeeWith([]);
    const { body } = await t.call(routes.getAttRecordByEmpNo, { day: 3 }, token);
    expect(body.result).toBe(true);
    expect(body.data).toEqual([day(0, null, null), day(1, null, null), day(2, null, null)]);
  });

  it("answers the caller's own punches whatever empNo the payload carries", async () => {
    const mine = await t.call(routes.getAttRecordByEmpNo, { day: 3, empNo: colleague.empNo }, employee.token);
    const theirs = await t.call(routes.getAttRecordByEmpNo, { day: 3, empNo: employee.empNo }, colleague.token);
    expect(mine.body.data).toEqual(employeeDays);
    expect(theirs.body.data).toEqual(colleagueDays);
    expect(mine.body.data).not.toEqual(theirs.body.data);
  });

  it.each([
    [{ day: 'abc' }, '天数应为数字'],
    [{ day: 0 }, '天数至少为 1'],
    [{ day: 1.5 }, '天数应为整数'],
    [{ day: 4 }, '只能查询最近 3 天的考勤'],
    [{ day: 100000 }, '只能查询最近 3 天的考勤'],
  ])('refuses %j with a Chinese message', async (payload, message) => {
    const { status, body } = await t.call(routes.getAttRecordByEmpNo, payload, employee.token);
    expect(status).toBe(200);
    expect(body).toEqual({ result: false, msg: message, data: null });
  });
});
