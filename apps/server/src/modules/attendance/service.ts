// Attendance punches of the caller's last days, one entry per calendar day whether or not a row exists.
import type { AttRecord } from '@ess/contract/attendance';
import type { Caller } from '../../core/caller';
import type { Db } from '../../db/client';
import { companyToday } from '../../lib/calendar';

// One range read through the primary key (a named statement: src/db/prepared.ts says why); the calendar
// is filled in here so a day without punches still shows (as 未打卡).
const RECENT_ATTENDANCE_SQL = `
  select to_char(att_date, 'YYYY-MM-DD') as "day",
         to_char(start_time, 'HH24:MI') as "start",
         to_char(end_time, 'HH24:MI') as "end"
  from attendance_days
  where employee_id = $1 and att_date between $2::date - ($3::int - 1) and $2::date`;

type PunchRow = { day: string; start: string | null; end: string | null };

/** `count` calendar days ending with `last` (YYYY-MM-DD), newest first. */
const daysBackFrom = (last: string, count: number): string[] => {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, back) => new Date(end - back * 86_400_000).toISOString().slice(0, 10));
};

export const getRecentAttendance = async ({
  db,
  caller,
  days,
  today = companyToday(),
}: {
  db: Db;
  caller: Caller;
  days: number;
  today?: string;
}): Promise<AttRecord[]> => {
  const { rows } = await db.$client.query<PunchRow>({
    name: 'recent_attendance',
    text: RECENT_ATTENDANCE_SQL,
    values: [caller.id, today, days],
  });
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysBackFrom(today, days).map((day) => {
    const punches = byDay.get(day);
    return { attTime: day, attStartTime: punches?.start ?? null, attEndTime: punches?.end ?? null };
  });
};
