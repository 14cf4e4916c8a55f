// AttDay/GetAttRecordByEmpNo: the caller's last days on the Shanghai calendar, one entry per day.
import { routes } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';

let t: TestContext;
let employeeToken: string;
let colleagueToken: string;
beforeAll(async () => {
  t = await createTestContext();
  employeeToken = await t.login('100001');
  colleagueToken = await t.login('100002');
});
afterAll(() => t.close());

/** What the table holds for the last `days` Shanghai days, shaped by hand from the raw rows. */
const expectedDays = async (empNo: string, days = 3) => {
  const { rows: calendar } = await t.database.pool.query<{ day: string }>(
    `select to_char((now() at time zone 'Asia/Shanghai')::date - d, 'YYYY-MM-DD') as day
     from generate_series(0, $1::int - 1) as d order by d`,
    [days],
  );
  const { rows } = await t.database.pool.query<{ day: string; start: string | null; end: string | null }>(
    `select to_char(a.att_date, 'YYYY-MM-DD') as day, a.start_time::text as start, a.end_time::text as end
     from attendance_days a join employees e on e.id = a.employee_id where e.emp_no = $1`,
    [empNo],
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return calendar.map(({ day }) => ({
    attTime: day,
    attStartTime: byDay.get(day)?.start?.slice(0, 5) ?? null,
    attEndTime: byDay.get(day)?.end?.slice(0, 5) ?? null,
  }));
};

describe('AttDay/GetAttRecordByEmpNo', () => {
  it("answers the caller's last 3 days, today first, times as HH:mm", async () => {
    const { status, body } = await t.call(routes.getAttRecordByEmpNo, { day: 3 }, employeeToken);
    expect(status).toBe(200);
    expect(body.result).toBe(true);
    const expected = await expectedDays('100001');
    expect(body.data).toEqual(expected);
    expect(expected.some((day) => day.attStartTime !== null)).toBe(true);
    for (const day of body.data) {
      expect(day.attTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (day.attStartTime) expect(day.attStartTime).toMatch(/^\d{2}:\d{2}$/);
    }
  });

  it('answers 3 days when no day is sent, and fewer when asked', async () => {
    const all = await t.call(routes.getAttRecordByEmpNo, {}, employeeToken);
    expect(all.body.data).toEqual(await expectedDays('100001'));
    const one = await t.call(routes.getAttRecordByEmpNo, { day: '1' }, employeeToken);
    expect(one.body.data).toEqual(await expectedDays('100001', 1));
  });

  it('keeps a day without a row, with both times null', async () => {
    const token = await t.login('100005');
    await t.database.pool.query(
      `delete from attendance_days where employee_id = (select id from employees where emp_no = '100005')
         and att_date = (now() at time zone 'Asia/Shanghai')::date - 1`,
    );
    const { body } = await t.call(routes.getAttRecordByEmpNo, { day: 3 }, token);
    expect(body.data).toHaveLength(3);
    expect(body.data[1]).toEqual({
      attTime: (await expectedDays('100005'))[1]?.attTime,
      attStartTime: null,
      attEndTime: null,
    });
    expect(body.data).toEqual(await expectedDays('100005'));
  });

  it('answers 3 empty days for an employee with no punches at all', async () => {
    const token = await t.login('100006');
    await t.database.pool.query(
      `delete from attendance_days where employee_id = (select id from employees where emp_no = '100006')`,
    );
    const { body } = await t.call(routes.getAttRecordByEmpNo, { day: 3 }, token);
    expect(body.result).toBe(true);
    expect(body.data).toHaveLength(3);
    expect(body.data.every((day) => day.attStartTime === null && day.attEndTime === null)).toBe(true);
    expect(body.data.map((day) => day.attTime)).toEqual((await expectedDays('100006')).map((day) => day.attTime));
  });

  it("answers the caller's own punches whatever empNo the payload carries", async () => {
    const mine = await t.call(routes.getAttRecordByEmpNo, { day: 3, empNo: '100002' }, employeeToken);
    const theirs = await t.call(routes.getAttRecordByEmpNo, { day: 3, empNo: '100001' }, colleagueToken);
    expect(mine.body.data).toEqual(await expectedDays('100001'));
    expect(theirs.body.data).toEqual(await expectedDays('100002'));
    expect(mine.body.data).not.toEqual(theirs.body.data);
  });

  it.each([
    [{ day: 'abc' }, '天数应为数字'],
    [{ day: 0 }, '天数至少为 1'],
    [{ day: 1.5 }, '天数应为整数'],
    [{ day: 4 }, '只能查询最近 3 天的考勤'],
    [{ day: 100000 }, '只能查询最近 3 天的考勤'],
  ])('refuses %j with a Chinese message', async (payload, message) => {
    const { status, body } = await t.call(routes.getAttRecordByEmpNo, payload, employeeToken);
    expect(status).toBe(200);
    expect(body).toEqual({ result: false, msg: message, data: null });
  });
});
