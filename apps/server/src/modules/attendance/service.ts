// Attendance punches of the caller's last days, one entry per calendar day whether or not a row exists.
import type { AttRecord } from '@ess/contract/attendance';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Caller } from '../../http/auth';
import { companyToday } from '../../lib/calendar';

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
  // The calendar drives the rows so a day without punches still shows (as 未打卡), read through the primary key.
  const { rows } = await db.execute<AttRecord>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as "attTime",
           to_char(a.start_time, 'HH24:MI') as "attStartTime",
           to_char(a.end_time, 'HH24:MI') as "attEndTime"
    from generate_series(${today}::date, ${today}::date - (${days}::int - 1), interval '-1 day') as d(day)
    left join attendance_days a on a.employee_id = ${caller.id} and a.att_date = d.day::date
    order by d.day desc`);
  return rows.map((row) => ({ attTime: row.attTime, attStartTime: row.attStartTime, attEndTime: row.attEndTime }));
};
