// Times as the plants read them: every timestamp is stored in UTC and shown on Shanghai's clock.
import { sql } from 'drizzle-orm';

/** A timestamp column as 'YYYY-MM-DD HH24:MI' in Asia/Shanghai. */
export const shanghaiTime = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`;

/** A 'yyyy-MM-dd HH:mm' the console sent, read on Shanghai's clock, as a timestamp to store. */
export const shanghaiInput = (value: string) => sql`(${value}::timestamp at time zone 'Asia/Shanghai')`;

/** Tomorrow on Shanghai's calendar, as the instants it begins and ends: what a day-before reminder looks for. */
export const SHANGHAI_TOMORROW = {
  from: sql`(date_trunc('day', now() at time zone 'Asia/Shanghai') + interval '1 day') at time zone 'Asia/Shanghai'`,
  to: sql`(date_trunc('day', now() at time zone 'Asia/Shanghai') + interval '2 days') at time zone 'Asia/Shanghai'`,
};
