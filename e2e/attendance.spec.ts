// /attendance/my-att: an employee's punches of the last 3 days, with 已打卡 / 未打卡 per punch.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, usePhone } from './harness';
import { openSignedIn, screenshot } from './screen-helpers';
import { type MadeEmployee, makeAttendanceDays, makeEmployee, shanghaiDay, useTestData } from './test-data';

type AttRecord = { attTime: string; attStartTime: string | null; attEndTime: string | null };
const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];

const phone = usePhone();
const data = useTestData();

const day = (daysAgo: number, start: string | null, end: string | null): AttRecord => ({
  attTime: shanghaiDay(daysAgo),
  attStartTime: start,
  attEndTime: end,
});

/** Both punches on each of the last 3 days; a fourth, older day lies outside what the screen asks for. */
const PUNCHED_DAYS = [day(0, '07:45', '17:52'), day(1, '07:58', '18:05'), day(2, '08:03', '18:20')];
/** Yesterday without any punch (no row at all), the day before without the punch out. */
const MISSING_DAYS = [day(0, '07:31', '16:45'), day(1, null, null), day(2, '07:35', null)];

let punctual: MadeEmployee;
let forgetful: MadeEmployee;

const punchesOf = (days: AttRecord[]) =>
  days
    .filter((record) => record.attStartTime || record.attEndTime)
    .map(({ attTime, attStartTime, attEndTime }) => ({ date: attTime, start: attStartTime, end: attEndTime }));

beforeAll(async () => {
  punctual = await makeEmployee(data.database, { name: '考勤员工' });
  await makeAttendanceDays(data.database, punctual, [
    ...punchesOf(PUNCHED_DAYS),
    { date: shanghaiDay(3), start: '07:41', end: '17:35' },
  ]);
  forgetful = await makeEmployee(data.database, { name: '漏卡员工' });
  await makeAttendanceDays(data.database, forgetful, punchesOf(MISSING_DAYS));
});

/** Each day on screen with its times and the matching tags. */
const expectDays = async (records: AttRecord[]) => {
  expect(records).toHaveLength(3);
  for (const record of records) {
    const day = phone.page.getByRole('region', { name: `${record.attTime} ${weekdayOf(record.attTime)}` });
    await day.waitFor();
    const punches = [record.attStartTime, record.attEndTime];
    for (const time of punches) if (time) await day.getByText(time).waitFor();
    const punched = punches.filter(Boolean).length;
    expect(await day.getByText('已打卡').count()).toBe(punched);
    expect(await day.getByText('未打卡').count()).toBe(2 - punched);
  }
};

describe('attendance', () => {
  it('shows the last 3 days of an employee with both punches', async () => {
    const login = await openSignedIn(phone, punctual, '/attendance/my-att');
    const { data: records } = await api<AttRecord[]>('AttDay/GetAttRecordByEmpNo', { day: 3 }, login.token);
    expect(records).toEqual(PUNCHED_DAYS);
    await phone.page.getByRole('heading', { name: '我的考勤' }).waitFor();
    await expectDays(PUNCHED_DAYS);
    expect(await phone.page.getByText('未打卡').count()).toBe(0);
    await phone.page.getByText('今天').waitFor();
    await screenshot(phone.page, 'attendance');
  });

  it('tags a missing punch 未打卡: a day without any, and a day without the punch out', async () => {
    const login = await openSignedIn(phone, forgetful, '/attendance/my-att');
    const { data: records } = await api<AttRecord[]>('AttDay/GetAttRecordByEmpNo', { day: 3 }, login.token);
    expect(records).toEqual(MISSING_DAYS);
    await expectDays(MISSING_DAYS);
    expect(await phone.page.getByText('未打卡').count()).toBe(3);
    await screenshot(phone.page, 'attendance-missing');
  });
});
