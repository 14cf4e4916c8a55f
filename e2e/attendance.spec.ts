// /attendance/my-att: the last 3 days of the seeded punches, with 已打卡 / 未打卡 per punch.
import { describe, expect, it } from 'vitest';
import { api, usePhone } from './harness';
import { openSignedIn, screenshot } from './screen-helpers';

type AttRecord = { attTime: string; attStartTime: string | null; attEndTime: string | null };
const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];

const phone = usePhone();

/** Each seeded day on screen with its times and the matching tags. */
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
  it('shows the last 3 days of 100001 with both punches', async () => {
    const login = await openSignedIn(phone, '100001', '/attendance/my-att');
    const { data } = await api<AttRecord[]>('AttDay/GetAttRecordByEmpNo', { day: 3 }, login.token);
    await phone.page.getByRole('heading', { name: '我的考勤' }).waitFor();
    await expectDays(data);
    await phone.page.getByText('今天').waitFor();
    await screenshot(phone.page, 'attendance');
  });

  it('tags a day without punches 未打卡 (colleague 100007 has none yesterday)', async () => {
    const login = await openSignedIn(phone, '100007', '/attendance/my-att');
    const { data } = await api<AttRecord[]>('AttDay/GetAttRecordByEmpNo', { day: 3 }, login.token);
    expect(data.some((record) => !record.attStartTime && !record.attEndTime)).toBe(true);
    await expectDays(data);
    await screenshot(phone.page, 'attendance-missing');
  });
});
